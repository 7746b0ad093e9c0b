import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isImmutableAsset, planCaches, type FoundCache } from './caches';

const cache = (name: string, activatedAt: number, hasCode = true): FoundCache => ({
	name,
	activatedAt,
	hasCode
});

describe('planCaches', () => {
	it('keeps the version active last for its built code and deletes the app’s other caches', () => {
		const found = [
			cache('coach-0', 0),
			cache('coach-b', 2000),
			cache('coach-a', 1000),
			cache('coach-c', 3000),
			cache('someone-else', 9000)
		];
		expect(planCaches('coach-c', found)).toEqual({
			previous: 'coach-b',
			remove: ['coach-0', 'coach-a']
		});
	});

	it('never keeps an empty cache left by a failed install, even a newer one', () => {
		const found = [cache('coach-ran', 0), cache('coach-failed', 0, false)];
		expect(planCaches('coach-new', found)).toEqual({
			previous: 'coach-ran',
			remove: ['coach-failed']
		});
	});

	it('prefers a version that ran over one with no record of running', () => {
		const found = [cache('coach-ran', 1000), cache('coach-installed-only', 0)];
		expect(planCaches('coach-new', found).previous).toBe('coach-ran');
	});

	it('keeps an older cache with no record when it is the only one', () => {
		expect(planCaches('coach-new', [cache('coach-old', 0)])).toEqual({
			previous: 'coach-old',
			remove: []
		});
	});

	it('has nothing to keep on a first install, and leaves other apps’ caches alone', () => {
		expect(planCaches('coach-1', [])).toEqual({ previous: null, remove: [] });
		expect(planCaches('coach-1', [cache('coach-1', 5), cache('other', 1)])).toEqual({
			previous: null,
			remove: []
		});
	});

	const caches = fc.array(
		fc.record({
			name: fc.oneof(fc.constantFrom('coach-1', 'coach-2', 'coach-3', 'other'), fc.string()),
			activatedAt: fc.nat(),
			hasCode: fc.boolean()
		}),
		{ maxLength: 8 }
	);

	it('removes only the app’s caches, never the current one, and leaves at most one other of them', () => {
		fc.assert(
			fc.property(fc.constantFrom('coach-1', 'coach-2'), caches, (current, found) => {
				const { remove, previous } = planCaches(current, found);
				expect(remove).not.toContain(current);
				for (const name of remove) expect(name.startsWith('coach-')).toBe(true);
				const left = new Set(
					found
						.map((c) => c.name)
						.filter((n) => n.startsWith('coach-') && n !== current && !remove.includes(n))
				);
				expect([...left]).toEqual(previous === null ? [] : [previous]);
			})
		);
	});

	it('keeps a cache with code, activated no earlier than any app cache with code it removes', () => {
		fc.assert(
			fc.property(caches, (found) => {
				const { remove, previous } = planCaches('coach-now', found);
				const candidates = found.filter(
					(c) => c.name.startsWith('coach-') && c.name !== 'coach-now' && c.hasCode
				);
				if (previous === null) {
					expect(candidates).toEqual([]);
					return;
				}
				const kept = found.filter((c) => c.name === previous);
				expect(kept.some((c) => c.hasCode)).toBe(true);
				const keptAt = Math.max(...kept.filter((c) => c.hasCode).map((c) => c.activatedAt));
				for (const c of candidates) {
					if (remove.includes(c.name)) expect(c.activatedAt).toBeLessThanOrEqual(keptAt);
				}
			})
		);
	});
});

describe('isImmutableAsset', () => {
	it('is true for built code only, under the base path', () => {
		expect(isImmutableAsset('/_app/immutable/chunks/machine.abc.js')).toBe(true);
		expect(isImmutableAsset('/_app/version.json')).toBe(false);
		expect(isImmutableAsset('/practice')).toBe(false);
		expect(isImmutableAsset('/coach/_app/immutable/x.js', '/coach')).toBe(true);
		expect(isImmutableAsset('/_app/immutable/x.js', '/coach')).toBe(false);
	});
});
