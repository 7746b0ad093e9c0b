/**
 * The Learn path as the learner stands on it: each lesson's state in words (not started, in
 * progress at step N of M, done) and which lesson to go on with. Reads saved lessons (./store.ts)
 * lightly, without their questions, so the path and the home page stay small. Pure but for
 * `readStatuses`, which reads a store.
 */
import { LESSONS, LESSON_MODES, lessonOf, stepCount, type Lesson } from './lessons';
import { isLessonSkill, type LessonSkill } from './order';
import { SAVED_LESSON_VERSION, type LessonStore } from './store';

/**
 * Where the learner stands in one lesson: `not-started` (nothing saved), `in-progress` at `step`
 * (1-based) of `steps`, or `done` (finished once; `again` is the step when going through it
 * again, else null). `savedAt` is when it was last saved (ISO 8601; "" when not started).
 */
export type LessonStatus =
	| { kind: 'not-started'; savedAt: '' }
	| { kind: 'in-progress'; step: number; steps: number; savedAt: string }
	| { kind: 'done'; again: { step: number; steps: number } | null; savedAt: string };

const NOT_STARTED: LessonStatus = { kind: 'not-started', savedAt: '' };

/** The status of a kept value for `skill` (see ./store.ts); anything unreadable is not started. */
export function statusOf(skill: LessonSkill, x: unknown): LessonStatus {
	if (typeof x !== 'object' || x === null) return NOT_STARTED;
	const saved = x as Record<string, unknown>;
	const context = saved.context as Record<string, unknown> | null | undefined;
	const steps = stepCount(lessonOf(skill));
	const step = context?.step;
	if (
		saved.version !== SAVED_LESSON_VERSION ||
		saved.skill !== skill ||
		!(LESSON_MODES as readonly unknown[]).includes(saved.mode) ||
		typeof step !== 'number' ||
		!Number.isInteger(step) ||
		step < 0 ||
		step >= steps
	) {
		return NOT_STARTED;
	}
	const savedAt = typeof saved.savedAt === 'string' ? saved.savedAt : '';
	const at = { step: step + 1, steps };
	if (saved.mode === 'done') return { kind: 'done', again: null, savedAt };
	if (context?.completed === true) return { kind: 'done', again: at, savedAt };
	return { kind: 'in-progress', ...at, savedAt };
}

/** Every lesson's status, from what `store` keeps. Rejects when the store cannot be read. */
export async function readStatuses(store: LessonStore): Promise<Record<LessonSkill, LessonStatus>> {
	const statuses = Object.fromEntries(LESSONS.map((l) => [l.skill, NOT_STARTED])) as Record<
		LessonSkill,
		LessonStatus
	>;
	for (const x of await store.all()) {
		const skill = (x as { skill?: unknown } | null)?.skill;
		if (isLessonSkill(skill)) statuses[skill] = statusOf(skill, x);
	}
	return statuses;
}

/** A status in words: "Not started", "In progress: step 2 of 5", "Done". */
export function statusText(status: LessonStatus): string {
	if (status.kind === 'not-started') return 'Not started';
	if (status.kind === 'in-progress') return `In progress: step ${status.step} of ${status.steps}`;
	return status.again ? `Done (going through it again: step ${status.again.step})` : 'Done';
}

/**
 * The lesson to go on with: the first one when nothing is started (`started` false: "Start
 * here"); else the lesson in progress saved last; else the first lesson not done. Null when every
 * lesson is done.
 */
export function suggestedLesson(
	statuses: Record<LessonSkill, LessonStatus>
): { lesson: Lesson; started: boolean } | null {
	const all = LESSONS.map((lesson) => ({ lesson, status: statuses[lesson.skill] }));
	if (all.every((l) => l.status.kind === 'not-started'))
		return { lesson: LESSONS[0]!, started: false };
	const going = all
		.filter((l) => l.status.kind === 'in-progress')
		.sort((a, b) => (a.status.savedAt < b.status.savedAt ? 1 : -1))[0];
	const next = going ?? all.find((l) => l.status.kind !== 'done');
	return next ? { lesson: next.lesson, started: true } : null;
}

/** How many lessons are done (finished at least once), of `LESSONS.length`. */
export function doneCount(statuses: Record<LessonSkill, LessonStatus>): number {
	return LESSONS.filter((l) => statuses[l.skill]?.kind === 'done').length;
}

/** The path's count in words: "7 of 10 lessons done". */
export function doneText(statuses: Record<LessonSkill, LessonStatus>): string {
	return `${doneCount(statuses)} of ${LESSONS.length} lessons done`;
}

/**
 * The lessons not done yet, in the path's order, leaving out `except` (the lesson just finished,
 * which may not be saved as done yet).
 */
export function lessonsNotDone(
	statuses: Record<LessonSkill, LessonStatus>,
	except?: LessonSkill
): Lesson[] {
	return LESSONS.filter((l) => l.skill !== except && statuses[l.skill]?.kind !== 'done');
}
