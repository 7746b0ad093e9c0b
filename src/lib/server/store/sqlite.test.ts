/**
 * What only the SQLite store does (issue 19): the checkpointer thread copies committed pages
 * from the WAL into the database file on its own, so the writer never stops a commit for it.
 */
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from './testing';
import type { Store } from './types';

let place: TestStore | null = null;
let store: Store | null = null;
afterEach(async () => {
	await store?.close().catch(() => undefined);
	await place?.cleanup();
	store = null;
	place = null;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the SQLite store', () => {
	it('copies committed writes into the database file beside the writer (a checkpoint)', async () => {
		place = testStore('sqlite');
		store = await place.open();
		const before = statSync(place.where).size;
		const big = 'x'.repeat(20_000);
		// 50 commits of 20 KB: 1 MB, far below the writer's own checkpoint (16 MB of WAL).
		for (let i = 0; i < 50; i++) {
			const query = store.db
				.insertInto('sessions')
				.values({
					code: `S${i}`,
					teacher_hash: 'h',
					config: '{}',
					questions: big,
					created_at: 1,
					updated_at: 1,
					phase: 'lobby',
					seq: 0
				})
				.compile();
			await store.write([{ query }]);
		}
		let size = statSync(place.where).size;
		for (let waited = 0; size < before + 1_000_000 && waited < 5_000; waited += 50) {
			await sleep(50);
			size = statSync(place.where).size;
		}
		expect(size).toBeGreaterThanOrEqual(before + 1_000_000);
		const rows = await store.db.selectFrom('sessions').select('code').execute();
		expect(rows).toHaveLength(50);
	});
});
