/**
 * A lesson's flow (XState v5), states named for the learner's mode: `worked` (a solved question
 * walked through) -> `partial` (a partly worked question: some amounts filled in and explained,
 * the learner enters the rest) -> `feedback` -> `practising` (a practice question) -> `feedback`
 * -> ... -> `done` once the last practice question is right. A wrong practice question is tried
 * again on a fresh question; a partly worked one may be tried again or left. The machine is pure
 * (no invoked actors, no delays, no clock), so `xstate/graph` can walk it; the data helpers are
 * in ./flow.ts, the grading in ./check.ts.
 */
import { and, assertEvent, assign, createActor, setup, type Actor } from 'xstate';
import type { AmountKey } from '$lib/payments';
import { checkedResult, readEntries } from './check';
import {
	canMoveOn,
	freshQuestion,
	initialLessonContext,
	isLastStep,
	withEntry,
	type LessonContext,
	type LessonEvent,
	type LessonView
} from './flow';
import { isAskedKey } from './asked';
import type { LessonSkill } from './order';
// Questions after the first ones (a fresh question, a lesson taken again) come from the generator.
import './questions';
import { stepKind } from './steps';

/** The entries of a submit: what was typed before, overwritten by what the event carries. */
const submitted = (context: LessonContext, entries: Record<string, string>) => ({
	...context.entries,
	...entries
});

/** `tries` with one more at `step`: that step asks its next question. */
const bumped = (tries: readonly number[], step: number) =>
	tries.map((t, i) => (i === step ? t + 1 : t));

/**
 * The lesson flow. Input: `{ skill }`. Events: in `worked`, `lesson.next` (to the partly worked
 * question); in `partial` and `practising`, `entry.change` {key, text} (one asked field; clears
 * its message) and `answer.submit` {entries} (read with `parseAmount` in points; an unreadable
 * field keeps the learner there with every entry and a message per bad field; else the answer is
 * graded once, to `feedback`); in `feedback`, `answer.retry` (after a wrong answer: a fresh
 * question of the same step) and `lesson.next` (after a right answer, or after a partly worked
 * one: the next practice question, or `done` after the last); in `done`, `lesson.restart` (the
 * lesson again, on fresh questions; it stays completed).
 */
export const lessonMachine = setup({
	types: {} as {
		context: LessonContext;
		events: LessonEvent;
		input: { skill: LessonSkill };
	},
	actions: {
		askPartial: assign(() => ({ ...freshQuestion, step: 1 })),
		changeEntry: assign(({ context, event }) => {
			assertEvent(event, 'entry.change');
			return withEntry(context, event.key as AmountKey, event.text);
		}),
		rejectEntries: assign(({ context, event }) => {
			assertEvent(event, 'answer.submit');
			const entries = submitted(context, event.entries);
			return { entries, errors: readEntries(context, entries).errors };
		}),
		checkAnswer: assign(({ context, event }) => {
			assertEvent(event, 'answer.submit');
			const entries = submitted(context, event.entries);
			const { amounts } = readEntries(context, entries);
			return { entries, errors: {}, result: checkedResult(context, amounts) };
		}),
		askAgain: assign(({ context }) => ({
			...freshQuestion,
			tries: bumped(context.tries, context.step)
		})),
		askNext: assign(({ context }) => ({ ...freshQuestion, step: context.step + 1 })),
		finish: assign(() => ({ ...freshQuestion, completed: true })),
		restart: assign(({ context }) => ({
			...freshQuestion,
			step: 0,
			tries: context.tries.map((t) => t + 1)
		}))
	},
	guards: {
		isAskedField: ({ context, event }) =>
			event.type === 'entry.change' && isAskedKey(context, event.key),
		entriesReadable: ({ context, event }) =>
			event.type === 'answer.submit' &&
			Object.keys(readEntries(context, submitted(context, event.entries)).errors).length === 0,
		wasWrong: ({ context }) => context.result !== null && !context.result.graded.correct,
		wasPartial: ({ context }) => stepKind(context.step) === 'partial',
		mayMoveOn: ({ context }) => canMoveOn(context.result),
		isLastStep: ({ context }) => isLastStep(context)
	}
}).createMachine({
	id: 'lesson',
	context: ({ input }) => initialLessonContext(input.skill),
	initial: 'worked',
	states: {
		worked: {
			on: { 'lesson.next': { target: 'partial', actions: 'askPartial' } }
		},
		partial: {
			on: {
				'entry.change': { guard: 'isAskedField', actions: 'changeEntry' },
				'answer.submit': [
					{ guard: 'entriesReadable', target: 'feedback', actions: 'checkAnswer' },
					{ actions: 'rejectEntries' }
				]
			}
		},
		practising: {
			on: {
				'entry.change': { guard: 'isAskedField', actions: 'changeEntry' },
				'answer.submit': [
					{ guard: 'entriesReadable', target: 'feedback', actions: 'checkAnswer' },
					{ actions: 'rejectEntries' }
				]
			}
		},
		feedback: {
			on: {
				'answer.retry': [
					{ guard: and(['wasWrong', 'wasPartial']), target: 'partial', actions: 'askAgain' },
					{ guard: 'wasWrong', target: 'practising', actions: 'askAgain' }
				],
				'lesson.next': [
					{ guard: and(['mayMoveOn', 'isLastStep']), target: 'done', actions: 'finish' },
					{ guard: 'mayMoveOn', target: 'practising', actions: 'askNext' }
				]
			}
		},
		done: {
			on: { 'lesson.restart': { target: 'worked', actions: 'restart' } }
		}
	}
});

/**
 * A new, not yet started actor of `lessonMachine` for the lesson of `skill`: at its start, or in
 * the mode and context of `from` (where the learner was, read back from the device).
 */
export function createLessonActor(
	skill: LessonSkill,
	from?: LessonView
): Actor<typeof lessonMachine> {
	if (!from) return createActor(lessonMachine, { input: { skill } });
	const snapshot = lessonMachine.resolveState({ value: from.mode, context: from.context });
	return createActor(lessonMachine, { input: { skill }, snapshot });
}
