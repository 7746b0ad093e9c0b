import { describe, expect, it } from 'vitest';
import { Rand } from './random';
import { buildHand } from './hands';
import {
	confusableTile,
	dragonTile,
	flowerTile,
	jokerTile,
	suitTile,
	suitTileNotIn,
	tileKey,
	tileName,
	tileWithArticle,
	windTile
} from './tiles';
import type { Tile } from './types';

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
