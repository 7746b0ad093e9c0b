/**
 * The questions of a lesson, seeded and deterministic: step `s`, try `t` of a lesson is the
 * `t`-th question that fits it among `generateScenario(`lesson-${skill}`, s + 8j, [skill])` for
 * j = 0, 1, 2, ... A question fits a lesson when it exercises the lesson's skill and no skill
 * that a later lesson teaches (`high-value`, the arithmetic, is always allowed), when it differs
 * from the earlier steps' first questions and from the try just before it (where the skill allows
 * more than one outcome: a wall game has one), and, on the step of the lesson's trap, when it
 * shows that trap (`scenario.trap.rule`). Also which amounts a partly worked question fills in.
 * Loading this module makes it the source of ./known.ts's questions (`useDrawer`).
 */
import { skillsOf, type Skill } from '$lib/payments';
import { generateScenario, outcomeKey } from '$lib/scenarios';
import type { Scenario } from '$lib/scenarios/types';
import { STRIDE } from './given';
import { useDrawer } from './known';
import { LESSON_SKILLS, type LessonSkill } from './order';
import { lessonShape, stepCount, trapStep, type LessonShape } from './steps';

export { STRIDE, givenKeys } from './given';

/** How far a step looks for a question that fits before giving up (never reached in practice). */
const MAX_SCAN = 5000;

/** The skills a lesson's questions may exercise: its own, the earlier lessons', and `high-value`. */
export function allowedSkills(skill: LessonSkill): Set<Skill> {
	return new Set<Skill>([
		...LESSON_SKILLS.slice(0, LESSON_SKILLS.indexOf(skill) + 1),
		'high-value'
	]);
}

/** The questions found so far for one step, and the next generator index to look at. */
interface Found {
	questions: Scenario[];
	next: number;
}
const found = new Map<string, Found>();

function fits(
	skill: LessonSkill,
	lesson: LessonShape,
	step: number,
	scenario: Scenario,
	before: readonly string[]
): boolean {
	const skills = skillsOf(scenario.outcome);
	const allowed = allowedSkills(skill);
	if (!skills.includes(skill) || !skills.every((s) => allowed.has(s))) return false;
	if (step === trapStep(lesson) && scenario.trap?.rule !== lesson.trap) return false;
	return skill === 'wall-game' || !before.includes(outcomeKey(scenario.outcome));
}

/**
 * The question of step `step` of the lesson of `skill` (0 the worked example, 1 the partly worked
 * question, then the practice questions), try `tries` (0 first; 1, 2, ... a fresh question after
 * a wrong answer, or when the lesson is taken again). Pure and deterministic (see the module's
 * comment); the same call returns the same object. Throws a RangeError for a step outside the
 * lesson or a try that is not a whole number >= 0.
 */
export function lessonQuestion(skill: LessonSkill, step: number, tries = 0): Scenario {
	const lesson = lessonShape(skill);
	if (!Number.isInteger(step) || step < 0 || step >= stepCount(lesson)) {
		throw new RangeError(`Lesson "${skill}" has no step ${step}.`);
	}
	if (!Number.isSafeInteger(tries) || tries < 0) throw new RangeError(`Bad try: ${tries}`);
	const key = `${skill}:${step}`;
	let state = found.get(key);
	if (!state) found.set(key, (state = { questions: [], next: 0 }));
	const earlier = Array.from({ length: step }, (_, s) =>
		outcomeKey(lessonQuestion(skill, s, 0).outcome)
	);
	while (state.questions.length <= tries) {
		if (state.next > MAX_SCAN) throw new Error(`No question fits step ${step} of "${skill}".`);
		const scenario = generateScenario(`lesson-${skill}`, step + STRIDE * state.next, [skill]);
		state.next += 1;
		const last = state.questions.at(-1);
		const before = last ? [...earlier, outcomeKey(last.outcome)] : earlier;
		if (fits(skill, lesson, step, scenario, before)) state.questions.push(scenario);
	}
	return state.questions[tries]!;
}

// The pages ask for questions through ./known.ts: once this module is loaded, it draws any of them.
useDrawer(lessonQuestion);
