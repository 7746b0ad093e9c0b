import { describe, expect, it } from 'vitest';
import { newSeed, readMistakeFilter, reviewHref } from './params';

describe('review URLs', () => {
	it('round-trip the filters and ignore unknown values', () => {
		const href = reviewHref({ skill: 'dead-hand', misconception: 'dead-hand-excused' });
		expect(href).toBe('/review?skill=dead-hand&misconception=dead-hand-excused');
		expect(readMistakeFilter(new URL(href, 'http://x').searchParams)).toEqual({
			skill: 'dead-hand',
			misconception: 'dead-hand-excused'
		});
		expect(readMistakeFilter(new URLSearchParams('skill=flying&misconception=nope'))).toEqual({
			skill: null,
			misconception: null
		});
		expect(reviewHref()).toBe('/review');
	});

	it('makes fresh 8-character seeds', () => {
		const a = newSeed();
		expect(a).toMatch(/^[0-9a-z]{8}$/);
		expect(newSeed()).not.toBe(a);
	});
});
