import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
	DEFAULT_DATABASE_PATH,
	closeDatabase,
	databasePath,
	getDatabase,
	openDatabase
} from './db';

const dirs: string[] = [];
afterEach(() => {
	closeDatabase();
	delete process.env.DATABASE_PATH;
	for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('database', () => {
	it('reads DATABASE_PATH, defaulting to data/coach.db', () => {
		expect(databasePath({})).toBe(DEFAULT_DATABASE_PATH);
		expect(databasePath({ DATABASE_PATH: '  ' })).toBe(DEFAULT_DATABASE_PATH);
		expect(databasePath({ DATABASE_PATH: '/tmp/x.db' })).toBe('/tmp/x.db');
	});

	it('creates the folder and the schema, in WAL mode with foreign keys', () => {
		const dir = mkdtempSync(join(tmpdir(), 'class-db-'));
		dirs.push(dir);
		const path = join(dir, 'a', 'b', 'coach.db');
		const db = openDatabase(path);
		expect(existsSync(path)).toBe(true);
		expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
		expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
		const tables = db
			.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
			.all()
			.map((r) => (r as { name: string }).name);
		expect(tables).toEqual(['answers', 'events', 'sessions', 'students']);
		db.close();
		expect(openDatabase(path).open).toBe(true);
	});

	it('shares one connection that opens again after closeDatabase()', () => {
		const dir = mkdtempSync(join(tmpdir(), 'class-db-'));
		dirs.push(dir);
		process.env.DATABASE_PATH = join(dir, 'shared.db');
		const first = getDatabase();
		expect(getDatabase()).toBe(first);
		first
			.prepare(
				`INSERT INTO sessions (code, teacher_hash, config, questions, created_at, updated_at, phase)
			VALUES ('ABCDEF', 'h', '{}', '[]', 1, 1, 'lobby')`
			)
			.run();
		closeDatabase();
		expect(first.open).toBe(false);
		const second = getDatabase();
		expect(second).not.toBe(first);
		expect(second.prepare(`SELECT code FROM sessions`).get()).toEqual({ code: 'ABCDEF' });
	});
});
