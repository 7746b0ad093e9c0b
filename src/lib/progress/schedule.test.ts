import { describe, expect, it } from 'vitest';
import { searchText, mistakesRoundParams } from './params';
import { needsWorkedExample, roundFromMistakes } from './schedule';
import { skillSchedules, weakRoundParams, weakSpotPlan } from './spaced';
import {
	attempt,
	bonusMissed,
	discardJokerless,
	rightDiscard,
	rightSelfPick,
	scenarioOf,
	selfPick,
	selfPickNotDoubled,
	wallGame
} from './test-fixtures';

const wallRight = { pays: { east: 0, south: 0, west: 0, north: 0 }, total: 0 };
const wallPaid = { pays: { east: 0, south: 25, west: 0, north: 0 }, total: 0 };

describe('weak spots', () => {
	it('has no plan without history', () => {
		expect(weakSpotPlan([], new Date(), 3)).toEqual([]);
	});

	it('picks the skills the mistakes broke, the latest miss first, never one only exercised', () => {
		const list = [
			attempt(wallGame, wallRight),
			attempt(selfPick, selfPickNotDoubled),
			attempt(discardJokerless, bonusMissed),
			attempt(selfPick, selfPickNotDoubled),
			attempt(wallGame, wallRight)
		];
		const now = new Date(Date.parse(list.at(-1)!.at) + 60 * 60_000);
		// The missed jokerless bonus counts against Jokerless only, not Called discard or East.
		expect(weakSpotPlan(list, now, 5)).toEqual(['self-pick', 'jokerless']);
		expect(weakSpotPlan(list, now, 1)).toEqual(['self-pick']);
	});

	it('brings a skill answered right back once it is due', () => {
		const list = [attempt(wallGame, wallRight), attempt(wallGame, wallRight)];
		const soon = new Date(Date.parse(list[1]!.at) + 60_000);
		const [wall] = skillSchedules(list, soon);
		expect(wall).toMatchObject({ skill: 'wall-game', dueNow: false, marks: 2, missStreak: 0 });
		// Nothing weak and nothing due yet: no plan (a mixed round).
		expect(weakSpotPlan(list, soon, 3)).toEqual([]);
		const later = new Date(wall!.card.due.getTime() + 1);
		expect(skillSchedules(list, later)[0]!.dueNow).toBe(true);
		expect(weakSpotPlan(list, later, 3)).toEqual(['wall-game']);
	});

	it('asks for a worked example after 3 misses in a row, not after a right answer', () => {
		const misses = [
			attempt(selfPick, selfPickNotDoubled),
			attempt(selfPick, null),
			attempt(selfPick, selfPickNotDoubled)
		];
		expect(needsWorkedExample(misses.slice(0, 2), 'self-pick')).toBe(false);
		expect(needsWorkedExample(misses, 'self-pick')).toBe(true);
		expect(needsWorkedExample([...misses, attempt(selfPick, rightSelfPick)], 'self-pick')).toBe(
			false
		);
		expect(needsWorkedExample(misses, 'discard')).toBe(false);
	});
});

describe('a round from mistakes', () => {
	const eastSelfPick = scenarioOf(
		{ kind: 'win', value: 30, winner: 'east', method: 'self-pick', jokers: 2 },
		'e:0'
	);
	const list = [
		attempt(discardJokerless, bonusMissed),
		attempt(selfPick, selfPickNotDoubled),
		attempt(eastSelfPick, { pays: { south: 30, west: 30, north: 30 }, total: 90 }),
		attempt(wallGame, wallPaid),
		attempt(discardJokerless, rightDiscard)
	];

	it('lists the mistakes newest first and drills the skills of what they show', () => {
		const round = roundFromMistakes(list);
		expect(round.mistakes.map((a) => a.id)).toEqual([
			list[3]!.id,
			list[2]!.id,
			list[1]!.id,
			list[0]!.id
		]);
		expect(round.skills).toEqual(['self-pick', 'jokerless', 'wall-game']);
		expect(round.misconceptions).toEqual([
			'self-pick-not-doubled',
			'wall-game-pays',
			'jokerless-bonus-missed'
		]);
	});

	it('follows the filters', () => {
		expect(roundFromMistakes(list, { skill: 'self-pick' })).toMatchObject({
			skills: ['self-pick'],
			misconceptions: ['self-pick-not-doubled']
		});
		// East won the self-pick, but forgetting the self-pick double is not an East mistake.
		expect(roundFromMistakes(list, { skill: 'east' }).mistakes).toEqual([]);
		const byMisconception = roundFromMistakes(list, { misconception: 'self-pick-not-doubled' });
		expect(byMisconception.skills).toEqual(['self-pick']);
		expect(byMisconception.mistakes).toHaveLength(2);
	});

	it('builds the "Practise these" and weak-spots URLs', () => {
		const these = mistakesRoundParams(list, { misconception: 'wall-game-pays' }, 'abc123');
		expect(searchText(these)).toBe('seed=abc123&skills=wall-game&n=5&unit=points');
		const now = new Date(Date.parse(list.at(-1)!.at) + 60_000);
		const weak = weakRoundParams(list, now, 'zz9');
		expect(weak.get('mode')).toBe('weak');
		expect(weak.get('seed')).toBe('zz9');
		expect(weak.get('n')).toBe('10');
		expect(weak.get('skills')!.split(',')).toEqual(weakSpotPlan(list, now, 3));
		expect(weak.has('worked')).toBe(false);
		const empty = weakRoundParams([], now, 'q');
		expect(searchText(empty)).toBe('mode=weak&seed=q&n=10&unit=points');
	});

	it('asks for a worked example of a skill missed 3 times in a row', () => {
		const streak = [1, 2, 3].map(() => attempt(selfPick, selfPickNotDoubled));
		const now = new Date(Date.parse(streak[2]!.at) + 60_000);
		const weak = weakRoundParams(streak, now, 's');
		expect(weak.get('skills')).toBe('self-pick');
		expect(weak.get('worked')).toBe('self-pick');
	});
});
