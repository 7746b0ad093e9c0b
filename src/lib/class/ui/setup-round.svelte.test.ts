/**
 * The round a setup form previews and sends: a blank question set falls back to the first one,
 * swaps belong to one round (a new set, count or skills starts with none), and the preview counts
 * as drawn once it is no longer the server's first one.
 */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { SetupRound } from './setup-round.svelte';

describe('SetupRound', () => {
	it('starts on the first round, undrawn, with no swaps', () => {
		const round = new SetupRound({ seed: 'abc', questionCount: 5 });
		expect(round.effectiveSeed).toBe('abc');
		expect(round.swaps).toEqual({});
		expect(round.drawn).toBe(false);
	});

	it('keeps the swaps of one round and drops them when the set, count or skills change', () => {
		const round = new SetupRound({ seed: 'abc', questionCount: 5 });
		round.swap(2);
		round.swap(2);
		round.swap(0);
		flushSync();
		expect(round.swaps).toEqual({ 2: 2, 0: 1 });
		expect(round.drawn).toBe(true);
		round.questionCount = 6;
		expect(round.swaps).toEqual({});
		round.questionCount = 5;
		round.swap(1);
		round.skills = ['discard'];
		expect(round.swaps).toEqual({});
		expect(round.drawn).toBe(true);
		round.skills = [];
		round.swap(1);
		round.seed = 'other';
		expect(round.effectiveSeed).toBe('other');
		expect(round.swaps).toEqual({});
	});

	it('previews the first set when the field is blank, and counts a swap there as drawn', () => {
		const round = new SetupRound({ seed: 'abc', questionCount: 5 });
		round.seed = '   ';
		expect(round.effectiveSeed).toBe('abc');
		expect(round.drawn).toBe(false);
		round.swap(4);
		expect(round.swaps).toEqual({ 4: 1 });
		expect(round.drawn).toBe(true);
	});
});
