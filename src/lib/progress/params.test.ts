import { describe, expect, it } from 'vitest';
import { newSeed, readMistakeFilter, reviewQuery } from './params';

describe('review URLs', () => {
	it('round-trip the filters and ignore unknown values', () => {
		const search = reviewQuery({ skill: 'dead-hand', misconception: 'dead-hand-excused' });
		expect(search).toBe('skill=dead-hand&misconception=dead-hand-excused');
		expect(readMistakeFilter(new URLSearchParams(search))).toEqual({
			skill: 'dead-hand',
			misconception: 'dead-hand-excused'
		});
		expect(readMistakeFilter(new URLSearchParams('skill=flying&misconception=nope'))).toEqual({
			skill: null,
			misconception: null
		});
		expect(reviewQuery()).toBe('');
	});

	it('makes fresh 8-character seeds', () => {
		const a = newSeed();
		expect(a).toMatch(/^[0-9a-z]{8}$/);
		expect(newSeed()).not.toBe(a);
	});
});
