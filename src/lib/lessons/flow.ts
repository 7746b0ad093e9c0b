/**
 * A lesson's data and what its views read from it, without the machine (./machine.ts), without
 * the grading (./check.ts) and without the generator (its questions come from ./known.ts): the context, the events, the checked result, the step the learner is
 * on. Pure functions, no XState, so the lesson page shows its first step while the machine is
 * still loading. Every amount is in whole points (P13): lessons use points.
 */
import type { AmountKey, Answer, Graded } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import { questionAt } from './known';
import type { LessonSkill } from './order';
import { lessonShape, stepCount, stepKind, stepName, type LessonMode } from './steps';

export { LESSON_MODES, type LessonMode } from './steps';

/**
 * One checked question of a lesson: its `step`, the `scenario`, the amounts the question gave
 * (`given`, on a partly worked question), the whole `answer` in points (given amounts and the
 * learner's) and the one `graded` result (graded once, at the check; the views only read it).
 */
export interface LessonResult {
	step: number;
	scenario: Scenario;
	given: AmountKey[];
	answer: Answer;
	graded: Graded;
}

/**
 * A lesson's data. `step` is where the learner is (0 the worked example, 1 the partly worked
 * question, 2... the practice questions); `tries` per step which of its questions is asked (it
 * grows with each fresh question after a wrong answer, and when the lesson is taken again);
 * `entries` the text typed per field and `errors` a message per field that could not be read;
 * `result` the question just checked (shown as feedback), else null; `completed` whether the
 * lesson was ever finished (it stays true when the learner goes through it again).
 */
export interface LessonContext {
	skill: LessonSkill;
	step: number;
	tries: number[];
	entries: Record<string, string>;
	errors: Partial<Record<AmountKey, string>>;
	result: LessonResult | null;
	completed: boolean;
}

/** Everything a lesson understands (see `lessonMachine`). */
export type LessonEvent =
	| { type: 'lesson.next' }
	| { type: 'entry.change'; key: string; text: string }
	| { type: 'answer.submit'; entries: Record<string, string> }
	| { type: 'answer.retry' }
	| { type: 'lesson.restart' };

/** What a lesson page shows: the machine's mode and its context. */
export interface LessonView {
	mode: LessonMode;
	context: LessonContext;
}

/** What the page says when the lesson's code could not be fetched (offline, say). */
export const LOAD_ERROR =
	'The lesson cannot go on yet: this device seems to be offline. What you typed is kept here. When you are back online, press Try again.';

/** What it says when the network answers but the code still did not load, nor a reload help. */
export const STUCK_ERROR =
	'The lesson cannot go on yet: this page could not fetch the rest of the lesson. What you typed is kept here. Reload the page to go on.';

/** A question as it is first asked: nothing typed, no message, nothing checked. */
export const freshQuestion = { entries: {}, errors: {}, result: null };

/** The context of a lesson not started: the worked example, first questions everywhere. */
export function initialLessonContext(skill: LessonSkill): LessonContext {
	return {
		skill,
		step: 0,
		tries: Array.from({ length: stepCount(lessonShape(skill)) }, () => 0),
		...freshQuestion,
		completed: false
	};
}

/** The question of the step the learner is on. */
export function currentQuestion(context: LessonContext): Scenario {
	return questionAt(context.skill, context.step, context.tries[context.step] ?? 0);
}

/** The entries and messages after typing `text` in field `key`: that entry, its message cleared. */
export function withEntry(context: LessonContext, key: AmountKey, text: string) {
	const errors = { ...context.errors };
	delete errors[key];
	return { entries: { ...context.entries, [key]: text }, errors };
}

/** Whether the learner may go on from a checked question: it is right, or it was partly worked. */
export function canMoveOn(result: LessonResult | null): boolean {
	return result !== null && (result.graded.correct || stepKind(result.step) === 'partial');
}

/** True on the lesson's last step. */
export function isLastStep(context: LessonContext): boolean {
	return context.step === stepCount(lessonShape(context.skill)) - 1;
}

/** "Step 2 of 5" for where the learner is; "Lesson done" once done. */
export function stepText(view: LessonView): string {
	if (view.mode === 'done') return 'Lesson done';
	return `Step ${view.context.step + 1} of ${stepCount(lessonShape(view.context.skill))}`;
}

/** The name of the step the learner is on ("Practice question 1 of 3"). */
export function currentStepName(context: LessonContext): string {
	return stepName(lessonShape(context.skill), context.step);
}
