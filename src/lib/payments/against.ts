/**
 * What a wrong answer counts against (docs/skills.md, "What a wrong answer counts
 * against"): the misconception table and the rules for a slip. Pure.
 */
import { receiverOf } from './fields';
import type { MisconceptionId } from './misconception-titles';
import { methodSkill, skillsOf, SKILLS, type Skill } from './skills';
import type { AmountKey, Outcome } from './types';

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
