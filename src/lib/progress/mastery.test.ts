/**
 * skills.md's mastery levels and weak spots, point by point, over real graded attempts.
 */
import { describe, expect, it } from 'vitest';
import { masteryLevel, skillHistory, skillStats, weakSpots, type SkillMark } from './mastery';
import {
	attempt,
	bonusMissed,
	discardJokerless,
	rightDiscard,
	rightSelfPick,
	rightSinglesAndPairs,
	selfPick,
	selfPickNotDoubled,
	singlesAndPairs,
	singlesAndPairsBonus
} from './test-fixtures';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Marks from a pattern: "s" success, "m" miss, a new UTC day at every "|". */
function marks(pattern: string): SkillMark[] {
	let day = 0;
	let minute = 0;
	const out: SkillMark[] = [];
	for (const c of pattern) {
		if (c === '|') {
			day += 1;
			continue;
		}
		minute += 1;
		const at = new Date(Date.UTC(2025, 0, 1 + day, 10, minute)).toISOString();
		out.push({ at, attemptId: `a${out.length}`, mark: c === 's' ? 'success' : 'miss' });
	}
	return out;
}
const level = (pattern: string) => masteryLevel(marks(pattern), utcDay);

describe('mastery levels (skills.md)', () => {
	it('Not started with no success or miss', () => {
		expect(level('')).toBe('not-started');
	});
	it('Learning with fewer than 3, or under 70% of the window', () => {
		expect(level('s')).toBe('learning');
		expect(level('ss')).toBe('learning');
		expect(level('msmsss')).toBe('learning'); // 4 of 6 = 67%
		expect(level('mm')).toBe('learning');
	});
	it('Familiar with at least 3 and at least 70% of the last 6', () => {
		expect(level('sss')).toBe('familiar');
		expect(level('smsss')).toBe('familiar'); // 4 of 5 = 80%, but not the last 4 in a row
		expect(level('mmmmsssss' + 'm' + 's')).toBe('familiar'); // window ssssms: 5 of 6
	});
	it('Proficient when the last 4 are successes, on one day', () => {
		expect(level('ssss')).toBe('proficient');
		expect(level('mmmmmssss')).toBe('proficient');
	});
	it('Mastered when those last 4 fall on at least 2 different days', () => {
		expect(level('ss|ss')).toBe('mastered');
		expect(level('s|sss')).toBe('mastered');
		expect(level('s|ssss')).toBe('proficient'); // the last 4 all on the second day
	});
	it('a miss drops Proficient or Mastered to at most Familiar', () => {
		expect(level('ss|ssm')).toBe('familiar');
		expect(level('ssssm')).toBe('familiar');
		expect(level('ssm')).toBe('learning');
	});
	it('shows the counts it was worked out from', () => {
		const stats = skillStats(
			[1, 2, 3, 4, 5].map((i) => attempt(selfPick, i === 2 ? selfPickNotDoubled : rightSelfPick)),
			utcDay
		).find((s) => s.skill === 'self-pick')!;
		expect(stats).toMatchObject({ level: 'familiar', window: { successes: 4, size: 5 } });
		expect(stats.counts).toBe('4 of the last 5 right.');
	});
	it('0 of 1 right and 4 of 4 right no longer look alike', () => {
		const missed = skillStats([attempt(selfPick, selfPickNotDoubled)], utcDay);
		const right = skillStats(
			[1, 2, 3, 4].map(() => attempt(selfPick, rightSelfPick)),
			utcDay
		);
		const of = (list: typeof missed) => list.find((s) => s.skill === 'self-pick')!;
		expect(of(missed)).toMatchObject({ level: 'learning', counts: '0 of 1 right.' });
		expect(of(right).level).toBe('proficient');
	});
});

describe('a mistake counts against the skills it broke', () => {
	it('a Singles and Pairs mistake is a success for the self-pick', () => {
		const history = skillHistory([attempt(singlesAndPairs, singlesAndPairsBonus)]);
		expect(history.get('singles-and-pairs')!.map((m) => m.mark)).toEqual(['miss']);
		expect(history.get('self-pick')!.map((m) => m.mark)).toEqual(['success']);
		expect(history.get('east')).toEqual([]); // South won: East only paid
	});
	it('a missed jokerless bonus is a miss for Jokerless only', () => {
		const history = skillHistory([attempt(discardJokerless, bonusMissed)]);
		expect(history.get('jokerless')!.map((m) => m.mark)).toEqual(['miss']);
		expect(history.get('discard')!.map((m) => m.mark)).toEqual(['success']);
		expect(history.get('east')!.map((m) => m.mark)).toEqual(['success']);
		expect(history.get('dead-hand')).toEqual([]);
	});
	it('a revealed answer misses every skill; a right answer after a hint is left out', () => {
		const history = skillHistory([
			attempt(discardJokerless, null),
			attempt(discardJokerless, rightDiscard, { hintsUsed: 1 })
		]);
		for (const skill of ['discard', 'jokerless', 'east'] as const) {
			expect(history.get(skill)!.map((m) => m.mark)).toEqual(['miss']);
		}
	});
});

describe('weak spots', () => {
	it('are the skills at Learning or Familiar with a miss in their window, weakest first', () => {
		const list = [
			// Singles and Pairs (a self-pick too): learning.
			attempt(singlesAndPairs, singlesAndPairsBonus),
			attempt(singlesAndPairs, rightSinglesAndPairs),
			// Self-pick: familiar (s s s s s m s s), with a miss in its window.
			...[1, 2, 3].map(() => attempt(selfPick, rightSelfPick)),
			attempt(selfPick, selfPickNotDoubled),
			...[1, 2].map(() => attempt(selfPick, rightSelfPick)),
			// Jokerless: learning, missed last of all.
			attempt(discardJokerless, bonusMissed)
		];
		const stats = skillStats(list, utcDay);
		const of = (s: string) => stats.find((x) => x.skill === s)!.level;
		expect([of('self-pick'), of('singles-and-pairs'), of('jokerless')]).toEqual([
			'familiar',
			'learning',
			'learning'
		]);
		// Learning first (the most recent miss first), then Familiar; Called discard and East
		// were never missed, so they are no weak spot.
		expect(weakSpots(list, Infinity, utcDay)).toEqual([
			'jokerless',
			'singles-and-pairs',
			'self-pick'
		]);
		expect(weakSpots(list, 2, utcDay)).toEqual(['jokerless', 'singles-and-pairs']);
	});
	it('a skill whose window has no miss any more is not a weak spot', () => {
		const list = [
			attempt(selfPick, selfPickNotDoubled),
			...[1, 2, 3, 4, 5, 6].map(() => attempt(selfPick, rightSelfPick))
		];
		expect(weakSpots(list, Infinity, utcDay)).toEqual([]);
	});
});
