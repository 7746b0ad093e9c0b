/**
 * The quiz flow (XState v5): a round of practice questions on mah jongg payments.
 *
 * States, named for the learner's mode: `setup` (choosing a round) -> `asking` (entering what each
 * seat pays) -> `feedback` (each amount right or wrong, with the right amount and the breakdown)
 * -> `asking` ... -> `summary` after the last question. The machine is pure: no invoked actors and
 * no delays, so `xstate/graph` can walk it. Every amount is whole points (P13); the unit only
 * changes how amounts are typed and shown. The data it keeps and the views' helpers are in
 * ./round.ts, which does not need XState.
 */
import { assertEvent, assign, createActor, setup, type Actor } from 'xstate';
import {
	answerFields,
	answerFrom,
	gradeValid,
	readAmounts,
	validateOutcome,
	type AmountKey,
	type Outcome
} from '$lib/payments';
import {
	currentScenario,
	freshQuestion,
	hasMoreHints,
	initialQuizContext,
	isAnswerKey,
	startedRound,
	unitOf,
	withEntry,
	type QuestionResult,
	type QuizContext,
	type QuizEvent,
	type QuizView
} from './round';
import { settledOf, settlementOf } from '$lib/scenarios/settled';

/** The machine's check of a round's outcomes: the engine's validation (payments.md's impossible outcomes). */
export const isPossibleOutcome = (outcome: Outcome): boolean => validateOutcome(outcome).ok;

/** Reads every field of the current question (`readAmounts`): the amounts, or a reason per field. */
function readEntries(context: QuizContext, entries: Record<string, string>) {
	const scenario = currentScenario(context);
	if (!scenario) return { amounts: {}, errors: {} };
	const read = readAmounts(answerFields(scenario.outcome), entries, unitOf(context));
	return { amounts: read.amounts, errors: read.ok ? {} : read.reasons };
}

/** Every breakdown step of the current question, in the round's unit: the hints it can show. */
const stepsOf = (context: QuizContext) =>
	settlementOf(context.scenarios[context.index]!, unitOf(context)).steps;

/** The entries of a submit: what was typed before, overwritten by what the event carries. */
const submitted = (context: QuizContext, entries: Record<string, string>) => ({
	...context.entries,
	...entries
});

/**
 * Grades the current question, once, from read amounts (or as revealed when `amounts` is null):
 * the one graded result that the feedback, the record and the summary then read.
 */
function grade(
	context: QuizContext,
	amounts: Partial<Record<AmountKey, number>> | null
): QuestionResult {
	const scenario = currentScenario(context);
	if (!scenario) throw new Error('No question is being asked.');
	const unit = unitOf(context);
	const { outcome, settlement } = settledOf(scenario, unit);
	const answer = amounts ? answerFrom(scenario.outcome, amounts) : null;
	return {
		scenario,
		answer,
		hintsUsed: context.hints.length,
		graded: gradeValid(outcome, settlement, answer, unit),
		settlement
	};
}

/**
 * The quiz flow. Events: `round.start` {config, scenarios} (refused, staying in `setup` with
 * `setupError`, when there is no question or one does not settle); in `asking`: `entry.change`
 * {key, text} (one field; clears its error), `answer.submit` {entries} (read with `readAmounts`
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
			return startedRound(event.config, event.scenarios, isPossibleOutcome).context;
		}),
		rejectRound: assign(({ event }) => {
			assertEvent(event, 'round.start');
			return startedRound(event.config, event.scenarios, isPossibleOutcome).context;
		}),
		changeEntry: assign(({ context, event }) => {
			assertEvent(event, 'entry.change');
			return withEntry(context, event.key as AmountKey, event.text);
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
			hints: stepsOf(context),
			moreHints: false,
			results: [...context.results, grade(context, null)]
		})),
		showHint: assign(({ context }) => {
			const steps = stepsOf(context);
			const shown = steps.slice(0, context.hints.length + 1);
			return { hints: shown, moreHints: shown.length < steps.length };
		}),
		nextQuestion: assign(({ context }) => ({ ...freshQuestion, index: context.index + 1 })),
		restartRound: assign(() => ({ ...freshQuestion, index: 0, results: [] })),
		clearRound: assign(() => initialQuizContext)
	},
	guards: {
		isPlayableRound: ({ event }) =>
			event.type === 'round.start' &&
			startedRound(event.config, event.scenarios, isPossibleOutcome).mode === 'asking',
		isAnswerField: ({ context, event }) =>
			event.type === 'entry.change' && isAnswerKey(context, event.key),
		entriesReadable: ({ context, event }) =>
			event.type === 'answer.submit' &&
			Object.keys(readEntries(context, submitted(context, event.entries)).errors).length === 0,
		hasMoreHints: ({ context }) => hasMoreHints(context),
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

/**
 * A new, not yet started actor of `quizMachine` (the page's adapter loads this module lazily): in
 * `setup`, or in the mode and context of `from` (a view the quiz was in, to resume a round).
 */
export function createQuizActor(from?: QuizView): Actor<typeof quizMachine> {
	if (!from) return createActor(quizMachine);
	const snapshot = quizMachine.resolveState({ value: from.mode, context: from.context });
	return createActor(quizMachine, { snapshot });
}
