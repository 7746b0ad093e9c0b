/**
 * Which store the app uses (issue 19): PostgreSQL when `DATABASE_URL` is a `postgres://` or
 * `postgresql://` address (several instances may share it), else SQLite at `DATABASE_PATH`
 * (default `data/coach.db`, one instance). Re-exports the store's interface.
 */
import { isPostgresUrl, openPostgresStore } from './postgres';
import { databasePath, openSqliteStore } from './sqlite';
import type { Store } from './types';

export { ConflictError, StorageError, insertUnlessTaken } from './types';
export type { EventBus, Notice, Store, Write, WriteResult } from './types';
export type { Database } from './schema';
export { databasePath, DEFAULT_DATABASE_PATH } from './sqlite';
export { isPostgresUrl } from './postgres';

/** A short description of where `env` points the app (for the start-up log): never a password. */
export function storeLabel(env: NodeJS.ProcessEnv = process.env): string {
	if (isPostgresUrl(env.DATABASE_URL)) {
		try {
			const url = new URL(env.DATABASE_URL);
			return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
		} catch {
			return 'PostgreSQL';
		}
	}
	return `SQLite at ${databasePath(env)}`;
}

/**
 * Opens the store `env` names (see the module comment; `DATABASE_POOL_SIZE`, default 10: the
 * PostgreSQL connections of this instance besides the one that listens); throws `StorageError`
 * when it cannot.
 */
export function openStore(env: NodeJS.ProcessEnv = process.env): Promise<Store> {
	if (isPostgresUrl(env.DATABASE_URL)) {
		const size = Number(env.DATABASE_POOL_SIZE);
		const poolSize = Number.isInteger(size) && size > 0 ? size : 10;
		return openPostgresStore({ url: env.DATABASE_URL.trim(), poolSize });
	}
	return openSqliteStore(databasePath(env));
}
