/**
 * The limits shared by every instance on a store (issue 19), on SQLite and on PostgreSQL: a
 * token bucket counts the takes of two instances together and says how long to wait; a stream
 * cap holds across instances, even when they open at once; a closed stream frees its place; the
 * leases of an instance that died stop counting once they run out. And the embedded store's
 * limits in memory do the same within one process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LEASE_MS, memoryLimits, storeLimits, type ClassLimits } from './limits';
import { STORE_KINDS, testStore, type TestStore } from './store/testing';
import type { Store } from './store';

const SETTINGS = {
	joins: { capacity: 3, perSecond: 0.5 },
	creations: { capacity: 1, perSecond: 0.01 },
	lookups: { capacity: 2, perSecond: 1 },
	answers: { capacity: 2, perSecond: 0.25 },
	streams: 2
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const c of cleanups.splice(0).reverse()) await c();
});

async function instances(kind: (typeof STORE_KINDS)[number], clock: { now: number }) {
	const place: TestStore = testStore(kind);
	cleanups.push(() => place.cleanup());
	const open = async (): Promise<[Store, ClassLimits]> => {
		const store = await place.open();
		const limits = storeLimits(store, SETTINGS, () => clock.now);
		cleanups.push(async () => {
			await limits.close();
			await store.close();
		});
		return [store, limits];
	};
	return [await open(), await open()] as const;
}

describe.each(STORE_KINDS)('limits shared on %s', (kind) => {
	it('a token bucket counts every instance, and says when to retry', async () => {
		const clock = { now: 1_000_000 };
		const [[, a], [, b]] = await instances(kind, clock);
		expect(await a.joins.take('1.2.3.4')).toEqual({ ok: true });
		expect(await b.joins.take('1.2.3.4')).toEqual({ ok: true });
		expect(await a.joins.take('1.2.3.4')).toEqual({ ok: true });
		expect(await b.joins.take('1.2.3.4')).toEqual({ ok: false, retryAfter: 2 });
		expect(await b.joins.take('5.6.7.8')).toEqual({ ok: true });
		expect(await b.lookups.take('1.2.3.4')).toEqual({ ok: true });
		clock.now += 2_000;
		expect(await a.joins.take('1.2.3.4')).toEqual({ ok: true });
		expect(await a.joins.take('1.2.3.4')).toEqual({ ok: false, retryAfter: 2 });
		const burst = await Promise.all(Array.from({ length: 6 }, () => a.lookups.take('9.9.9.9')));
		expect(burst.filter((d) => d.ok)).toHaveLength(2);
		// Homework's answer sends: a bucket of their own, counted across instances too.
		expect(await a.answers.take('1.2.3.4')).toEqual({ ok: true });
		expect(await b.answers.take('1.2.3.4')).toEqual({ ok: true });
		expect(await a.answers.take('1.2.3.4')).toEqual({ ok: false, retryAfter: 4 });
	});

	it('a stream cap holds across instances opening at once; closing frees a place', async () => {
		const clock = { now: 1_000_000 };
		const [[, a], [, b]] = await instances(kind, clock);
		const opened = await Promise.all([a, b, a, b, a].map((l) => l.streams.take('student:X:1')));
		const held = opened.filter((r) => r !== null);
		expect(held).toHaveLength(2);
		expect(await b.streams.take('student:X:2')).not.toBeNull();
		held[0]!();
		held[0]!();
		await expect
			.poll(async () => {
				const again = await b.streams.take('student:X:1');
				again?.();
				return again !== null;
			})
			.toBe(true);
	});

	it("a dead instance's streams stop counting once their leases run out", async () => {
		const clock = { now: 1_000_000 };
		const [[, a], [, b]] = await instances(kind, clock);
		expect(await a.streams.take('screen:1.1.1.1')).not.toBeNull();
		expect(await a.streams.take('screen:1.1.1.1')).not.toBeNull();
		expect(await b.streams.take('screen:1.1.1.1')).toBeNull();
		clock.now += LEASE_MS + 1;
		expect(await b.streams.take('screen:1.1.1.1')).not.toBeNull();
	});
});

describe('limits in memory (the embedded store: one instance)', () => {
	it('counts takes and open streams per key', async () => {
		const clock = { now: 0 };
		const limits = memoryLimits(SETTINGS, () => clock.now);
		expect(await limits.creations.take('a')).toEqual({ ok: true });
		expect(await limits.creations.take('a')).toEqual({ ok: false, retryAfter: 100 });
		const first = await limits.streams.take('k');
		expect(await limits.streams.take('k')).not.toBeNull();
		expect(await limits.streams.take('k')).toBeNull();
		first!();
		first!();
		expect(await limits.streams.take('k')).not.toBeNull();
		expect(await limits.streams.take('k')).toBeNull();
	});
});
