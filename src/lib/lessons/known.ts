/**
 * The lessons' questions a page already has, without the generator: the first question of each
 * step, drawn by the server with the page (`../../routes/learn/[skill]/open.ts`), and their worked
 * examples. Any other question (a fresh one after a wrong answer, a lesson taken again) comes from
 * the seeded generator (./questions.ts), which registers itself here once loaded: the machine and
 * a lesson read back from the device load it, so it is here before such a question is asked.
 */
import type { WorkedExample } from '$lib/progress/worked';
import type { Scenario } from '$lib/scenarios/types';
import type { LessonSkill } from './order';

type Draw = (skill: LessonSkill, step: number, tries: number) => Scenario;

const known = new Map<string, Scenario>();
const worked = new Map<string, WorkedExample>();
let draw: Draw | null = null;

const keyOf = (skill: LessonSkill, step: number, tries: number) => `${skill}:${step}:${tries}`;

/** Keeps `questions` (step by step, first tries) of the lesson of `skill` as drawn elsewhere. */
export function knowQuestions(skill: LessonSkill, questions: readonly Scenario[]): void {
	questions.forEach((scenario, step) => {
		if (!known.has(keyOf(skill, step, 0))) known.set(keyOf(skill, step, 0), scenario);
	});
}

/** Keeps the worked example of a question (by the question's id), as drawn elsewhere. */
export function knowWorked(example: WorkedExample): void {
	worked.set(example.scenario.id, example);
}

/** The worked example of `scenario` when it came with the page, else undefined. */
export function knownWorked(scenario: Scenario): WorkedExample | undefined {
	return worked.get(scenario.id);
}

/** Makes `lessonQuestion` the source of the questions the page did not bring (./questions.ts). */
export function useDrawer(drawer: Draw): void {
	draw = drawer;
}

/**
 * Step `step`, try `tries` of the lesson of `skill`: the question that came with the page, else
 * the generator's (the same one: both are `lessonQuestion`). Throws when neither is here.
 */
export function questionAt(skill: LessonSkill, step: number, tries: number): Scenario {
	const found = known.get(keyOf(skill, step, tries));
	if (found) return found;
	if (!draw) throw new Error(`Question ${keyOf(skill, step, tries)} is not drawn yet.`);
	return draw(skill, step, tries);
}

/** Whether `questionAt` can give that question now. */
export function hasQuestion(skill: LessonSkill, step: number, tries: number): boolean {
	return draw !== null || known.has(keyOf(skill, step, tries));
}
