/**
 * URLs of the rounds this module suggests. The practice page reads `seed`, `skills` (comma
 * separated), `n` (questions) and `unit`; `mode=weak` marks a weak-spots round and `worked=<skill>`
 * asks for a worked example of that skill before its first question.
 */
import { isMisconceptionId, type MisconceptionId, SKILLS, type Skill } from '$lib/payments';
import { roundFromMistakes, type MistakeFilter } from './schedule';
import { byTime, type AttemptRecord } from './types';

/** A fresh random seed: 8 characters of base 36. */
export function newSeed(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(8));
	return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** The unit of the learner's latest attempt (points with none). */
export const unitOf = (attempts: readonly AttemptRecord[]) =>
	byTime(attempts).at(-1)?.unit ?? 'points';

/** Sets `skills` (comma separated) when there are any. */
export function withSkills(params: URLSearchParams, skills: readonly Skill[]) {
	if (skills.length > 0) params.set('skills', skills.join(','));
}

/** A search string for `href`, with commas left readable: "seed=ab12&skills=discard,east". */
export function searchText(params: URLSearchParams): string {
	return params.toString().replaceAll('%2C', ',');
}

/**
 * The parameters of a "Practise these" round from the mistakes matching `filter`: a new `seed`,
 * the skills of `roundFromMistakes`, `n` = the number of those mistakes kept between 5 and 10, and
 * the `unit` of the latest attempt.
 */
export function mistakesRoundParams(
	attempts: readonly AttemptRecord[],
	filter: MistakeFilter = {},
	seed = newSeed()
): URLSearchParams {
	const round = roundFromMistakes(attempts, filter);
	const params = new URLSearchParams({ seed });
	withSkills(params, round.skills);
	params.set('n', String(Math.min(10, Math.max(5, round.mistakes.length))));
	params.set('unit', unitOf(attempts));
	return params;
}

/** The /review filters read from its URL (`?skill=...&misconception=...`); unknown values are ignored. */
export function readMistakeFilter(params: URLSearchParams): {
	skill: Skill | null;
	misconception: MisconceptionId | null;
} {
	const skill = params.get('skill');
	const m = params.get('misconception');
	return {
		skill: (SKILLS as readonly string[]).includes(skill ?? '') ? (skill as Skill) : null,
		misconception: isMisconceptionId(m) ? m : null
	};
}

/**
 * The query of the /review URL showing the mistakes that match `filter`, without "?":
 * "skill=dead-hand&misconception=dead-hand-excused", or "" for no filter.
 */
export function reviewQuery(filter: MistakeFilter = {}): string {
	const params = new URLSearchParams();
	if (filter.skill) params.set('skill', filter.skill);
	if (filter.misconception) params.set('misconception', filter.misconception);
	return params.toString();
}
