/**
 * Where the nights' ledgers are kept on the device, beside the progress: IndexedDB through
 * idb-keyval in the browser (its own database: idb-keyval allows one object store per database),
 * a Map in tests and where IndexedDB is missing. One entry per night, keyed by its id. What is
 * read back is checked with `readSavedNight` (./saved, loaded only where nights are kept).
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { Night } from '$lib/ledger';
import type { AmountUnit } from '$lib/payments';

/** The IndexedDB database and object store of the ledgers. */
export const LEDGER_DATABASE = 'mahjong-coach-ledgers';
export const LEDGER_STORE = 'ledgers';
/** The shape of a saved night; another version is not read. */
export const SAVED_NIGHT_VERSION = 1;

/**
 * A night as kept: its id, when it began and was last changed (ISO times), the night itself, and
 * how its amounts are shown (`unit`; points when absent, as in nights kept before it existed).
 */
export interface SavedNight {
	version: typeof SAVED_NIGHT_VERSION;
	id: string;
	createdAt: string;
	updatedAt: string;
	night: Night;
	unit?: AmountUnit;
}

/**
 * A place to keep nights. Every method rejects on a storage failure (quota, private mode):
 * `all()` every value kept (unchecked), `put` keeps one (by id), `remove` forgets one.
 */
export interface LedgerStore {
	all(): Promise<unknown[]>;
	put(saved: SavedNight): Promise<void>;
	remove(id: string): Promise<void>;
}

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** A store in memory (tests, and where IndexedDB is missing). */
export function memoryLedgerStore(initial: readonly SavedNight[] = []): LedgerStore {
	const kept = new Map(initial.map((s) => [s.id, copy(s)]));
	return {
		all: async () => [...kept.values()].map(copy),
		put: async (saved) => void kept.set(saved.id, copy(saved)),
		remove: async (id) => void kept.delete(id)
	};
}

/** The ledgers kept in the browser's IndexedDB (database "mahjong-coach-ledgers"). */
export function idbLedgerStore(): LedgerStore {
	let db: UseStore | null = null;
	const store = () => (db ??= createStore(LEDGER_DATABASE, LEDGER_STORE));
	return {
		all: async () => (await entries<IDBValidKey, unknown>(store())).map(([, v]) => v),
		put: (saved) => set(saved.id, copy(saved), store()),
		remove: (id) => del(id, store())
	};
}

let current: LedgerStore | null = null;
/** The store the pages use: IndexedDB where the browser has it, memory otherwise. */
export function ledgerStore(): LedgerStore {
	current ??= typeof indexedDB === 'undefined' ? memoryLedgerStore() : idbLedgerStore();
	return current;
}
