/**
 * The skills of docs/skills.md: what a question exercises, and what a wrong answer counts
 * against. Pure: no I/O.
 */
import type { Outcome, RuleId } from './types';

/** The skills, in the order of skills.md's table (lists of skills keep this order). */
export const SKILLS = [
	'discard',
	'self-pick',
	'joker-exchange',
	'jokerless',
	'undeclared-jokerless',
	'singles-and-pairs',
	'dead-hand',
	'east',
	'wall-game',
	'misnamed-discard',
	'high-value'
] as const;

/** One skill id. */
export type Skill = (typeof SKILLS)[number];

/** The skills' labels, as skills.md names them. */
export const SKILL_LABELS: Record<Skill, string> = {
	discard: 'Called discard',
	'self-pick': 'Self-picked',
	'joker-exchange': 'Joker exchange',
	jokerless: 'Jokerless',
	'undeclared-jokerless': 'Undeclared jokerless',
	'singles-and-pairs': 'Singles and Pairs',
	'dead-hand': 'Dead hand',
	east: 'East winning or paying',
	'wall-game': 'Wall game',
	'misnamed-discard': 'Misnamed discard',
	'high-value': 'High-value hand'
};

/** The rules each skill practises (payments.md ids; `high-value` is the arithmetic, no rule). */
export const SKILL_RULES: Record<Skill, RuleId[]> = {
	discard: ['P2'],
	'self-pick': ['P3'],
	'joker-exchange': ['P4'],
	jokerless: ['P5'],
	'undeclared-jokerless': ['P6'],
	'singles-and-pairs': ['P7'],
	'dead-hand': ['P9'],
	east: ['P10'],
	'wall-game': ['P11'],
	'misnamed-discard': ['P12'],
	'high-value': []
};

/** True when `x` is a skill id. */
export function isSkill(x: unknown): x is Skill {
	return typeof x === 'string' && (SKILLS as readonly string[]).includes(x);
}

/** A win or misnamed discard of this value (points) or more exercises `high-value`. */
export const HIGH_VALUE = 55;

/**
 * The skills a question exercises (skills.md's first table), in `SKILLS` order. Expects a valid
 * outcome (raw or with its defaults filled in); never throws.
 */
export function skillsOf(outcome: Outcome): Skill[] {
	const tags = new Set<Skill>();
	if (outcome.kind === 'wall-game') {
		tags.add('wall-game');
	} else if (outcome.kind === 'misnamed-discard') {
		tags.add('misnamed-discard');
		if (outcome.caller === 'east' || outcome.misnamer === 'east') tags.add('east');
		if (outcome.value >= HIGH_VALUE) tags.add('high-value');
	} else {
		tags.add(outcome.method);
		const sp = outcome.singlesAndPairs === true;
		if (sp) tags.add('singles-and-pairs');
		if (outcome.jokers === 0 && !sp) {
			tags.add(outcome.declaredJokerless === false ? 'undeclared-jokerless' : 'jokerless');
		}
		if ((outcome.dead ?? []).length > 0) tags.add('dead-hand');
		if (outcome.winner === 'east' || outcome.discarder === 'east') tags.add('east');
		if (outcome.value >= HIGH_VALUE) tags.add('high-value');
	}
	return SKILLS.filter((s) => tags.has(s));
}

/**
 * The question's method skill (skills.md): `discard`, `self-pick` or `joker-exchange` for a win,
 * `wall-game` for a wall game, `misnamed-discard` for a misnamed discard.
 */
export function methodSkill(outcome: Outcome): Skill {
	return outcome.kind === 'win' ? outcome.method : outcome.kind;
}

/**
 * What a graded answer means for each skill (skills.md): a `miss` for every skill it counts
 * against (`skills`), whether or not the question exercised it (East paid double on South's
 * self-pick is a miss for `east`); a `success` for each other skill the question `exercised`; a
 * revealed answer misses every skill exercised. A right answer reached after a hint or on a
 * question tried again after its breakdown was shown (`leftOut`) gives nothing: it is left out of
 * the skills' windows. In `SKILLS` order.
 */
export function skillMarks(
	graded: {
		correct: boolean;
		skills: readonly Skill[];
		exercised: readonly Skill[];
		revealed: boolean;
	},
	leftOut: boolean
): { skill: Skill; mark: 'success' | 'miss' }[] {
	if (graded.correct && leftOut) return [];
	const touched = new Set<Skill>([...graded.exercised, ...graded.skills]);
	return SKILLS.filter((s) => touched.has(s)).map((skill) => ({
		skill,
		mark: graded.revealed || graded.skills.includes(skill) ? 'miss' : 'success'
	}));
}
