import { describe, expect, it } from 'vitest';
import { makeAttempt } from '$lib/progress';
import {
	attempt,
	bonusMissed,
	discardJokerless,
	selfPick,
	selfPickNotDoubled,
	wallGame
} from '$lib/progress/test-fixtures';
import { countsAgainst, keyAmount, mistakeTitle } from './glance';

describe('a mistake at a glance', () => {
	it('names its misconception, its first wrong amount and what it counts against', () => {
		const a = attempt(selfPick, selfPickNotDoubled);
		expect(mistakeTitle(a)).toBe('Self-pick not doubled');
		expect(keyAmount(a, a.scenario.outcome, a.answer)).toEqual({
			text: 'East pays: you said 30, right 60',
			more: 3
		});
		expect(countsAgainst(a)).toBe('Self-picked');
	});

	it('names every misconception an answer fits', () => {
		const a = attempt(selfPick, selfPickNotDoubled);
		const misconceptions = ['jokerless-bonus-missed', 'self-pick-not-doubled', 'east-double'];
		expect(mistakeTitle({ ...a, misconceptions } as typeof a)).toBe(
			'Jokerless bonus missed, Self-pick not doubled or East pays and collects double'
		);
	});

	it('names no cause for a wrong answer that fits no misconception (a slip or an unknown error)', () => {
		const a = attempt(discardJokerless, { pays: { south: 55, west: 100, north: 50 }, total: 205 });
		expect(mistakeTitle(a)).toBe('No known wrong rule');
		expect(keyAmount(a, a.scenario.outcome, a.answer)).toEqual({
			text: 'South pays: you said 55, right 50',
			more: 1
		});
	});

	it('says an amount was left empty, and shows money as money', () => {
		const a = makeAttempt({
			scenario: discardJokerless,
			answer: { pays: { south: 50, north: 50 }, total: 200 },
			unit: 'money',
			roundId: 'r',
			hintsUsed: 0,
			at: new Date(Date.UTC(2025, 2, 1))
		});
		expect(keyAmount(a, a.scenario.outcome, a.answer)).toEqual({
			text: 'West pays: left empty, right $1.00',
			more: 0
		});
	});

	it('has no wrong amount for a revealed answer, only that it was shown', () => {
		const a = attempt(wallGame, null);
		expect(mistakeTitle(a)).toBe('Answer shown');
		expect(keyAmount(a, a.scenario.outcome, a.answer)).toBeNull();
	});

	it('counts a named mistake against its skill only, a slip against every skill of the question', () => {
		expect(countsAgainst(attempt(discardJokerless, bonusMissed))).toBe('Jokerless');
		const slip = attempt(discardJokerless, {
			pays: { south: 55, west: 100, north: 50 },
			total: 205
		});
		expect(countsAgainst(slip)).toBe('Called discard, Jokerless, East winning or paying');
	});
});
