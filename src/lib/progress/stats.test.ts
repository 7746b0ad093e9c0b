import { describe, expect, it } from 'vitest';
import { accuracyByDay, misconceptionStats, overall } from './stats';
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

describe('overall', () => {
	it('counts questions and right answers', () => {
		const list = [
			attempt(discardJokerless, rightDiscard),
			attempt(discardJokerless, bonusMissed),
			attempt(selfPick, rightSelfPick)
		];
		expect(overall(list)).toEqual({ attempts: 3, right: 2, accuracy: 2 / 3 });
	});
	it('treats a revealed answer as missed', () => {
		const shown = makeAttempt({ scenario: selfPick, answer: null, unit: 'points', roundId: 'r' });
		expect(shown).toMatchObject({ revealed: true, correct: false, misconceptions: [] });
		expect(overall([shown]).right).toBe(0);
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
