import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isImmutableAsset, planCaches, type FoundCache } from './caches';

describe('planCaches', () => {
	it('keeps the newest older version for its built code and deletes the rest', () => {
		const found: FoundCache[] = [
			{ name: 'coach-0', installedAt: 0 },
			{ name: 'coach-b', installedAt: 2000 },
			{ name: 'coach-a', installedAt: 1000 },
			{ name: 'coach-c', installedAt: 3000 },
			{ name: 'someone-else', installedAt: 9000 }
		];
		expect(planCaches('coach-c', found)).toEqual({
			previous: 'coach-b',
			remove: ['coach-0', 'coach-a', 'someone-else']
		});
	});

	it('keeps an older cache with no install record when it is the only one', () => {
		expect(planCaches('coach-new', [{ name: 'coach-old', installedAt: 0 }])).toEqual({
			previous: 'coach-old',
			remove: []
		});
	});

	it('has nothing to keep on a first install', () => {
		expect(planCaches('coach-1', [])).toEqual({ previous: null, remove: [] });
		expect(planCaches('coach-1', [{ name: 'coach-1', installedAt: 5 }])).toEqual({
			previous: null,
			remove: []
		});
	});

	const caches = fc.array(
		fc.record({
			name: fc.oneof(fc.constantFrom('coach-1', 'coach-2', 'coach-3', 'other'), fc.string()),
			installedAt: fc.nat()
		}),
		{ maxLength: 8 }
	);

	it('never removes the current cache, and leaves at most one other cache', () => {
		fc.assert(
			fc.property(fc.constantFrom('coach-1', 'coach-2'), caches, (current, found) => {
				const { remove, previous } = planCaches(current, found);
				expect(remove).not.toContain(current);
				const left = new Set(found.map((c) => c.name).filter((n) => !remove.includes(n)));
				left.delete(current);
				expect([...left]).toEqual(previous === null ? [] : [previous]);
			})
		);
	});

	it('keeps an app cache no older than any other app cache it removes', () => {
		fc.assert(
			fc.property(caches, (found) => {
				const { remove, previous } = planCaches('coach-now', found);
				if (previous === null) {
					expect(found.some((c) => c.name.startsWith('coach-') && c.name !== 'coach-now')).toBe(
						false
					);
					return;
				}
				expect(previous.startsWith('coach-')).toBe(true);
				const kept = Math.max(
					...found.filter((c) => c.name === previous).map((c) => c.installedAt)
				);
				for (const c of found) {
					if (remove.includes(c.name) && c.name.startsWith('coach-'))
						expect(c.installedAt).toBeLessThanOrEqual(kept);
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
