/**
 * Stores for the tests (issue 19): every store test runs on each kind in `STORE_KINDS`. SQLite:
 * a file in a temp folder (its folder not yet made). PostgreSQL: a schema of its own on the run's
 * PostgreSQL (`tests/postgres-setup.ts`), dropped at cleanup; without PostgreSQL, opening one
 * fails and says what is missing. Used by the tests only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgresStore } from './postgres';
import { openSqliteStore } from './sqlite';
import type { Store } from './types';

/** The store kinds every contract runs on. */
export const STORE_KINDS = ['sqlite', 'postgres'] as const;

/** One kind of store. */
export type StoreKind = (typeof STORE_KINDS)[number];

/** The admin URL of the run's PostgreSQL; throws saying what is missing when there is none. */
export function postgresUrl(): string {
	const url = inject('postgresUrl');
	if (!url) throw new Error(inject('postgresProblem') || 'No PostgreSQL for the tests.');
	return url;
}

/** A place for one test's data: `open()` opens a store on it (again after a close), `cleanup()` removes it. */
export interface TestStore {
	kind: StoreKind;
	/** The SQLite file, or the PostgreSQL URL (with its schema in `schema`). */
	where: string;
	schema: string | null;
	open(): Promise<Store>;
	cleanup(): Promise<void>;
}

/** A fresh, empty place of `kind` (nothing is created before the first `open()`). */
export function testStore(kind: StoreKind): TestStore {
	if (kind === 'sqlite') {
		const dir = mkdtempSync(join(tmpdir(), 'class-test-'));
		const path = join(dir, 'nested', 'dir', 'coach.db');
		return {
			kind,
			where: path,
			schema: null,
			open: () => openSqliteStore(path),
			cleanup: async () => rmSync(dir, { recursive: true, force: true })
		};
	}
	const url = postgresUrl();
	const schema = `t_${randomBytes(6).toString('hex')}`;
	return {
		kind,
		where: url,
		schema,
		open: () => openPostgresStore({ url, schema, poolSize: 4 }),
		async cleanup() {
			const client = new pg.Client({ connectionString: url });
			await client.connect();
			try {
				await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
			} finally {
				await client.end();
			}
		}
	};
}

/** Runs `sql` on the test store's database directly (as a person reading it would), returning the rows. */
export async function rawQuery(t: TestStore, sql: string): Promise<Record<string, unknown>[]> {
	if (t.kind === 'sqlite') {
		const { default: Database } = await import('better-sqlite3');
		const db = new Database(t.where);
		try {
			const stmt = db.prepare(sql);
			return stmt.reader ? (stmt.all() as Record<string, unknown>[]) : (stmt.run(), []);
		} finally {
			db.close();
		}
	}
	const client = new pg.Client({
		connectionString: t.where,
		options: `-c search_path=${t.schema}`
	});
	await client.connect();
	try {
		return (await client.query(sql)).rows as Record<string, unknown>[];
	} finally {
		await client.end();
	}
}
