/**
 * Where attempts are kept, behind a small interface: IndexedDB through idb-keyval in the browser
 * (`idbProgressStore`), a Map in tests (`memoryProgressStore`). Each attempt is one entry keyed by
 * its id.
 */
import { clear, createStore, entries, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { AttemptRecord } from './types';

/** The IndexedDB database and object store of the progress (idb-keyval allows one store per database). */
export const IDB_DATABASE = 'mahjong-coach';
export const IDB_STORE = 'progress';

/**
 * A place to keep attempts. Every method rejects on a storage failure (quota, private mode).
 * - `all()`: every record kept, in no particular order (may include damaged values: callers check);
 * - `put(record)`: adds or overwrites one record (by id);
 * - `write(records, replace)`: in ONE transaction, optionally empties the store, then puts every
 *   record: either all of it happens or none;
 * - `clear()`: removes every record.
 */
export interface ProgressStore {
	all(): Promise<unknown[]>;
	put(record: AttemptRecord): Promise<void>;
	write(records: readonly AttemptRecord[], replace: boolean): Promise<void>;
	clear(): Promise<void>;
}

/** Deep copy through JSON, as a real store would (callers cannot change kept records by reference). */
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/**
 * A store in memory, for tests (and as a fallback where IndexedDB is missing). `failWrites`
 * makes writes reject, to test that a failure changes nothing.
 */
export function memoryProgressStore(
	initial: readonly AttemptRecord[] = [],
	options: { failWrites?: boolean } = {}
): ProgressStore & { size(): number } {
	const records = new Map<string, AttemptRecord>(initial.map((r) => [r.id, copy(r)]));
	const check = () => {
		if (options.failWrites) throw new Error('Storage is full.');
	};
	return {
		async all() {
			return [...records.values()].map(copy);
		},
		async put(record) {
			check();
			records.set(record.id, copy(record));
		},
		async write(list, replace) {
			check();
			if (replace) records.clear();
			for (const r of list) records.set(r.id, copy(r));
		},
		async clear() {
			check();
			records.clear();
		},
		size: () => records.size
	};
}

/**
 * The progress kept in the browser's IndexedDB (database "mahjong-coach", store "progress").
 * Records are stored as plain JSON copies (a Svelte `$state` proxy cannot be cloned into IndexedDB).
 */
export function idbProgressStore(): ProgressStore {
	let db: UseStore | null = null;
	const store = () => (db ??= createStore(IDB_DATABASE, IDB_STORE));
	return {
		async all() {
			return (await entries<IDBValidKey, unknown>(store())).map(([, value]) => value);
		},
		put: (record) => set(record.id, copy(record), store()),
		write: (records, replace) =>
			store()('readwrite', (os) => {
				if (replace) os.clear();
				for (const r of records) os.put(copy(r), r.id);
				return promisifyRequest(os.transaction);
			}),
		clear: () => clear(store())
	};
}

let current: ProgressStore | null = null;

/**
 * The store the pages use: IndexedDB in a browser that has it, memory otherwise. Tests replace it
 * with `useProgressStore`.
 */
export function progressStore(): ProgressStore {
	current ??= typeof indexedDB === 'undefined' ? memoryProgressStore() : idbProgressStore();
	return current;
}

/** Makes the pages use `store` (tests: a `memoryProgressStore`). */
export function useProgressStore(store: ProgressStore): void {
	current = store;
}
