/**
 * The store contract (issue 19): what every `Store` does, run on SQLite and on a real
 * PostgreSQL. Migrations on first start (and harmless again), atomic writes, expectations and
 * unique keys as `ConflictError`, a failure as `StorageError`, and the bus: every instance on
 * the database hears a committed write's notices, coalesced per topic.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_KINDS, rawQuery, testStore, type TestStore } from './testing';
import { ConflictError, StorageError, type Notice, type Store } from './types';

const open: Store[] = [];
const places: TestStore[] = [];
afterEach(async () => {
	for (const s of open.splice(0)) await s.close().catch(() => undefined);
	for (const p of places.splice(0)) await p.cleanup();
});

async function fresh(kind: (typeof STORE_KINDS)[number]) {
	const place = testStore(kind);
	places.push(place);
	const store = await place.open();
	open.push(store);
	return { place, store };
}

const insertRate = (store: Store, key: string, tokens = 1) =>
	store.db.insertInto('rate_buckets').values({ key, tokens, at: 1 }).compile();

describe.each(STORE_KINDS)('the store contract on %s', (kind) => {
	it('creates the schema on first start, and opening again changes nothing', async () => {
		const { place, store } = await fresh(kind);
		await store.write([{ query: insertRate(store, 'a') }]);
		await store.close();
		const again = await place.open();
		open.push(again);
		const rows = await again.db.selectFrom('rate_buckets').selectAll().execute();
		expect(rows).toEqual([{ key: 'a', tokens: 1, at: 1 }]);
		const migrations = await rawQuery(place, 'SELECT name FROM kysely_migration ORDER BY name');
		expect(migrations.map((m) => m.name)).toEqual([
			'0001-class-sessions',
			'0002-several-instances',
			'0003-homework'
		]);
	});

	it('opens beside another store of the same database (its own migration tables, not the other’s)', async () => {
		const first = await fresh(kind);
		const second = await fresh(kind);
		await second.store.write([{ query: insertRate(second.store, 'b') }]);
		const names = 'SELECT name FROM kysely_migration ORDER BY name';
		const ran = await rawQuery(second.place, names);
		expect(ran.length).toBeGreaterThan(0);
		expect(ran).toEqual(await rawQuery(first.place, names));
		expect(await first.store.db.selectFrom('rate_buckets').selectAll().execute()).toEqual([]);
	});

	it('writes all or nothing: a failed expectation keeps none of the write', async () => {
		const { store } = await fresh(kind);
		const bump = store.db
			.updateTable('rate_buckets')
			.set({ tokens: 5 })
			.where('key', '=', 'missing')
			.compile();
		const failed = store.write([
			{ query: insertRate(store, 'x') },
			{ query: bump, expectRows: 1, conflict: 'missing-row' }
		]);
		await expect(failed).rejects.toBeInstanceOf(ConflictError);
		await expect(failed).rejects.toMatchObject({ conflict: 'missing-row' });
		expect(await store.db.selectFrom('rate_buckets').selectAll().execute()).toEqual([]);
		const results = await store.write([
			{ query: insertRate(store, 'x') },
			{
				query: store.db
					.updateTable('rate_buckets')
					.set({ tokens: 7 })
					.where('key', '=', 'x')
					.returning(['tokens'])
					.compile(),
				expectRows: 1
			}
		]);
		expect(results.map((r) => r.changes)).toEqual([1, 1]);
		expect(results[1]!.rows).toEqual([{ tokens: 7 }]);
	});

	it('turns a taken key into ConflictError("unique"), and keeps the rest of a batch of writes', async () => {
		const { store } = await fresh(kind);
		await store.write([{ query: insertRate(store, 'k') }]);
		const [dup, other] = await Promise.allSettled([
			store.write([{ query: insertRate(store, 'k', 2) }]),
			store.write([{ query: insertRate(store, 'other') }])
		]);
		expect(dup.status === 'rejected' && dup.reason).toMatchObject({ conflict: 'unique' });
		expect(other.status).toBe('fulfilled');
		const keys = await store.db.selectFrom('rate_buckets').select('key').orderBy('key').execute();
		expect(keys.map((k) => k.key)).toEqual(['k', 'other']);
	});

	it('says StorageError when the database cannot be written, and after close', async () => {
		const { store } = await fresh(kind);
		const broken = { ...insertRate(store, 'z'), sql: 'INSERT INTO nowhere VALUES (1)' };
		await expect(store.write([{ query: broken }])).rejects.toBeInstanceOf(StorageError);
		await store.close();
		await expect(store.write([{ query: insertRate(store, 'y') }])).rejects.toBeInstanceOf(
			StorageError
		);
	});

	it('tells the bus after the commit, coalesced to the latest seq of each topic', async () => {
		const { place, store } = await fresh(kind);
		const others = kind === 'postgres' ? [await place.open()] : [];
		open.push(...others);
		const heard: Notice[][] = [[], []];
		const stops = [store, ...others].map((s, i) => s.bus.subscribe((n) => heard[i]!.push(n)));
		const seen: boolean[] = [];
		store.bus.subscribe((n) => {
			// A notice comes after its own commit: the row its write inserted is there to read.
			const key = n.topic === 'a' ? `r${n.seq}` : 'b1';
			void store.db
				.selectFrom('rate_buckets')
				.select('key')
				.where('key', '=', key)
				.executeTakeFirst()
				.then((row) => seen.push(row !== undefined));
		});
		await Promise.all(
			[1, 2, 3].map((seq) =>
				store.write([{ query: insertRate(store, `r${seq}`) }], [{ topic: 'a', seq }])
			)
		);
		await store.write(
			[{ query: insertRate(store, 'b1') }],
			[
				{ topic: 'b', seq: 1 },
				{ topic: 'b', seq: 4 }
			]
		);
		for (const list of heard.slice(0, 1 + others.length)) {
			await expect.poll(() => list.find((n) => n.topic === 'b')?.seq).toBe(4);
			await expect
				.poll(() => Math.max(...list.filter((n) => n.topic === 'a').map((n) => n.seq)))
				.toBe(3);
			expect(list.filter((n) => n.topic === 'b')).toHaveLength(1);
		}
		await expect.poll(() => seen.length).toBeGreaterThan(0);
		expect(seen.every((s) => s)).toBe(true);
		for (const stop of stops) stop();
	});
});
