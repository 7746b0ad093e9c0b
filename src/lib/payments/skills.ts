/**
 * The skills of shared/spec/skills.md: what a question exercises, and what a wrong answer counts
 * against. Pure: no I/O.
 */
import type { MisconceptionId } from './misconceptions';
import { receiverOf } from './fields';
import type { AmountKey, Outcome, RuleId } from './types';

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
 * What an answer showing each misconception counts against (skills.md's second table).
 * `winner-total-not-sum` counts against the question's method skill: see `skillsAgainst`.
 */
export const MISCONCEPTION_SKILLS: Record<
	Exclude<MisconceptionId, 'winner-total-not-sum'>,
	Skill
> = {
	'jokerless-bonus-missed': 'jokerless',
	'double-is-ceiling': 'jokerless',
	'singles-and-pairs-bonus': 'singles-and-pairs',
	'singles-and-pairs-no-double': 'singles-and-pairs',
	'undeclared-bonus': 'undeclared-jokerless',
	'joker-exchange-not-self-pick': 'joker-exchange',
	'self-pick-not-doubled': 'self-pick',
	'discarder-not-doubled': 'discard',
	'everyone-pays-double-on-discard': 'discard',
	'discarder-pays-for-table': 'discard',
	'east-double': 'east',
	'dead-hand-excused': 'dead-hand',
	'misnamed-paid-as-discard': 'misnamed-discard',
	'misnamed-wrong-multiple': 'misnamed-discard',
	'wall-game-pays': 'wall-game'
};

/** The skill an answer showing misconception `id` counts against, on a question of `outcome`. */
export function misconceptionSkill(id: MisconceptionId, outcome: Outcome): Skill {
	return id === 'winner-total-not-sum' ? methodSkill(outcome) : MISCONCEPTION_SKILLS[id];
}

/** Skills that change every amount: a slip on a question exercising them counts against them. */
const EVERY_AMOUNT: readonly Skill[] = [
	'jokerless',
	'undeclared-jokerless',
	'singles-and-pairs',
	'high-value'
];

/** The parts of a diagnosis `skillsAgainst` reads. */
export interface DiagnosedAmounts {
	correct: boolean;
	wrong: readonly AmountKey[];
	missing: readonly AmountKey[];
	misconceptions: readonly MisconceptionId[];
}

/**
 * The skills a diagnosed answer counts against (skills.md, "What a wrong answer counts against"),
 * in `SKILLS` order. A right answer: none. An answer showing misconceptions: the union of their
 * skills. A wrong answer showing none (a slip; an amount left out counts as wrong): the method
 * skill; each of `jokerless`, `undeclared-jokerless`, `singles-and-pairs`, `high-value` the
 * question exercises; `dead-hand` when exercised and a dead seat's amount is wrong; `east` when
 * exercised and East's own amount is wrong (or the total, when East receives). Expects a valid
 * outcome and its diagnosis; never throws.
 */
export function skillsAgainst(outcome: Outcome, diagnosis: DiagnosedAmounts): Skill[] {
	if (diagnosis.correct) return [];
	const against = new Set<Skill>();
	if (diagnosis.misconceptions.length > 0) {
		for (const id of diagnosis.misconceptions) against.add(misconceptionSkill(id, outcome));
		return SKILLS.filter((s) => against.has(s));
	}
	const exercised = skillsOf(outcome);
	const wrong = new Set<AmountKey>(diagnosis.wrong);
	against.add(methodSkill(outcome));
	for (const s of EVERY_AMOUNT) if (exercised.includes(s)) against.add(s);
	if (exercised.includes('dead-hand') && outcome.kind === 'win') {
		if ((outcome.dead ?? []).some((seat) => wrong.has(seat))) against.add('dead-hand');
	}
	if (exercised.includes('east')) {
		const eastWrong = receiverOf(outcome) === 'east' ? wrong.has('total') : wrong.has('east');
		if (eastWrong) against.add('east');
	}
	return SKILLS.filter((s) => against.has(s));
}

/**
 * What a graded answer means for each skill the question exercised (skills.md): a `success` when
 * it does not count against the skill, a `miss` when it does (a revealed answer misses every
 * one), and nothing for a right answer reached after a hint (`hinted`): it is left out.
 */
export function skillMarks(
	graded: {
		correct: boolean;
		skills: readonly Skill[];
		exercised: readonly Skill[];
		revealed: boolean;
	},
	hinted: boolean
): { skill: Skill; mark: 'success' | 'miss' }[] {
	if (graded.correct && hinted) return [];
	return graded.exercised.map((skill) => ({
		skill,
		mark: graded.revealed || graded.skills.includes(skill) ? 'miss' : 'success'
	}));
}
