/**
 * The SQLite database of class sessions (issue 4): better-sqlite3 in WAL mode. The file comes from
 * `DATABASE_PATH` (default `data/coach.db`); its directory is created on first start. Tables:
 * `sessions` (settings, questions, phase, last event id), `students`, `answers` and `events` (every
 * accepted machine event, in order: replaying them rebuilds a session after a restart).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** An open database connection. */
export type Db = Database.Database;

/** Where the database lives when `DATABASE_PATH` is not set. */
export const DEFAULT_DATABASE_PATH = 'data/coach.db';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
	code TEXT PRIMARY KEY,
	teacher_hash TEXT NOT NULL,
	config TEXT NOT NULL,
	questions TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	phase TEXT NOT NULL,
	seq INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS sessions_idle ON sessions(phase, updated_at);
CREATE TABLE IF NOT EXISTS students (
	id TEXT PRIMARY KEY,
	session_code TEXT NOT NULL REFERENCES sessions(code) ON DELETE CASCADE,
	token_hash TEXT NOT NULL UNIQUE,
	name TEXT NOT NULL,
	name_key TEXT NOT NULL,
	joined_at INTEGER NOT NULL,
	removed_at INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS students_name
	ON students(session_code, name_key) WHERE removed_at IS NULL;
CREATE TABLE IF NOT EXISTS answers (
	session_code TEXT NOT NULL REFERENCES sessions(code) ON DELETE CASCADE,
	question INTEGER NOT NULL,
	student_id TEXT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
	pays TEXT NOT NULL,
	total INTEGER NOT NULL,
	at INTEGER NOT NULL,
	correct INTEGER NOT NULL,
	wrong TEXT NOT NULL,
	misconceptions TEXT NOT NULL,
	PRIMARY KEY (session_code, question, student_id)
);
CREATE TABLE IF NOT EXISTS events (
	session_code TEXT NOT NULL REFERENCES sessions(code) ON DELETE CASCADE,
	seq INTEGER NOT NULL,
	type TEXT NOT NULL,
	data TEXT NOT NULL,
	at INTEGER NOT NULL,
	PRIMARY KEY (session_code, seq)
);
`;

/**
 * Opens (creating if needed) the database at `path`, creates its directory and the schema, and
 * sets WAL journaling, `synchronous = FULL` (a committed transaction survives a killed process
 * and a power cut: the WAL is synced on every commit), foreign keys and a 5 s busy timeout. `':memory:'` opens a private in-memory database.
 */
export function openDatabase(path: string, synchronous: 'FULL' | 'NORMAL' = 'FULL'): Db {
	if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
	const db = new Database(path, { timeout: 5_000 });
	db.pragma('journal_mode = WAL');
	db.pragma(`synchronous = ${synchronous}`);
	db.pragma('foreign_keys = ON');
	db.exec(SCHEMA);
	return db;
}

/** The database path the app uses: `DATABASE_PATH`, else `data/coach.db` (relative to the working directory). */
export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
	const path = env.DATABASE_PATH?.trim();
	return path ? path : DEFAULT_DATABASE_PATH;
}

let shared: Db | null = null;

/** The app's shared connection, opened on first use from `databasePath()`. */
export function getDatabase(): Db {
	if (!shared || !shared.open) shared = openDatabase(databasePath());
	return shared;
}

/** Closes the shared connection (checkpointing the WAL); the next `getDatabase()` opens it again. */
export function closeDatabase(): void {
	if (shared?.open) shared.close();
	shared = null;
}
