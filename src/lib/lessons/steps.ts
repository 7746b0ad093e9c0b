/**
 * The shape of each lesson, without its words (./lessons.ts has those): its modes, how many
 * practice questions it ends with, which rules' trap its last question shows, and its steps' kinds
 * and names. Tiny and pure, so a lesson page runs its steps without every lesson's text.
 */
import type { LessonSkill } from './order';

/**
 * A lesson's modes, the states of its machine (./machine.ts): the worked example, the partly
 * worked question, a practice question, the feedback on a checked one, done.
 */
export const LESSON_MODES = ['worked', 'partial', 'practising', 'feedback', 'done'] as const;
/** One of a lesson's modes. */
export type LessonMode = (typeof LESSON_MODES)[number];

/** What a step of a lesson is. */
export type StepKind = 'worked' | 'partial' | 'practice';

/**
 * What a lesson's steps depend on: how many `practice` questions it ends with, and the rules'
 * `trap` its last practice question shows (P8, P4), if any.
 */
export interface LessonShape {
	practice: number;
	trap?: 'P8' | 'P4';
}

/** How many practice questions end each lesson (a wall game has only one outcome: two). */
const PRACTICE: Partial<Record<LessonSkill, number>> = { 'wall-game': 2 };

/** The trap of the rules each lesson's last practice question shows. */
const TRAPS: Partial<Record<LessonSkill, 'P8' | 'P4'>> = {
	jokerless: 'P8',
	'joker-exchange': 'P4'
};

/** The shape of the lesson of `skill`. */
export function lessonShape(skill: LessonSkill): LessonShape {
	const trap = TRAPS[skill];
	return { practice: PRACTICE[skill] ?? 3, ...(trap ? { trap } : {}) };
}

/** How many steps a lesson has: the worked example, the partly worked question, the practice. */
export function stepCount(lesson: LessonShape): number {
	return 2 + lesson.practice;
}

/** What step `step` (0-based) of a lesson is: 0 the worked example, 1 partly worked, then practice. */
export function stepKind(step: number): StepKind {
	return step === 0 ? 'worked' : step === 1 ? 'partial' : 'practice';
}

/** A step's name: "Worked example", "Partly worked question", "Practice question 2 of 3". */
export function stepName(lesson: LessonShape, step: number): string {
	const kind = stepKind(step);
	if (kind === 'worked') return 'Worked example';
	if (kind === 'partial') return 'Partly worked question';
	return `Practice question ${step - 1} of ${lesson.practice}`;
}

/** The step whose question shows the lesson's trap (its last practice question), or null. */
export function trapStep(lesson: LessonShape): number | null {
	return lesson.trap ? stepCount(lesson) - 1 : null;
}
