/**
 * Hand-made questions and attempts for the progress tests (not used by the app).
 */
import { skillsOf, type Answer, type Outcome } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import { makeAttempt } from './record';
import type { AttemptRecord } from './types';

/** A question with the given outcome and the skills it exercises (no rack picture). */
export function scenarioOf(outcome: Outcome, id = 'test:0'): Scenario {
	const [seed = 'test', index = '0'] = id.split(':');
	return {
		id,
		seed,
		index: Number(index),
		outcome,
		skills: skillsOf(outcome),
		narrative: `Story of ${id}.`,
		groups: []
	};
}

/** East wins on West's discard, value 25, jokerless: West pays 100, South and North 50, total 200. */
export const discardJokerless = scenarioOf(
	{ kind: 'win', value: 25, winner: 'east', method: 'discard', discarder: 'west', jokers: 0 },
	'd:0'
);
/** South self-picks, value 30, one joker: everyone pays 60, total 180. */
export const selfPick = scenarioOf(
	{ kind: 'win', value: 30, winner: 'south', method: 'self-pick', jokers: 1 },
	's:0'
);
/** A wall game: nobody pays. */
export const wallGame = scenarioOf({ kind: 'wall-game' }, 'w:0');

/** The right answer of `discardJokerless`. */
export const rightDiscard: Answer = { pays: { south: 50, west: 100, north: 50 }, total: 200 };
/** `discardJokerless` answered without the jokerless bonus (jokerless-bonus-missed). */
export const bonusMissed: Answer = { pays: { south: 25, west: 50, north: 25 }, total: 100 };
/** The right answer of `selfPick`. */
export const rightSelfPick: Answer = { pays: { east: 60, west: 60, north: 60 }, total: 180 };
/** `selfPick` answered without the self-pick double (self-pick-not-doubled). */
export const selfPickNotDoubled: Answer = { pays: { east: 30, west: 30, north: 30 }, total: 90 };

let clock = Date.UTC(2025, 2, 1, 12, 0, 0);

/** An attempt `minutes` after the previous one made with this helper (or at `at`). */
export function attempt(
	scenario: Scenario,
	answer: Answer | null,
	extra: { at?: Date; hintsUsed?: number; minutes?: number; roundId?: string } = {}
): AttemptRecord {
	clock += (extra.minutes ?? 1) * 60_000;
	return makeAttempt({
		scenario,
		answer,
		unit: 'points',
		roundId: extra.roundId ?? 'round-1',
		hintsUsed: extra.hintsUsed ?? 0,
		at: extra.at ?? new Date(clock)
	});
}

/** South self-picks a 50-point Singles and Pairs hand: everyone pays 100, total 300 (P3, P7). */
export const singlesAndPairs = scenarioOf(
	{
		kind: 'win',
		value: 50,
		winner: 'south',
		method: 'self-pick',
		jokers: 0,
		singlesAndPairs: true
	},
	'sp:0'
);
/** The right answer of `singlesAndPairs`. */
export const rightSinglesAndPairs: Answer = {
	pays: { east: 100, west: 100, north: 100 },
	total: 300
};
/** `singlesAndPairs` given the jokerless bonus (singles-and-pairs-bonus). */
export const singlesAndPairsBonus: Answer = {
	pays: { east: 200, west: 200, north: 200 },
	total: 600
};
