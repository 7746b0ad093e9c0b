/**
 * The quiz's data and what the practice views read from it, without the machine: the context,
 * the results, the round's first state and the summary. Pure functions, no XState, so a page can
 * show the first question while the machine (./machine.ts, with the diagnosis) is still loading.
 * Every amount is whole points (P13).
 */
import {
	isSettleFailure,
	settle,
	type AmountUnit,
	type Amounts,
	type MisconceptionId,
	type Settlement,
	type Skill
} from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import { answerFields, type AnswerKey, type ExpectedAmounts } from './fields';

/** What the learner chose for a round. `count` is the number of questions asked for. */
export interface QuizConfig {
	skills: Skill[];
	count: number;
	unit: AmountUnit;
	seed: string;
}

/** One answer field after grading: what was entered and the right amount, in points. */
export interface FieldResult {
	key: AnswerKey;
	label: string;
	/** The amount entered, or null when the answer was revealed instead. */
	entered: number | null;
	expected: number;
	correct: boolean;
}

/** A learner's answer in points: what each payer pays and the total received. */
export type Answer = Amounts;

/** A misconception an answer shows, with its catalog title and the rule that corrects it here. */
export interface Explanation {
	id: MisconceptionId;
	title: string;
	text: string;
}

/**
 * The record of one question: its scenario, each field graded, whether it was answered right,
 * whether the answer was revealed ("show answer", counts as missed), how many hints were used,
 * the parsed answer (null when revealed), the right amounts, the wrong fields, the misconception
 * ids the answer shows (shared/spec/misconceptions.md; none for a right, revealed or slipped
 * answer) with their explanations, and the engine's settlement (for the breakdown).
 */
export interface QuestionResult {
	scenario: Scenario;
	fields: FieldResult[];
	correct: boolean;
	revealed: boolean;
	hintsUsed: number;
	answer: Answer | null;
	expected: ExpectedAmounts;
	wrong: AnswerKey[];
	misconceptions: MisconceptionId[];
	explanations: Explanation[];
	settlement: Settlement;
}

/**
 * The quiz's data. `index` is the current question; `entries` the text typed per field key;
 * `errors` a message per field that could not be read; `hintsShown` how many breakdown steps of
 * the current question are visible; `results` one per question answered or revealed, in order;
 * `setupError` why the last `round.start` was refused.
 */
export interface QuizContext {
	config: QuizConfig | null;
	scenarios: Scenario[];
	index: number;
	entries: Record<string, string>;
	errors: Partial<Record<AnswerKey, string>>;
	hintsShown: number;
	results: QuestionResult[];
	setupError: string | null;
}

/** Everything the quiz understands. */
export type QuizEvent =
	| { type: 'round.start'; config: QuizConfig; scenarios: Scenario[] }
	| { type: 'entry.change'; key: string; text: string }
	| { type: 'answer.submit'; entries: Record<string, string> }
	| { type: 'hint.show' }
	| { type: 'answer.reveal' }
	| { type: 'question.next' }
	| { type: 'round.restart' }
	| { type: 'round.new' };

/** The settlement of a scenario the round accepted; throws for one the engine rejects. */
export function settlementOf(scenario: Scenario): Settlement {
	const result = settle(scenario.outcome);
	if (isSettleFailure(result)) throw new Error(result.error.message);
	return result;
}

/** The scenario being asked, or undefined before a round starts. */
export function currentScenario(context: QuizContext): Scenario | undefined {
	return context.scenarios[context.index];
}

/** "Question 3 of 10" for the current question; "" before a round starts. */
export function progressText(context: QuizContext): string {
	if (context.scenarios.length === 0) return '';
	return `Question ${context.index + 1} of ${context.scenarios.length}`;
}

/** The breakdown steps the learner has asked to see as hints for the current question. */
export function visibleHints(context: QuizContext): string[] {
	const scenario = currentScenario(context);
	if (!scenario) return [];
	return settlementOf(scenario).steps.slice(0, context.hintsShown);
}

/** The result of the question just answered or revealed (the one `feedback` shows). */
export function lastResult(context: QuizContext): QuestionResult | undefined {
	return context.results.at(-1);
}

/** Why a round cannot start with these scenarios, or null when it can. */
export function roundProblem(scenarios: Scenario[]): string | null {
	if (scenarios.length === 0) return 'This round has no questions: choose at least one skill.';
	const bad = scenarios.find((s) => isSettleFailure(settle(s.outcome)));
	return bad ? `Question ${bad.index + 1} describes an impossible hand.` : null;
}

/** A question as it is first asked: nothing typed, no message, no hint. */
export const freshQuestion = { entries: {}, errors: {}, hintsShown: 0 };

/** The context before any round. */
export const initialQuizContext: QuizContext = {
	config: null,
	scenarios: [],
	index: 0,
	...freshQuestion,
	results: [],
	setupError: null
};

/** Whether `key` names an answer field of the current question (see `answerFields`). */
export function isAnswerKey(context: QuizContext, key: string): key is AnswerKey {
	const scenario = currentScenario(context);
	return scenario !== undefined && answerFields(scenario.outcome).some((f) => f.key === key);
}

/**
 * The entries and messages after the learner types `text` in field `key`: that entry replaced
 * and its message cleared (`entry.change`, applied by the machine and, before the machine has
 * arrived, by the page's adapter).
 */
export function withEntry(
	context: QuizContext,
	key: AnswerKey,
	text: string
): Pick<QuizContext, 'entries' | 'errors'> {
	const errors = { ...context.errors };
	delete errors[key];
	return { entries: { ...context.entries, [key]: text }, errors };
}

/** Whether the current question has a breakdown step not yet shown as a hint. */
export function hasMoreHints(context: QuizContext): boolean {
	const scenario = currentScenario(context);
	return scenario !== undefined && context.hintsShown < settlementOf(scenario).steps.length;
}

/** The quiz's modes, the states of the machine: see `quizMachine` in ./machine.ts. */
export type QuizMode = 'setup' | 'asking' | 'feedback' | 'summary';

/** What a practice page shows: the machine's mode and its context. */
export interface QuizView {
	mode: QuizMode;
	context: QuizContext;
}

/**
 * Where `round.start` {config, scenarios} takes the quiz from `setup`: `asking` the first
 * question, or still `setup` with `setupError` when the round has no question or one does not
 * settle. The machine's own transition is built from this, so the two cannot drift apart.
 */
export function startedRound(config: QuizConfig, scenarios: Scenario[]): QuizView {
	const problem = roundProblem(scenarios);
	if (problem !== null)
		return { mode: 'setup', context: { ...initialQuizContext, setupError: problem } };
	return { mode: 'asking', context: { ...initialQuizContext, config, scenarios } };
}

/** How a learner did on one skill in a round. */
export interface SkillAccuracy {
	attempts: number;
	correct: number;
}

/** One question missed in a round, for the summary's review list. */
export interface Mistake {
	question: Scenario;
	/** The answer given, or null when it was revealed. */
	answer: Answer | null;
	expected: ExpectedAmounts;
	wrong: AnswerKey[];
	misconceptions: MisconceptionId[];
	explanations: Explanation[];
	revealed: boolean;
}

/** The end-of-round numbers. */
export interface QuizSummary {
	/** Questions answered right (with or without hints). */
	score: number;
	/** Questions in the round. */
	total: number;
	/** Questions answered or revealed so far. */
	answered: number;
	hintsUsed: number;
	accuracy: Partial<Record<Skill, SkillAccuracy>>;
	mistakes: Mistake[];
}

/**
 * Summarizes the round so far: the score out of the round's questions, accuracy per skill (each
 * question counts once for every skill it exercises) and the questions missed, in order.
 */
export function summarize(context: QuizContext): QuizSummary {
	const accuracy: Partial<Record<Skill, SkillAccuracy>> = {};
	for (const result of context.results) {
		for (const skill of result.scenario.skills) {
			const entry = (accuracy[skill] ??= { attempts: 0, correct: 0 });
			entry.attempts += 1;
			if (result.correct) entry.correct += 1;
		}
	}
	return {
		score: context.results.filter((r) => r.correct).length,
		total: context.scenarios.length,
		answered: context.results.length,
		hintsUsed: context.results.reduce((n, r) => n + r.hintsUsed, 0),
		accuracy,
		mistakes: context.results
			.filter((r) => !r.correct)
			.map((r) => ({
				question: r.scenario,
				answer: r.answer,
				expected: r.expected,
				wrong: r.wrong,
				misconceptions: r.misconceptions,
				explanations: r.explanations,
				revealed: r.revealed
			}))
	};
}
