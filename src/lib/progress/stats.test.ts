import { describe, expect, it } from 'vitest';
import {
	MASTERED,
	PROFICIENT,
	RECENT_WINDOW,
	accuracyByDay,
	masteryLevel,
	misconceptionStats,
	overall,
	skillStats
} from './stats';
import { makeAttempt } from './record';
import {
	attempt,
	bonusMissed,
	discardJokerless,
	rightDiscard,
	rightSelfPick,
	selfPick,
	selfPickNotDoubled
} from './test-fixtures';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const statOf = (attempts: Parameters<typeof skillStats>[0], skill: string) =>
	skillStats(attempts).find((s) => s.skill === skill)!;

describe('mastery thresholds', () => {
	it('are the ones stated on /progress', () => {
		expect(RECENT_WINDOW).toBe(10);
		expect(PROFICIENT).toEqual({ minAttempts: 5, minRecentAccuracy: 0.7 });
		expect(MASTERED).toEqual({ minAttempts: 10, minRecentAccuracy: 0.9 });
	});
	it('move up exactly at the thresholds', () => {
		expect(masteryLevel(0, 0)).toBe('not-started');
		expect(masteryLevel(1, 0)).toBe('familiar');
		expect(masteryLevel(4, 1)).toBe('familiar');
		expect(masteryLevel(5, 0.7)).toBe('proficient');
		expect(masteryLevel(5, 0.69)).toBe('familiar');
		expect(masteryLevel(9, 1)).toBe('proficient');
		expect(masteryLevel(10, 0.9)).toBe('mastered');
		expect(masteryLevel(10, 0.89)).toBe('proficient');
	});
});

describe('skill statistics', () => {
	it('count attempts, right answers and accuracy per skill', () => {
		const list = [
			attempt(discardJokerless, rightDiscard),
			attempt(discardJokerless, bonusMissed),
			attempt(selfPick, rightSelfPick)
		];
		const discard = statOf(list, 'discard');
		expect(discard).toMatchObject({ attempts: 2, right: 1, accuracy: 0.5, level: 'familiar' });
		expect(discard.lastAt).toBe(list[1]!.at);
		expect(statOf(list, 'self-pick')).toMatchObject({ attempts: 1, right: 1, accuracy: 1 });
		expect(statOf(list, 'wall-game')).toMatchObject({
			attempts: 0,
			level: 'not-started',
			lastAt: null
		});
		expect(overall(list)).toEqual({ attempts: 3, right: 2, accuracy: 2 / 3 });
	});

	it('treat a revealed answer as missed even if it equals the right one', () => {
		const shown = makeAttempt({
			scenario: selfPick,
			answer: null,
			unit: 'points',
			roundId: 'r'
		});
		expect(shown).toMatchObject({ revealed: true, correct: false, misconceptions: [] });
		expect(statOf([shown], 'self-pick')).toMatchObject({ attempts: 1, right: 0 });
	});

	it('judge mastery on the last 10 attempts only', () => {
		const misses = Array.from({ length: 5 }, () => attempt(selfPick, selfPickNotDoubled));
		const rights = Array.from({ length: 10 }, () => attempt(selfPick, rightSelfPick));
		expect(statOf([...misses, ...rights], 'self-pick')).toMatchObject({
			attempts: 15,
			accuracy: 10 / 15,
			recentAccuracy: 1,
			level: 'mastered'
		});
		// One miss among the last ten: 90% still masters; two misses do not.
		const oneMiss = [...rights.slice(0, 9), attempt(selfPick, selfPickNotDoubled)];
		expect(statOf(oneMiss, 'self-pick').level).toBe('mastered');
		const twoMisses = [...oneMiss, attempt(selfPick, selfPickNotDoubled)];
		expect(statOf(twoMisses, 'self-pick')).toMatchObject({
			recentAccuracy: 0.8,
			level: 'proficient'
		});
	});
});

describe('misconception statistics', () => {
	it('count each misconception and remember when it last showed, most frequent first', () => {
		const a = attempt(selfPick, selfPickNotDoubled);
		const b = attempt(discardJokerless, bonusMissed);
		const c = attempt(discardJokerless, bonusMissed);
		const stats = misconceptionStats([c, a, b]);
		expect(stats).toEqual([
			{ id: 'jokerless-bonus-missed', title: 'Jokerless bonus missed', count: 2, lastSeen: c.at },
			{ id: 'self-pick-not-doubled', title: 'Self-pick not doubled', count: 1, lastSeen: a.at }
		]);
	});
});

describe('accuracy by day', () => {
	it('groups attempts per calendar day, oldest first', () => {
		const day1 = Date.UTC(2025, 0, 10, 9);
		const day2 = Date.UTC(2025, 0, 12, 9);
		const list = [
			attempt(selfPick, rightSelfPick, { at: new Date(day2) }),
			attempt(selfPick, rightSelfPick, { at: new Date(day1) }),
			attempt(selfPick, selfPickNotDoubled, { at: new Date(day1 + 60_000) }),
			attempt(selfPick, selfPickNotDoubled, { at: new Date(day1 + 120_000) }),
			attempt(selfPick, rightSelfPick, { at: new Date(day1 + 180_000) })
		];
		expect(accuracyByDay(list, utcDay)).toEqual([
			{ day: '2025-01-10', attempts: 4, right: 2, accuracy: 0.5 },
			{ day: '2025-01-12', attempts: 1, right: 1, accuracy: 1 }
		]);
	});
});
