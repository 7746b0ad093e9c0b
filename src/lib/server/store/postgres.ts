/**
 * The PostgreSQL store (issue 19), chosen by `DATABASE_URL=postgres://…`: a `pg` pool for
 * queries and writes (each write one transaction), and one dedicated connection per instance
 * that LISTENs for the bus. A write's notices go out as `pg_notify` inside its transaction, so
 * PostgreSQL delivers them after the commit, to every instance (this one included); the bus
 * coalesces them per topic. If the listening connection drops, it reconnects and tells the
 * listeners of the gap (they catch up on everything).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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

/** Where to connect, and for tests a schema of their own (created if missing; its own bus channel). */
export interface PostgresOptions {
	url: string;
	schema?: string;
	/** Connections in the pool (default 10). */
	poolSize?: number;
}

/** True when `url` names a PostgreSQL database (`postgres://` or `postgresql://`). */
export const isPostgresUrl = (url: string | undefined): url is string =>
	typeof url === 'string' && /^postgres(ql)?:\/\//i.test(url.trim());

const INT8 = 20;
/** BIGINT columns (times in ms, counts) come back as numbers: every value here is below 2^53. */
const types: pg.CustomTypesConfig = {
	getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
		oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as never
};

const SAFE_NAME = /^[a-z_][a-z0-9_]{0,40}$/;

/**
 * Connects to PostgreSQL, migrates the schema and starts listening. Throws `StorageError` when
 * the server cannot be reached or the schema cannot be migrated.
 */
export async function openPostgresStore(options: PostgresOptions): Promise<Store> {
	const { url, schema } = options;
	if (schema !== undefined && !SAFE_NAME.test(schema)) {
		throw new StorageError(`"${schema}" is not a schema name this store uses.`);
	}
	const config: pg.PoolConfig = {
		connectionString: url,
		types,
		pipeline: true,
		max: options.poolSize ?? 10,
		...(schema ? { options: `-c search_path=${schema}` } : {})
	};
	const pool = new pg.Pool(config);
	pool.on('error', () => undefined);
	const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
	const channel = schema ? `coach_events_${schema}` : 'coach_events';
	try {
		if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
		// Kysely's migrator looks for its own tables in every schema unless told which: another
		// schema's (another app's, or a parallel test's) would be taken for this one's.
		const current = await pool.query<{ s: string | null }>('SELECT current_schema() AS s');
		await migrate(db, schema ?? current.rows[0]?.s ?? 'public');
	} catch (error) {
		await db.destroy().catch(() => undefined);
		if (error instanceof StorageError) throw error;
		throw new StorageError(`PostgreSQL cannot be reached: ${String(error)}`, { cause: error });
	}
	const store = new PostgresStore(db, pool, config, channel);
	try {
		await store.listen();
	} catch (error) {
		await store.close();
		throw new StorageError(`PostgreSQL cannot be listened to: ${String(error)}`, {
			cause: error
		});
	}
	return store;
}

class PostgresStore implements Store {
	readonly kind = 'postgres';
	readonly shared = true;
	readonly bus = new LocalBus();
	private listener: pg.Client | null = null;
	private closed = false;
	private retry: ReturnType<typeof setTimeout> | null = null;

	constructor(
		readonly db: Kysely<Tables>,
		private readonly pool: pg.Pool,
		private readonly config: pg.PoolConfig,
		private readonly channel: string
	) {}

	/** Opens the listening connection (again after it dropped: then the listeners hear of the gap). */
	async listen(again = false): Promise<void> {
		const client = new pg.Client({ ...this.config, pipeline: false });
		client.on('notification', (message) => {
			const [topic, seq] = (message.payload ?? '').split(' ');
			if (topic && seq && /^\d+$/.test(seq)) this.bus.publish([{ topic, seq: Number(seq) }]);
		});
		client.on('error', () => this.reconnect(client));
		client.on('end', () => this.reconnect(client));
		await client.connect();
		await client.query(`LISTEN ${this.channel}`);
		if (this.closed) {
			await client.end().catch(() => undefined);
			return;
		}
		this.listener = client;
		if (again) this.bus.gap();
	}

	private reconnect(client: pg.Client): void {
		if (this.closed || this.listener !== client) return;
		this.listener = null;
		client.end().catch(() => undefined);
		const attempt = (delay: number) => {
			this.retry = setTimeout(() => {
				this.listen(true).catch(() => attempt(Math.min(delay * 2, 5_000)));
			}, delay);
			this.retry.unref?.();
		};
		attempt(250);
	}

	async write(writes: readonly Write[], notices: readonly Notice[] = []): Promise<WriteResult[]> {
		if (this.closed) throw new StorageError('The database is closed.');
		const told = coalesce(notices);
		if (writes.length === 1 && told.length === 0 && writes[0]!.expectRows === undefined) {
			try {
				const res = await this.pool.query(writes[0]!.query.sql, [...writes[0]!.query.parameters]);
				return [{ changes: res.rowCount ?? 0, rows: res.rows as Record<string, unknown>[] }];
			} catch (error) {
				throw asStoreError(error);
			}
		}
		let client: pg.PoolClient;
		try {
			client = await this.pool.connect();
		} catch (error) {
			throw asStoreError(error);
		}
		let broken: unknown = undefined;
		try {
			// Pipelined: BEGIN, the statements and the notices go out at once (one round trip),
			// then COMMIT once every result is known to be as expected, else ROLLBACK.
			const sent = [
				client.query('BEGIN'),
				...writes.map((w) => client.query(w.query.sql, [...w.query.parameters])),
				...told.map((n) =>
					client.query('SELECT pg_notify($1, $2)', [this.channel, `${n.topic} ${n.seq}`])
				)
			];
			const answers = await Promise.allSettled(sent);
			const failed = answers.find((a) => a.status === 'rejected');
			let conflict: ConflictError | null = null;
			const results: WriteResult[] = [];
			writes.forEach((w, i) => {
				const answer = answers[i + 1]!;
				if (answer.status !== 'fulfilled') return;
				const changes = answer.value.rowCount ?? 0;
				if (w.expectRows !== undefined && changes !== w.expectRows) {
					conflict ??= new ConflictError(w.conflict ?? 'expectation');
				}
				results.push({ changes, rows: answer.value.rows as Record<string, unknown>[] });
			});
			if (failed || conflict) {
				await client.query('ROLLBACK').catch((e: unknown) => (broken = e));
				throw conflict ?? asStoreError((failed as PromiseRejectedResult).reason);
			}
			await client.query('COMMIT');
			return results;
		} catch (error) {
			if (error instanceof ConflictError || error instanceof StorageError) throw error;
			await client.query('ROLLBACK').catch((e: unknown) => (broken = e));
			throw asStoreError(error);
		} finally {
			client.release(broken as Error | undefined);
		}
	}

	async close(): Promise<void> {
		this.closed = true;
		if (this.retry) clearTimeout(this.retry);
		const listener = this.listener;
		this.listener = null;
		await listener?.end().catch(() => undefined);
		await this.db.destroy();
	}
}

/** A unique key taken is a conflict (23505); a lost serialization (40001, 40P01) too; the rest is storage. */
function asStoreError(error: unknown): Error {
	if (error instanceof ConflictError || error instanceof StorageError) return error;
	const code = (error as { code?: unknown } | null)?.code;
	if (code === '23505') return new ConflictError('unique');
	if (code === '40001' || code === '40P01') return new ConflictError('serialization');
	return new StorageError(error instanceof Error ? error.message : String(error), {
		cause: error
	});
}
