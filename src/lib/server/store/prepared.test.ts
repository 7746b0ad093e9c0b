/**
 * Prepared queries (issue 19): compiled once per shape, they bind to exactly the query Kysely
 * compiles for the same values, on both dialects, and run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { prepared, preparedInsert } from './prepared';
import { STORE_KINDS, testStore, type TestStore } from './testing';
import type { Store } from './types';

const opened: [TestStore, Store][] = [];
afterEach(async () => {
	for (const [place, store] of opened.splice(0)) {
		await store.close();
		await place.cleanup();
	}
});

describe.each(STORE_KINDS)('prepared queries on %s', (kind) => {
	it('bind to what Kysely compiles, for every shape, and run', async () => {
		const place = testStore(kind);
		const store = await place.open();
		opened.push([place, store]);
		const db = store.db;
		const insert = preparedInsert(db, 'rate_buckets', ['key', 'tokens', 'at']);
		for (const rows of [
			[{ key: 'a', tokens: 1.5, at: 10 }],
			[
				{ key: 'b', tokens: 2, at: 20 },
				{ key: 'c', tokens: 3, at: 30 }
			],
			[{ key: 'd', tokens: 4, at: 40 }]
		]) {
			const bound = insert(rows);
			const direct = db.insertInto('rate_buckets').values(rows).compile();
			expect({ sql: bound.sql, parameters: bound.parameters }).toEqual({
				sql: direct.sql,
				parameters: direct.parameters
			});
			await store.write([{ query: bound }]);
		}
		const bump = prepared<{ key: string; tokens: number }>((p) =>
			db
				.updateTable('rate_buckets')
				.set({ tokens: p('tokens'), at: 99 })
				.where('key', '=', p('key'))
				.compile()
		);
		const [changed] = await store.write([{ query: bump({ key: 'c', tokens: 7 }) }]);
		expect(changed!.changes).toBe(1);
		const rows = await db.selectFrom('rate_buckets').selectAll().orderBy('key').execute();
		expect(rows.map((r) => [r.key, r.tokens, r.at])).toEqual([
			['a', 1.5, 10],
			['b', 2, 20],
			['c', 7, 99],
			['d', 4, 40]
		]);
		expect(() => bump({ key: 'x' } as never)).toThrow('no value for tokens');
	});
});
