/**
 * The quiz's data and what the practice views read from it, without the machine: the context,
 * the results, the round's first state and the summary. Pure functions, no XState, so a page can
 * show the first question while the machine (./machine.ts, with the diagnosis) is still loading.
 * Every amount is whole points (P13).
 */
import {
	answerFields,
	skillMarks,
	type Outcome,
	type AmountKey,
	type AmountUnit,
	type Answer,
	type Graded,
	type Settlement,
	type Skill
} from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';

/** What the learner chose for a round. `count` is the number of questions asked for. */
export interface QuizConfig {
	skills: Skill[];
	count: number;
	unit: AmountUnit;
	seed: string;
}

/**
 * The record of one question: its scenario, the `answer` given in points (null when it was
 * revealed instead: "show answer", a miss), how many hints were used, the one `graded` result
 * (graded once, at the check: docs/misconceptions.md and skills.md) and the engine's
 * settlement, its sentences in the round's unit (for the breakdown).
 */
export interface QuestionResult {
	scenario: Scenario;
	answer: Answer | null;
	hintsUsed: number;
	graded: Graded;
	settlement: Settlement;
}

/**
 * The quiz's data. `index` is the current question; `entries` the text typed per field key;
 * `errors` a message per field that could not be read; `hints` the breakdown steps of the current
 * question shown so far as hints (sentences in the round's unit, each naming its rule) and
 * `moreHints` whether another one is left; `results` one per question answered or revealed, in
 * order; `setupError` why the last `round.start` was refused. (The hints are put there by the
 * machine, which settles the question; this module never settles, so the first question shows
 * without the engine's settlement code.)
 */
export interface QuizContext {
	config: QuizConfig | null;
	scenarios: Scenario[];
	index: number;
	entries: Record<string, string>;
	errors: Partial<Record<AmountKey, string>>;
	hints: string[];
	moreHints: boolean;
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

/** The unit of the round (points before a round starts). */
export const unitOf = (context: QuizContext): AmountUnit => context.config?.unit ?? 'points';

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
	return context.hints;
}

/** The result of the question just answered or revealed (the one `feedback` shows). */
export function lastResult(context: QuizContext): QuestionResult | undefined {
	return context.results.at(-1);
}

/**
 * Tells a possible outcome from an impossible one. The machine passes the engine's validation
 * (`isPossibleOutcome` in ./machine.ts); the page's first view, shown before the machine has
 * loaded, trusts the generator (`() => true`), so it does not download the validation.
 */
export type OutcomeCheck = (outcome: Outcome) => boolean;

/** Why a round cannot start with these scenarios, or null when it can. */
export function roundProblem(scenarios: Scenario[], isPossible: OutcomeCheck): string | null {
	if (scenarios.length === 0) return 'This round has no questions: choose at least one skill.';
	const bad = scenarios.find((s) => !isPossible(s.outcome));
	return bad ? `Question ${bad.index + 1} describes an impossible hand.` : null;
}

/** A question as it is first asked: nothing typed, no message, no hint (every question has some). */
export const freshQuestion: Pick<QuizContext, 'entries' | 'errors' | 'hints' | 'moreHints'> = {
	entries: {},
	errors: {},
	hints: [],
	moreHints: true
};

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
export function isAnswerKey(context: QuizContext, key: string): key is AmountKey {
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
	key: AmountKey,
	text: string
): Pick<QuizContext, 'entries' | 'errors'> {
	const errors = { ...context.errors };
	delete errors[key];
	return { entries: { ...context.entries, [key]: text }, errors };
}

/** Whether the current question has a breakdown step not yet shown as a hint. */
export function hasMoreHints(context: QuizContext): boolean {
	return currentScenario(context) !== undefined && context.moreHints;
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
 * question, or still `setup` with `setupError` when the round has no question or `isPossible`
 * refuses one. The machine's own transition is built from this with the engine's check, so the
 * two cannot drift apart.
 */
export function startedRound(
	config: QuizConfig,
	scenarios: Scenario[],
	isPossible: OutcomeCheck
): QuizView {
	const problem = roundProblem(scenarios, isPossible);
	if (problem !== null)
		return { mode: 'setup', context: { ...initialQuizContext, setupError: problem } };
	return { mode: 'asking', context: { ...initialQuizContext, config, scenarios } };
}

/** How a learner did on one skill in a round: successes and misses (skills.md). */
export interface SkillAccuracy {
	attempts: number;
	correct: number;
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
	/** Per skill exercised or counted against: successes (`correct`) of successes and misses (`attempts`). */
	accuracy: Partial<Record<Skill, SkillAccuracy>>;
	/** The questions missed (wrong or revealed), in order. */
	mistakes: QuestionResult[];
}

/**
 * Summarizes the round so far: the score out of the round's questions, per skill the successes
 * and misses as skills.md counts them (a mistake counts against the skills it broke; a right
 * answer after a hint is left out) and the questions missed, in order.
 */
export function summarize(context: QuizContext): QuizSummary {
	const accuracy: Partial<Record<Skill, SkillAccuracy>> = {};
	for (const result of context.results) {
		for (const { skill, mark } of skillMarks(result.graded, result.hintsUsed > 0)) {
			const entry = (accuracy[skill] ??= { attempts: 0, correct: 0 });
			entry.attempts += 1;
			if (mark === 'success') entry.correct += 1;
		}
	}
	return {
		score: context.results.filter((r) => r.graded.correct).length,
		total: context.scenarios.length,
		answered: context.results.length,
		hintsUsed: context.results.reduce((n, r) => n + r.hintsUsed, 0),
		accuracy,
		mistakes: context.results.filter((r) => !r.graded.correct)
	};
}
