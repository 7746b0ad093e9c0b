/**
 * The quiz flow (XState v5): a round of practice questions on mah jongg payments.
 *
 * States, named for the learner's mode: `setup` (choosing a round) -> `asking` (entering what each
 * seat pays) -> `feedback` (each amount right or wrong, with the right amount and the breakdown)
 * -> `asking` ... -> `summary` after the last question. The machine is pure: no invoked actors and
 * no delays, so `xstate/graph` can walk it. Every amount is whole points (P13); the unit only
 * changes how amounts are typed and shown.
 */
import { assertEvent, assign, setup } from 'xstate';
import {
	diagnoseExplained,
	isSettleFailure,
	parseAmount,
	settle,
	type AmountUnit,
	type Amounts,
	type MisconceptionId,
	type Settlement
} from '$lib/payments';
import type { Scenario, Skill } from '$lib/scenarios/types';
import { answerFields, expectedAmounts, type AnswerKey, type ExpectedAmounts } from './fields';

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

const unitOf = (context: QuizContext): AmountUnit => context.config?.unit ?? 'points';

/** Reads every field of the current question: the amounts, or a message per unreadable field. */
function readEntries(context: QuizContext, entries: Record<string, string>) {
	const scenario = currentScenario(context);
	const amounts: Partial<Record<AnswerKey, number>> = {};
	const errors: Partial<Record<AnswerKey, string>> = {};
	if (!scenario) return { amounts, errors };
	for (const field of answerFields(scenario.outcome)) {
		const parsed = parseAmount(entries[field.key] ?? '', unitOf(context));
		if (parsed.ok) amounts[field.key] = parsed.points;
		else errors[field.key] = parsed.message;
	}
	return { amounts, errors };
}

/** The entries of a submit: what was typed before, overwritten by what the event carries. */
const submitted = (context: QuizContext, entries: Record<string, string>) => ({
	...context.entries,
	...entries
});

/** Grades the current question from read amounts, or as revealed when `amounts` is null. */
function grade(
	context: QuizContext,
	amounts: Partial<Record<AnswerKey, number>> | null
): QuestionResult {
	const scenario = currentScenario(context);
	if (!scenario) throw new Error('No question is being asked.');
	const settlement = settlementOf(scenario);
	const expected = expectedAmounts(settlement, scenario.outcome);
	const fields = answerFields(scenario.outcome);
	const keys = fields.map((f) => f.key);
	let answer: Answer | null = null;
	let diagnosis: Pick<QuestionResult, 'correct' | 'wrong' | 'misconceptions' | 'explanations'> = {
		correct: false,
		wrong: keys,
		misconceptions: [],
		explanations: []
	};
	if (amounts) {
		const pays: Answer['pays'] = {};
		for (const key of keys) if (key !== 'total') pays[key] = amounts[key];
		answer = { pays, total: amounts.total ?? 0 };
		const diagnosed = diagnoseExplained(scenario.outcome, answer);
		if ('error' in diagnosed) throw new Error(diagnosed.error.message);
		diagnosis = diagnosed;
	}
	return {
		scenario,
		fields: fields.map((f) => ({
			...f,
			entered: amounts?.[f.key] ?? null,
			expected: expected[f.key] ?? 0,
			correct: amounts !== null && !diagnosis.wrong.includes(f.key)
		})),
		correct: diagnosis.correct,
		revealed: amounts === null,
		hintsUsed: context.hintsShown,
		answer,
		expected,
		wrong: diagnosis.wrong,
		misconceptions: diagnosis.misconceptions,
		explanations: diagnosis.explanations,
		settlement
	};
}

/** Why a round cannot start with these scenarios, or null when it can. */
function roundProblem(scenarios: Scenario[]): string | null {
	if (scenarios.length === 0) return 'This round has no questions: choose at least one skill.';
	const bad = scenarios.find((s) => isSettleFailure(settle(s.outcome)));
	return bad ? `Question ${bad.index + 1} describes an impossible hand.` : null;
}

const freshQuestion = { entries: {}, errors: {}, hintsShown: 0 };

/** The context before any round. */
export const initialQuizContext: QuizContext = {
	config: null,
	scenarios: [],
	index: 0,
	...freshQuestion,
	results: [],
	setupError: null
};

/**
 * The quiz flow. Events: `round.start` {config, scenarios} (refused, staying in `setup` with
 * `setupError`, when there is no question or one does not settle); in `asking`: `entry.change`
 * {key, text} (one field; clears its error), `answer.submit` {entries} (read with `parseAmount`
 * in the round's unit; any unreadable field keeps the learner in `asking` with every entry and a
 * message per bad field), `hint.show` (one more breakdown step; the question is still scored,
 * with `hintsUsed` recorded), `answer.reveal` (shows the answer, records a miss); in `feedback`:
 * `question.next` (next question, or `summary` after the last); in `summary`: `round.restart`
 * (the same questions again); from any round state: `round.new` (back to `setup`).
 */
export const quizMachine = setup({
	types: {} as { context: QuizContext; events: QuizEvent },
	actions: {
		startRound: assign(({ event }) => {
			assertEvent(event, 'round.start');
			return {
				...initialQuizContext,
				config: event.config,
				scenarios: event.scenarios
			};
		}),
		rejectRound: assign(({ event }) => {
			assertEvent(event, 'round.start');
			return { setupError: roundProblem(event.scenarios) };
		}),
		changeEntry: assign(({ context, event }) => {
			assertEvent(event, 'entry.change');
			const errors = { ...context.errors };
			delete errors[event.key as AnswerKey];
			return { entries: { ...context.entries, [event.key]: event.text }, errors };
		}),
		rejectEntries: assign(({ context, event }) => {
			assertEvent(event, 'answer.submit');
			const entries = submitted(context, event.entries);
			return { entries, errors: readEntries(context, entries).errors };
		}),
		recordAnswer: assign(({ context, event }) => {
			assertEvent(event, 'answer.submit');
			const entries = submitted(context, event.entries);
			const { amounts } = readEntries(context, entries);
			return { entries, errors: {}, results: [...context.results, grade(context, amounts)] };
		}),
		recordReveal: assign(({ context }) => ({
			errors: {},
			hintsShown: settlementOf(context.scenarios[context.index]!).steps.length,
			results: [...context.results, grade(context, null)]
		})),
		showHint: assign(({ context }) => ({ hintsShown: context.hintsShown + 1 })),
		nextQuestion: assign(({ context }) => ({ ...freshQuestion, index: context.index + 1 })),
		restartRound: assign(() => ({ ...freshQuestion, index: 0, results: [] })),
		clearRound: assign(() => initialQuizContext)
	},
	guards: {
		isPlayableRound: ({ event }) =>
			event.type === 'round.start' && roundProblem(event.scenarios) === null,
		isAnswerField: ({ context, event }) => {
			const scenario = currentScenario(context);
			return (
				event.type === 'entry.change' &&
				scenario !== undefined &&
				answerFields(scenario.outcome).some((f) => f.key === event.key)
			);
		},
		entriesReadable: ({ context, event }) =>
			event.type === 'answer.submit' &&
			Object.keys(readEntries(context, submitted(context, event.entries)).errors).length === 0,
		hasMoreHints: ({ context }) => {
			const scenario = currentScenario(context);
			return scenario !== undefined && context.hintsShown < settlementOf(scenario).steps.length;
		},
		hasNextQuestion: ({ context }) => context.index + 1 < context.scenarios.length
	}
}).createMachine({
	id: 'quiz',
	context: initialQuizContext,
	initial: 'setup',
	states: {
		setup: {
			on: {
				'round.start': [
					{ guard: 'isPlayableRound', target: 'asking', actions: 'startRound' },
					{ actions: 'rejectRound' }
				]
			}
		},
		asking: {
			on: {
				'entry.change': { guard: 'isAnswerField', actions: 'changeEntry' },
				'answer.submit': [
					{ guard: 'entriesReadable', target: 'feedback', actions: 'recordAnswer' },
					{ actions: 'rejectEntries' }
				],
				'hint.show': { guard: 'hasMoreHints', actions: 'showHint' },
				'answer.reveal': { target: 'feedback', actions: 'recordReveal' },
				'round.new': { target: 'setup', actions: 'clearRound' }
			}
		},
		feedback: {
			on: {
				'question.next': [
					{ guard: 'hasNextQuestion', target: 'asking', actions: 'nextQuestion' },
					{ target: 'summary' }
				],
				'round.new': { target: 'setup', actions: 'clearRound' }
			}
		},
		summary: {
			on: {
				'round.restart': { target: 'asking', actions: 'restartRound' },
				'round.new': { target: 'setup', actions: 'clearRound' }
			}
		}
	}
});

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
