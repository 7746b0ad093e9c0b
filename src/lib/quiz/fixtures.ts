/**
 * Hand-built practice questions for the quiz tests (no generator): each settles without error.
 * Right amounts, in points, are in the comments (docs/rules.md).
 */
import { gradeValid, skillsOf, type AmountUnit, type Answer, type Outcome } from '$lib/payments';
import { settledOf } from '$lib/scenarios/settled';
import type { Scenario } from '$lib/scenarios/types';
import type { QuestionResult } from './round';

/** A scenario around `outcome`, numbered `index` in the seed "test", with the skills it exercises. */
export function scenario(index: number, outcome: Outcome): Scenario {
	return {
		id: `test:${index}`,
		seed: 'test',
		index,
		outcome,
		skills: skillsOf(outcome),
		narrative: `Question ${index + 1}.`,
		groups: []
	};
}

/** East self-picks a 25-point hand with a joker (P3): South, West, North pay 50 each; East gets 150. */
export const selfPick = scenario(0, {
	kind: 'win',
	value: 25,
	winner: 'east',
	method: 'self-pick',
	jokers: 1
});

/**
 * West calls South's discard for a jokerless 30-point hand (P2, P5): South pays 120, East and
 * North 60 each; West gets 240.
 */
export const jokerlessDiscard = scenario(1, {
	kind: 'win',
	value: 30,
	winner: 'west',
	method: 'discard',
	discarder: 'south',
	jokers: 0
});

/** A wall game (P11): all four pay 0, total 0. */
export const wallGame = scenario(2, { kind: 'wall-game' });

/** West misnames a tile, North calls it for a 30-point hand (P12): West pays 120, North gets 120. */
export const misnamed = scenario(3, {
	kind: 'misnamed-discard',
	value: 30,
	caller: 'north',
	misnamer: 'west'
});

/**
 * A question as the quiz records it once answered (`answer` in points, or null: revealed),
 * graded by the real grading in `unit`.
 */
export function answered(
	question: Scenario,
	answer: Answer | null,
	unit: AmountUnit = 'points',
	hintsUsed = 0
): QuestionResult {
	const { outcome, settlement } = settledOf(question, unit);
	return {
		scenario: question,
		answer,
		hintsUsed,
		graded: gradeValid(outcome, settlement, answer, unit),
		settlement
	};
}
