/**
 * The Learn path's order: one lesson per skill (docs/skills.md), the simplest first, and
 * where each lesson lives. Tiny and pure (types only), so the service worker can list the lesson
 * pages without the lessons' questions.
 */
import type { Skill } from '$lib/payments';

/**
 * The skills that have a lesson, in the path's order: called discard, self-pick, jokerless,
 * joker exchange, Singles and Pairs, dead hands, East, wall game, misnamed discard, undeclared
 * jokerless. (`high-value` is the arithmetic, not a rule: it has no lesson.)
 */
export const LESSON_SKILLS = [
	'discard',
	'self-pick',
	'jokerless',
	'joker-exchange',
	'singles-and-pairs',
	'dead-hand',
	'east',
	'wall-game',
	'misnamed-discard',
	'undeclared-jokerless'
] as const satisfies readonly Skill[];

/** A skill that has a lesson. */
export type LessonSkill = (typeof LESSON_SKILLS)[number];

/** True when `x` is the id of a lesson (a skill of `LESSON_SKILLS`). */
export function isLessonSkill(x: unknown): x is LessonSkill {
	return typeof x === 'string' && (LESSON_SKILLS as readonly string[]).includes(x);
}

/** Where a lesson lives: "/learn/jokerless". */
export function lessonHref(skill: LessonSkill): string {
	return `/learn/${skill}`;
}
