/**
 * The one async interface of server persistence (issue 19), after Emmett's event store: a
 * `Store` runs the queries of every feature (built once with Kysely, so the same code serves
 * SQLite and PostgreSQL), writes atomically with expectations that turn a lost race into a
 * `ConflictError`, and has an `EventBus` that says "topic X has new events up to N" to every
 * app instance on the same database. Implementations: `./sqlite` (embedded, one instance; the
 * writes on a worker thread) and `./postgres` (`DATABASE_URL=postgres://…`, several instances).
 * Proven by one contract suite (`./contract.test.ts`) on both.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * One statement of an atomic write: a query compiled with `store.db` (`.compile()`). With
 * `expectRows`, the statement must change exactly that many rows, else the whole write is
 * rolled back and `ConflictError` is thrown with `conflict` (default `'expectation'`).
 */
export interface Write {
	query: CompiledQuery;
	expectRows?: number;
	conflict?: string;
}

/** What one statement of a write did: the rows it changed, and the rows it returned (`RETURNING`, `SELECT`). */
export interface WriteResult {
	changes: number;
	rows: Record<string, unknown>[];
}

/** "Topic `topic` has new events up to sequence number `seq`" (a class session: `class:CODE`). */
export interface Notice {
	topic: string;
	seq: number;
}

/** Hears the notices of every instance on the same database (coalesced: the latest seq per topic). */
export interface EventBus {
	/**
	 * Calls `onNotice` for every notice after its write committed (on any instance), and
	 * `onGap` when notices may have been missed (the listening connection was lost and is
	 * back): then every topic may be behind. Returns the function that stops listening.
	 */
	subscribe(onNotice: (notice: Notice) => void, onGap?: () => void): () => void;
}

/** A store of the app's data; see the module comment. */
export interface Store {
	/** Which implementation. */
	readonly kind: 'sqlite' | 'postgres';
	/** True when several app instances may share this store: an instance must catch up before it decides. */
	readonly shared: boolean;
	/** The query builder: reads, and writes compiled for `write`. Its tables are `Database`'s. */
	readonly db: Kysely<Database>;
	/**
	 * Runs `writes` in order in one transaction (all or nothing), durably (on disk when the
	 * promise resolves: a killed process or a power cut keeps it), then publishes `notices` on
	 * the bus. Throws `ConflictError` when an expectation fails or a unique key is taken
	 * (`conflict: 'unique'`), `StorageError` when the database cannot be written.
	 */
	write(writes: readonly Write[], notices?: readonly Notice[]): Promise<WriteResult[]>;
	/** The bus of this database. */
	readonly bus: EventBus;
	/** Closes the connections (and the worker thread); pending writes finish first. */
	close(): Promise<void>;
}

/**
 * A write lost a race: an expectation failed (`conflict` names it: the class repository's
 * `'sequence'` means another write took the expected sequence number first) or a unique key was
 * already taken (`'unique'`). Nothing of the write was kept.
 */
export class ConflictError extends Error {
	/** `conflict`: which expectation failed. */
	constructor(
		readonly conflict: string,
		message = `The write lost a race (${conflict}).`
	) {
		super(message);
		this.name = 'ConflictError';
	}
}

/** The database cannot be read or written (closed, unreachable, full, broken schema). */
export class StorageError extends Error {
	/** `message`: the database's own words. */
	constructor(message: string, options?: { cause?: unknown }) {
		super(message, options);
		this.name = 'StorageError';
	}
}

/**
 * Runs `write` (an insert) on `store`: true when it was kept, false when a unique key it sets
 * was already taken (a code or a name someone has). Any other failure is thrown.
 */
export async function insertUnlessTaken(store: Store, write: Write): Promise<boolean> {
	try {
		await store.write([write]);
		return true;
	} catch (error) {
		if (error instanceof ConflictError && error.conflict === 'unique') return false;
		throw error;
	}
}

/** Groups notices by topic, keeping the highest sequence number of each (coalescing). */
export function coalesce(notices: readonly Notice[]): Notice[] {
	const latest = new Map<string, number>();
	for (const n of notices) latest.set(n.topic, Math.max(n.seq, latest.get(n.topic) ?? -1));
	return [...latest].map(([topic, seq]) => ({ topic, seq }));
}
