/**
 * The embedded store (issue 19): SQLite through better-sqlite3, WAL, `synchronous = FULL`. Reads
 * run on the app's thread (a WAL reader never waits for the writer); every write goes to the
 * writer thread (`./sqlite-worker.ts`), which groups the writes that arrive while it syncs into
 * one transaction. One app instance per database file: the bus only reaches this process.
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { LocalBus } from './bus';
import { migrate } from './migrations';
import type { Database as Tables } from './schema';
import {
	ConflictError,
	StorageError,
	coalesce,
	type Notice,
	type Store,
	type Write,
	type WriteResult
} from './types';
import {
	WRITER_SOURCE,
	type WriteRequest,
	type WriterData,
	type WriterReply,
	type WriterRequest
} from './sqlite-worker';

/** Where the database lives when `DATABASE_PATH` is not set. */
export const DEFAULT_DATABASE_PATH = 'data/coach.db';

/** The database path the app uses: `DATABASE_PATH`, else `data/coach.db` (relative to the working directory). */
export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
	const path = env.DATABASE_PATH?.trim();
	return path ? path : DEFAULT_DATABASE_PATH;
}

interface Waiting {
	resolve: (results: WriteResult[]) => void;
	reject: (error: Error) => void;
}

/**
 * Opens (creating it and its folder if needed) the SQLite database at `path`, migrates it and
 * starts its writer thread. `synchronous`: FULL (the default: the WAL is synced on every commit,
 * so a commit survives a power cut) or NORMAL (for measuring what FULL costs). Throws
 * `StorageError` when the file cannot be opened or migrated.
 */
export async function openSqliteStore(
	path: string,
	synchronous: 'FULL' | 'NORMAL' = 'FULL'
): Promise<Store> {
	if (path === ':memory:') throw new StorageError('The class store needs a database file.');
	let reader: Database.Database;
	try {
		mkdirSync(dirname(resolve(path)), { recursive: true });
		reader = new Database(path, { timeout: 5_000 });
		reader.pragma('journal_mode = WAL');
		reader.pragma(`synchronous = ${synchronous}`);
		reader.pragma('foreign_keys = ON');
	} catch (error) {
		throw new StorageError(`The database ${path} cannot be opened: ${String(error)}`, {
			cause: error
		});
	}
	const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: reader }) });
	try {
		await migrate(db);
	} catch (error) {
		await db.destroy();
		throw error;
	}
	const data: WriterData = {
		path: resolve(path),
		driver: createRequire(import.meta.url).resolve('better-sqlite3'),
		synchronous
	};
	const worker = new Worker(WRITER_SOURCE, { eval: true, workerData: data });
	worker.unref();
	return new SqliteStore(db, worker);
}

class SqliteStore implements Store {
	readonly kind = 'sqlite';
	readonly shared = false;
	readonly bus = new LocalBus();
	private readonly waiting = new Map<number, Waiting>();
	private next = 1;
	private outbox: WriteRequest[] = [];
	private broken: string | null = null;
	private exited: Promise<void>;

	constructor(
		readonly db: Kysely<Tables>,
		private readonly worker: Worker
	) {
		worker.on('message', (replies: WriterReply[]) => replies.forEach((r) => this.answer(r)));
		worker.on('error', (error) => this.fail(`The database writer stopped: ${error.message}`));
		this.exited = new Promise((done) =>
			worker.once('exit', () => {
				this.fail('The database is closed.');
				done();
			})
		);
	}

	write(writes: readonly Write[], notices: readonly Notice[] = []): Promise<WriteResult[]> {
		if (this.broken) return Promise.reject(new StorageError(this.broken));
		const id = this.next++;
		const request: WriteRequest = {
			id,
			statements: writes.map((w) => ({
				sql: w.query.sql,
				params: [...w.query.parameters],
				expectRows: w.expectRows,
				conflict: w.conflict
			}))
		};
		return new Promise<WriteResult[]>((resolve, reject) => {
			this.waiting.set(id, { resolve, reject });
			this.send(request);
		}).then((results) => {
			this.bus.publish(coalesce(notices));
			return results;
		});
	}

	/** Sends the writes of this turn of the event loop to the writer in one message. */
	private send(request: WriteRequest): void {
		this.outbox.push(request);
		if (this.outbox.length > 1) return;
		queueMicrotask(() => {
			const writes = this.outbox;
			this.outbox = [];
			this.worker.ref();
			this.worker.postMessage({ kind: 'write', writes } satisfies WriterRequest);
		});
	}

	async close(): Promise<void> {
		if (!this.broken) this.worker.postMessage({ kind: 'close' } satisfies WriterRequest);
		this.broken ??= 'The database is closed.';
		await this.exited;
		await this.db.destroy();
	}

	private answer(reply: WriterReply): void {
		const waiting = this.waiting.get(reply.id);
		if (!waiting) return;
		this.waiting.delete(reply.id);
		if (this.waiting.size === 0) this.worker.unref();
		if (reply.ok) waiting.resolve(reply.results);
		else if (reply.conflict !== null) waiting.reject(new ConflictError(reply.conflict));
		else waiting.reject(new StorageError(reply.message));
	}

	private fail(message: string): void {
		this.broken ??= message;
		for (const w of this.waiting.values()) w.reject(new StorageError(message));
		this.waiting.clear();
	}
}
