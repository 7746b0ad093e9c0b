/**
 * The SQLite writer thread (issue 19): one better-sqlite3 connection on a worker thread, so the
 * disk sync of `synchronous = FULL` never blocks the app's event loop. Every write request that
 * arrives while the thread is busy (syncing the last commit) waits, and the waiting requests
 * then commit together: one transaction, one savepoint per request (a request whose expectation
 * fails rolls back alone), one sync for the group. A request is answered only after its group's
 * COMMIT returned, so an acknowledged write survives `kill -9` and a power cut.
 *
 * The thread runs `writerMain`'s text (`WRITER_SOURCE`, `eval: true`): the function must stay
 * self-contained (no imports, no outside names); `load` is the worker's `require`.
 */

/** One write: run these statements atomically (`id` answers it). */
export interface WriteRequest {
	id: number;
	statements: { sql: string; params: unknown[]; expectRows?: number; conflict?: string }[];
}

/** What the app asks the writer: the writes of one turn of its event loop, or to close. */
export type WriterRequest = { kind: 'write'; writes: WriteRequest[] } | { kind: 'close' };

/** The writer's answer to one write: the statements' results, a conflict, or an error (a group's answers go in one message). */
export type WriterReply =
	| { id: number; ok: true; results: { changes: number; rows: Record<string, unknown>[] }[] }
	| { id: number; ok: false; conflict: string; message: string }
	| { id: number; ok: false; conflict: null; message: string };

/** What the thread is started with: the database file, the driver's module path, the pragmas. */
export interface WriterData {
	path: string;
	driver: string;
	synchronous: 'FULL' | 'NORMAL';
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the thread's own untyped world */
function writerMain(load: (id: string) => any): void {
	const { parentPort, workerData } = load('node:worker_threads');
	const Database = load(workerData.driver);
	const db = new Database(workerData.path, { timeout: 5000 });
	db.pragma('journal_mode = WAL');
	db.pragma(`synchronous = ${workerData.synchronous}`);
	db.pragma('foreign_keys = ON');
	const statements = new Map<string, any>();
	const prepare = (text: string) => {
		let stmt = statements.get(text);
		if (!stmt) {
			stmt = db.prepare(text);
			statements.set(text, stmt);
			if (statements.size > 500) statements.delete(statements.keys().next().value as string);
		}
		return stmt;
	};
	const isUnique = (e: any) =>
		typeof e?.code === 'string' &&
		(e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === 'SQLITE_CONSTRAINT_UNIQUE');
	let queue: any[] = [];
	let scheduled = false;

	const runOne = (request: any) => {
		const results = [];
		for (const s of request.statements) {
			const stmt = prepare(s.sql);
			const rows: any[] = stmt.reader ? stmt.all(...s.params) : [];
			const changes: number = stmt.reader ? rows.length : stmt.run(...s.params).changes;
			if (s.expectRows !== undefined && s.expectRows !== changes) {
				const conflict = s.conflict ?? 'expectation';
				throw Object.assign(new Error(`expected ${s.expectRows} rows, got ${changes}`), {
					conflict
				});
			}
			results.push({ changes, rows });
		}
		return results;
	};

	const flush = () => {
		scheduled = false;
		const group = queue;
		queue = [];
		if (group.length === 0) return;
		const replies: any[] = [];
		try {
			db.exec('BEGIN IMMEDIATE');
			for (const request of group) {
				db.exec('SAVEPOINT request');
				try {
					replies.push({ id: request.id, ok: true, results: runOne(request) });
					db.exec('RELEASE request');
				} catch (error: any) {
					db.exec('ROLLBACK TO request');
					db.exec('RELEASE request');
					const conflict = error?.conflict ?? (isUnique(error) ? 'unique' : null);
					replies.push({ id: request.id, ok: false, conflict, message: String(error?.message) });
				}
			}
			db.exec('COMMIT');
		} catch (error: any) {
			if (db.inTransaction) db.exec('ROLLBACK');
			const message = String(error?.message ?? error);
			parentPort.postMessage(
				group.map((r: any) => ({ id: r.id, ok: false, conflict: null, message }))
			);
			return;
		}
		parentPort.postMessage(replies);
	};

	parentPort.on('message', (request: any) => {
		if (request.kind === 'close') {
			if (queue.length > 0) flush();
			db.close();
			parentPort.close();
			return;
		}
		queue.push(...request.writes);
		if (!scheduled) {
			scheduled = true;
			setImmediate(flush);
		}
	});
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The thread's program text: `writerMain` called with the worker's `require`. */
export const WRITER_SOURCE = `(${writerMain.toString()})(require);`;
