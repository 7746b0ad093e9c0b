/**
 * What to drill from the learner's mistakes (docs/skills.md): the mistakes that count
 * against a skill or show a misconception, the round "Practise these" makes of them, and when a
 * skill missed again and again gets a worked example. (Spaced repetition is in ./spaced.ts.)
 */
import { MISCONCEPTION_SKILLS, SKILLS, type MisconceptionId, type Skill } from '$lib/payments';
import { skillHistory } from './mastery';
import { byTime, isRight, type AttemptRecord } from './types';

/** Misses in a row after which a skill first gets a worked example. */
export const WORKED_EXAMPLE_STREAK = 3;

/**
 * True when the learner missed `skill` on its last `WORKED_EXAMPLE_STREAK` successes and misses
 * or more in a row (skills.md: only answers that count against it): the next question of that
 * skill should be a worked example first.
 */
export function needsWorkedExample(attempts: readonly AttemptRecord[], skill: Skill): boolean {
	const marks = skillHistory(attempts).get(skill) ?? [];
	const lastSuccess = marks.findLastIndex((m) => m.mark === 'success');
	return marks.length - 1 - lastSuccess >= WORKED_EXAMPLE_STREAK;
}

/** Which mistakes to look at: those against a skill and/or showing a misconception (both optional). */
export interface MistakeFilter {
	skill?: Skill | null;
	misconception?: MisconceptionId | null;
}

/**
 * Attempts that count as mistakes (wrong or answer shown) matching `filter`, newest first: with a
 * skill, those that count against it (skills.md), with a misconception, those that show it.
 */
export function mistakes(attempts: readonly AttemptRecord[], filter: MistakeFilter = {}) {
	return byTime(attempts)
		.reverse()
		.filter(
			(a) =>
				!isRight(a) &&
				(!filter.skill || a.skills.includes(filter.skill)) &&
				(!filter.misconception || a.misconceptions.includes(filter.misconception))
		);
}

/** Keys by how often they occur, most first (ties in `order`). */
function byFrequency<T>(items: T[], order: readonly T[]): T[] {
	const n = new Map<T, number>();
	for (const x of items) n.set(x, (n.get(x) ?? 0) + 1);
	return [...n.keys()].sort((a, b) => n.get(b)! - n.get(a)! || order.indexOf(a) - order.indexOf(b));
}

/**
 * What a "Practise these" round drills, built from the mistakes matching `filter`: the `skills`
 * (the filter's skill; else the skill the filter's misconception counts against; else the skills
 * the mistakes count against, most frequent first); the `misconceptions` those mistakes show,
 * most frequent first (ties: the most recent first); and the `mistakes`, newest first.
 */
export function roundFromMistakes(attempts: readonly AttemptRecord[], filter: MistakeFilter = {}) {
	const list = mistakes(attempts, filter);
	let skills: Skill[];
	if (filter.skill) skills = [filter.skill];
	else if (filter.misconception && filter.misconception !== 'winner-total-not-sum') {
		skills = [MISCONCEPTION_SKILLS[filter.misconception]];
	} else
		skills = byFrequency(
			list.flatMap((a) => a.skills),
			SKILLS
		);
	const misconceptions = byFrequency(
		list.flatMap((a) => a.misconceptions),
		[...new Set(list.flatMap((a) => a.misconceptions))]
	);
	return { skills, misconceptions, mistakes: list };
}
