import { describe, expect, it } from 'vitest';
import { Rand } from './random';
import {
	JOKER_PATTERNS,
	SINGLES_AND_PAIRS_PATTERNS,
	buildHand,
	confusableTile,
	dragonTile,
	flowerTile,
	handProblems,
	isJoker,
	jokerCapacity,
	jokerMinimum,
	jokerTile,
	patternSize,
	suitTile,
	suitTileNotIn,
	tileKey,
	tileName,
	tileWithArticle,
	windTile
} from './tiles';
import type { Tile } from './types';

const jokersIn = (groups: Tile[][]) => groups.flat().filter(isJoker).length;

describe('hand patterns', () => {
	it('all have 14 tiles', () => {
		for (const p of [...JOKER_PATTERNS, ...SINGLES_AND_PAIRS_PATTERNS])
			expect(patternSize(p)).toBe(14);
	});

	it('cover every joker count from 0 to 8', () => {
		for (let j = 0; j <= 8; j++) {
			const ok = JOKER_PATTERNS.filter((p) => jokerMinimum(p) <= j && jokerCapacity(p) >= j);
			expect(ok.length, `${j} jokers`).toBeGreaterThan(0);
		}
	});

	it('Singles and Pairs shapes hold no joker', () => {
		for (const p of SINGLES_AND_PAIRS_PATTERNS) expect(jokerCapacity(p)).toBe(0);
	});
});

describe('buildHand', () => {
	it('places exactly the asked jokers, by the joker rules, for every count', () => {
		for (let seed = 0; seed < 300; seed++) {
			for (let jokers = 0; jokers <= 8; jokers++) {
				const groups = buildHand(new Rand(`hand:${seed}:${jokers}`), {
					jokers,
					singlesAndPairs: false
				});
				expect(handProblems(groups, false)).toEqual([]);
				expect(jokersIn(groups)).toBe(jokers);
			}
		}
	});

	it('builds Singles and Pairs hands of pairs and singles only', () => {
		for (let seed = 0; seed < 500; seed++) {
			const groups = buildHand(new Rand(`sp:${seed}`), { jokers: 0, singlesAndPairs: true });
			expect(handProblems(groups, true)).toEqual([]);
			expect(jokersIn(groups)).toBe(0);
		}
	});

	it('refuses impossible joker counts', () => {
		const r = new Rand('bad');
		expect(() => buildHand(r, { jokers: 9, singlesAndPairs: false })).toThrow(RangeError);
		expect(() => buildHand(r, { jokers: -1, singlesAndPairs: false })).toThrow(RangeError);
		expect(() => buildHand(r, { jokers: 1, singlesAndPairs: true })).toThrow(RangeError);
	});

	it('is deterministic for a key', () => {
		const a = buildHand(new Rand('same'), { jokers: 3, singlesAndPairs: false });
		const b = buildHand(new Rand('same'), { jokers: 3, singlesAndPairs: false });
		expect(a).toEqual(b);
	});
});

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

describe('tile names', () => {
	it('says tiles as players do', () => {
		expect(tileName(suitTile('bam', 5))).toBe('5 Bam');
		expect(tileName(suitTile('crak', 3))).toBe('3 Crak');
		expect(tileName(windTile('N'))).toBe('North wind');
		expect(tileName(dragonTile('white'))).toBe('Soap');
		expect(tileName(dragonTile('red'))).toBe('Red Dragon');
		expect(tileName(flowerTile())).toBe('Flower');
		expect(tileName(jokerTile())).toBe('Joker');
	});

	it('puts the right article', () => {
		expect(tileWithArticle(suitTile('dot', 7), 'a')).toBe('a 7 Dot');
		expect(tileWithArticle(suitTile('dot', 8), 'a')).toBe('an 8 Dot');
		expect(tileWithArticle(windTile('E'), 'a')).toBe('an East wind');
		expect(tileWithArticle(suitTile('bam', 5), 'the')).toBe('the 5 Bam');
		expect(tileWithArticle(flowerTile(), 'the')).toBe('a Flower');
	});
});

describe('confusable and spare tiles', () => {
	it('a misnamed tile is always another tile', () => {
		const r = new Rand('confuse');
		const tiles: Tile[] = [
			suitTile('bam', 1),
			suitTile('dot', 9),
			windTile('E'),
			dragonTile('green')
		];
		for (let i = 0; i < 200; i++) {
			for (const t of tiles) expect(tileKey(confusableTile(r, t))).not.toBe(tileKey(t));
		}
	});

	it('the tile given in a joker exchange is not one the hand holds', () => {
		for (let seed = 0; seed < 200; seed++) {
			const r = new Rand(`spare:${seed}`);
			const groups = buildHand(r, { jokers: 2, singlesAndPairs: false });
			const held = new Set(groups.flat().map(tileKey));
			const spare = suitTileNotIn(r, groups);
			expect(spare.kind).toBe('suit');
			expect(held.has(tileKey(spare))).toBe(false);
		}
	});
});
