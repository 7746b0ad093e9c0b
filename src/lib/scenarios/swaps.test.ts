import { describe, expect, it } from 'vitest';
import { generateRound, outcomeKey } from './round';
import { readSwaps, roundWithSwaps, swapsText } from './swaps';

describe('roundWithSwaps', () => {
	const setup = { seed: 'swap-test', count: 6, skills: [] };

	it('is the round itself without swaps', () => {
		expect(roundWithSwaps(setup)).toEqual(generateRound(setup).scenarios);
	});

	it('replaces only the swapped question, keeps its index and repeats no outcome', () => {
		const plain = roundWithSwaps(setup);
		const swapped = roundWithSwaps({ ...setup, swaps: { 2: 1 } });
		expect(swapped).toHaveLength(6);
		expect(swapped[2]!.index).toBe(2);
		expect(swapped[2]!.seed).not.toBe('swap-test');
		expect(outcomeKey(swapped[2]!.outcome)).not.toBe(outcomeKey(plain[2]!.outcome));
		for (const i of [0, 1, 3, 4, 5]) expect(swapped[i]).toEqual(plain[i]);
		const keys = new Set(swapped.map((q) => outcomeKey(q.outcome)));
		expect(keys.size).toBe(6);
	});

	it('gives the same questions for the same swaps, and another for the next swap', () => {
		const once = roundWithSwaps({ ...setup, swaps: { 0: 1 } });
		expect(roundWithSwaps({ ...setup, swaps: { 0: 1 } })).toEqual(once);
		const twice = roundWithSwaps({ ...setup, swaps: { 0: 2 } });
		expect(twice[0]!.seed).not.toBe(once[0]!.seed);
	});

	it('keeps the picked skills in a swapped question', () => {
		const swapped = roundWithSwaps({
			seed: 's',
			count: 3,
			skills: ['misnamed-discard'],
			swaps: { 1: 4 }
		});
		expect(swapped[1]!.skills).toContain('misnamed-discard');
	});
});

describe('swaps as text', () => {
	it('round-trips with 1-based question numbers', () => {
		expect(swapsText({ 1: 1, 4: 3 })).toBe('2:1,5:3');
		expect(readSwaps('2:1,5:3', 5)).toEqual({ 1: 1, 4: 3 });
		expect(readSwaps('', 5)).toEqual({});
	});

	it('refuses a question outside the round or text that is not numbers', () => {
		expect(readSwaps('6:1', 5)).toBeNull();
		expect(readSwaps('0:1', 5)).toBeNull();
		expect(readSwaps('2:x', 5)).toBeNull();
		expect(readSwaps('2:0', 5)).toBeNull();
	});
});
