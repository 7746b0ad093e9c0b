import { describe, expect, it } from 'vitest';
import { newSeed, readRoundParams, roundSearch } from './params';

describe('practice URL parameters', () => {
	it('reads comma-separated and repeated skills, dropping unknown ones', () => {
		const p = readRoundParams(
			new URLSearchParams('skills=jokerless,east&skills=bogus,discard&n=5&seed=abc')
		);
		expect(p).toEqual({
			skills: ['jokerless', 'east', 'discard'],
			count: 5,
			unit: 'points',
			seed: 'abc'
		});
	});
	it('clamps the number of questions and defaults the unit', () => {
		expect(readRoundParams(new URLSearchParams('n=9999')).count).toBe(50);
		expect(readRoundParams(new URLSearchParams('n=0')).count).toBe(1);
		expect(readRoundParams(new URLSearchParams('n=x')).count).toBe(10);
		expect(readRoundParams(new URLSearchParams('unit=money')).unit).toBe('money');
		expect(readRoundParams(new URLSearchParams('')).seed).toBeNull();
	});
	it('round-trips a round through its URL', () => {
		const config = {
			seed: newSeed(),
			skills: ['dead-hand' as const],
			count: 7,
			unit: 'money' as const
		};
		expect(readRoundParams(new URLSearchParams(roundSearch(config)))).toEqual(config);
	});
});
