/**
 * A saved lesson read back for its page (see ./store.ts): checked against the lesson's steps and
 * questions, so a damaged value, another version, or a result that is not the one of the question
 * asked never reaches the machine. Anything that does not read back counts as not started.
 */
import { isSkill } from '$lib/payments';
import { outcomeKey } from '$lib/scenarios';
import type { LessonContext } from './flow';
import { isLessonSkill, type LessonSkill } from './order';
import { lessonQuestion } from './questions';
import { LESSON_MODES, lessonShape, stepCount, stepKind, type LessonMode } from './steps';
import { SAVED_LESSON_VERSION, type SavedLesson } from './store';

const isObject = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

/** Whether the mode fits the step: the worked example is step 0, partly worked step 1, ... */
function modeFits(mode: LessonMode, step: number, last: number): boolean {
	if (mode === 'worked') return step === 0;
	if (mode === 'partial') return step === 1;
	if (mode === 'practising') return stepKind(step) === 'practice';
	if (mode === 'done') return step === last;
	return step > 0;
}

/** Whether a kept result is the one of the question at `context`'s step (nothing else is shown). */
function resultFits(context: LessonContext, result: unknown): boolean {
	if (!isObject(result) || result.step !== context.step || !isObject(result.graded)) return false;
	const scenario = result.scenario;
	const asked = lessonQuestion(context.skill, context.step, context.tries[context.step]!);
	return (
		isObject(scenario) &&
		scenario.id === asked.id &&
		isObject(scenario.outcome) &&
		outcomeKey(scenario.outcome as never) === outcomeKey(asked.outcome) &&
		typeof result.graded.correct === 'boolean' &&
		Array.isArray(result.graded.skills) &&
		result.graded.skills.every(isSkill) &&
		isObject(result.answer) &&
		Array.isArray(result.given)
	);
}

/**
 * A kept value read back as a saved lesson of `skill` (any lesson when left out), or null when it
 * is not one: another version, an unknown mode, a step outside the lesson, a mode that does not
 * fit its step, feedback without the result of its question. Never throws.
 */
export function readSavedLesson(x: unknown, skill?: LessonSkill): SavedLesson | null {
	try {
		if (!isObject(x) || x.version !== SAVED_LESSON_VERSION || !isLessonSkill(x.skill)) return null;
		if (skill && x.skill !== skill) return null;
		const mode = x.mode as LessonMode;
		const c = x.context;
		if (!LESSON_MODES.includes(mode) || !isObject(c) || c.skill !== x.skill) return null;
		const steps = stepCount(lessonShape(x.skill));
		if (!isCount(c.step) || c.step >= steps || !modeFits(mode, c.step, steps - 1)) return null;
		if (!Array.isArray(c.tries) || c.tries.length !== steps || !c.tries.every(isCount)) return null;
		if (!isObject(c.entries) || !Object.values(c.entries).every((v) => typeof v === 'string'))
			return null;
		if (!isObject(c.errors) || typeof c.completed !== 'boolean') return null;
		const context = c as unknown as LessonContext;
		if (mode === 'feedback' ? !resultFits(context, c.result) : c.result !== null) return null;
		if (typeof x.savedAt !== 'string') return null;
		return x as unknown as SavedLesson;
	} catch {
		return null;
	}
}
