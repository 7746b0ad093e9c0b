/**
 * Helpers for the lessons' tests: the right (or a wrong) answer to the question a lesson is on,
 * as typed text, and a lesson walked to some point by its machine, as it would be saved.
 */
import { createActor } from 'xstate';
import { amountOf, rightAmounts } from '$lib/payments';
import { settledOf } from '$lib/scenarios/settled';
import {
	currentQuestion,
	type LessonContext,
	type LessonEvent,
	type LessonMode,
	type LessonView
} from './flow';
import { askedFields } from './asked';
import { lessonMachine } from './machine';
import type { LessonSkill } from './order';
import { savedLesson, type SavedLesson } from './store';

/** The right amounts of the asked fields of the lesson's current question, as typed text. */
export function rightEntries(context: LessonContext): Record<string, string> {
	const key = rightAmounts(settledOf(currentQuestion(context)).settlement);
	return Object.fromEntries(askedFields(context).map((f) => [f.key, String(amountOf(key, f.key))]));
}

/** The right entries with the first asked amount one too many (a slip). */
export function wrongEntries(context: LessonContext): Record<string, string> {
	const right = rightEntries(context);
	const [first] = Object.keys(right);
	return { ...right, [first!]: String(Number(right[first!]) + 1) };
}

/**
 * Walks the lesson of `skill` from its start: `plan` is a list of moves, 'next' (`lesson.next`),
 * 'right' or 'wrong' (an answer submitted), 'retry' (`answer.retry`); returns where it ends, as a
 * view and as saved (stamped `savedAt`).
 */
export function lessonAt(
	skill: LessonSkill,
	plan: ('next' | 'right' | 'wrong' | 'retry')[],
	savedAt = '2025-03-01T10:00:00.000Z'
): { view: LessonView; saved: SavedLesson } {
	const actor = createActor(lessonMachine, { input: { skill } }).start();
	for (const move of plan) {
		const { context } = actor.getSnapshot();
		const event: LessonEvent =
			move === 'next'
				? { type: 'lesson.next' }
				: move === 'retry'
					? { type: 'answer.retry' }
					: {
							type: 'answer.submit',
							entries: move === 'right' ? rightEntries(context) : wrongEntries(context)
						};
		actor.send(event);
	}
	const snapshot = actor.getSnapshot();
	actor.stop();
	const view = { mode: snapshot.value as LessonMode, context: snapshot.context };
	return { view, saved: savedLesson(view, new Date(savedAt)) };
}
