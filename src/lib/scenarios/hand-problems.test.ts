import { describe, expect, it } from 'vitest';
import { handProblems } from './hand-problems';
import { flowerTile, jokerTile, suitTile } from './tiles';
import type { Tile } from './types';

describe('handProblems', () => {
	const kong = (t: Tile, jokers = 0): Tile[] => [
		...Array.from({ length: 4 - jokers }, () => t),
		...Array.from({ length: jokers }, jokerTile)
	];
	const good: Tile[][] = [
		kong(suitTile('bam', 1)),
		kong(suitTile('bam', 2), 1),
		kong(suitTile('bam', 3), 3),
		[flowerTile(), flowerTile()]
	];

	it('accepts a good hand', () => {
		expect(handProblems(good, false)).toEqual([]);
	});

	it('catches a wrong size, a joker in a pair, an all-joker group, mixed groups and a fifth copy', () => {
		expect(handProblems(good.slice(1), false)).toContain('the hand has 10 tiles, not 14');
		const jokerPair = [...good.slice(0, 3), [flowerTile(), jokerTile()]];
		expect(handProblems(jokerPair, false)).toContain('group 4 holds a joker where none may go');
		const allJokers = [
			kong(suitTile('bam', 1)),
			kong(suitTile('bam', 2)),
			kong(jokerTile()),
			good[3]!
		];
		expect(handProblems(allJokers, false)).toContain('group 3 holds a joker where none may go');
		const mixedPung = [
			...good.slice(0, 3),
			[suitTile('dot', 1), suitTile('dot', 1), suitTile('dot', 2)]
		];
		expect(handProblems(mixedPung, false)).toContain('group 4 mixes tiles');
		const fifth = [
			kong(suitTile('bam', 1)),
			kong(suitTile('bam', 1)),
			kong(suitTile('bam', 3)),
			good[3]!
		];
		expect(handProblems(fifth, false)).toContain('8 natural bam1 tiles');
	});

	it('catches jokers and pungs in Singles and Pairs', () => {
		expect(handProblems(good, true).length).toBeGreaterThan(0);
	});
});
