import { describe, expect, it } from 'vitest';
import { Rand } from './random';
import {
	buildHand,
	JOKER_PATTERNS,
	jokerCapacity,
	jokerMinimum,
	patternSize,
	SINGLES_AND_PAIRS_PATTERNS
} from './hands';
import { handProblems } from './hand-problems';
import { isJoker } from './tiles';
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
