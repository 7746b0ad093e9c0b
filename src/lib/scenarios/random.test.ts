import { describe, expect, it } from 'vitest';
import { Rand, hash128 } from './random';

describe('hash128', () => {
	it('is pinned: seeds must mean the same questions everywhere, forever', () => {
		expect(hash128('')).toEqual([41608494, -809003487, 1435736333, 1262568316]);
		expect(hash128('demo:0')).toEqual([-1151452847, -92045506, -1802727944, 1551765281]);
	});

	it('separates near keys', () => {
		const keys = ['demo:0', 'demo:1', 'demo:10', 'demo1:0', 'Demo:0', 'dé:0'];
		const hashes = new Set(keys.map((k) => hash128(k).join(',')));
		expect(hashes.size).toBe(keys.length);
	});
});

describe('Rand', () => {
	it('gives the same draws for the same key and different ones for another key', () => {
		const draw = (key: string) => {
			const r = new Rand(key);
			return Array.from({ length: 20 }, () => r.int(0, 1_000_000));
		};
		expect(draw('a:1')).toEqual(draw('a:1'));
		expect(draw('a:1')).not.toEqual(draw('a:2'));
	});

	it('keeps int() within its bounds and reaches both ends', () => {
		const r = new Rand('bounds');
		const seen = new Set<number>();
		for (let i = 0; i < 2000; i++) {
			const n = r.int(3, 7);
			expect(n).toBeGreaterThanOrEqual(3);
			expect(n).toBeLessThanOrEqual(7);
			seen.add(n);
		}
		expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
	});

	it('never picks a zero-weight choice and follows the weights roughly', () => {
		const r = new Rand('weights');
		const counts = { a: 0, b: 0, c: 0 };
		for (let i = 0; i < 4000; i++) {
			counts[
				r.weighted([
					['a', 3],
					['b', 0],
					['c', 1]
				] as const)
			]++;
		}
		expect(counts.b).toBe(0);
		expect(counts.a / 4000).toBeGreaterThan(0.7);
		expect(counts.a / 4000).toBeLessThan(0.8);
	});

	it('chance(0) is never and chance(1) is always', () => {
		const r = new Rand('chance');
		for (let i = 0; i < 500; i++) {
			expect(r.chance(0)).toBe(false);
			expect(r.chance(1)).toBe(true);
		}
	});

	it('refuses to pick from nothing', () => {
		const r = new Rand('empty');
		expect(() => r.pick([])).toThrow(RangeError);
		expect(() => r.weighted([['x', 0]] as const)).toThrow(RangeError);
	});

	it('shuffles into a permutation without touching the input', () => {
		const items = [1, 2, 3, 4, 5, 6];
		const out = new Rand('shuffle').shuffle(items);
		expect(items).toEqual([1, 2, 3, 4, 5, 6]);
		expect([...out].sort()).toEqual(items);
	});
});
