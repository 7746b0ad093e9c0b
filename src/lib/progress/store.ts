/**
 * Where attempts are kept, behind a small interface: IndexedDB through idb-keyval in the browser
 * (`idbProgressStore`), a Map in tests (`memoryProgressStore`). Each attempt is one entry keyed by
 * its id. A reset is final: the store keeps the moment of the last reset (its "reset mark"), and
 * an attempt answered before it is never written again (a resumed round, another tab). Every
 * change is announced to this tab and the others (BroadcastChannel), so progress views are live.
 */
import { createStore, entries, promisifyRequest, type UseStore } from 'idb-keyval';
import type { AttemptRecord } from './types';

/** The IndexedDB database and object store of the progress (idb-keyval allows one store per database). */
export const IDB_DATABASE = 'mahjong-coach';
export const IDB_STORE = 'progress';
/** The BroadcastChannel on which every change of the progress is announced to other tabs. */
export const PROGRESS_CHANNEL = 'mahjong-coach-progress';

/**
 * The key of the reset mark in the object store: an array, so it never meets an attempt's id
 * (always a string), and IndexedDB orders it after every string.
 */
const RESET_KEY = ['meta', 'reset'];
/** Every string key (every attempt) and nothing else: strings sort before arrays. */
const attemptKeys = () => IDBKeyRange.bound('', [], false, true);

/** The reset mark: when the progress was last reset (ISO 8601 UTC). */
export interface ResetMark {
	resetAt: string;
}

/**
 * A place to keep attempts. Every method rejects on a storage failure (quota, private mode).
 * - `all()`: every record kept, in no particular order (may include damaged values: callers check);
 * - `put(record)`: adds or overwrites one record (by id), unless it was answered (`at`) at or
 *   before the last reset: then it is dropped, and `put` resolves false (a reset is final);
 * - `write(records, replace)`: in ONE transaction, optionally empties the store, then puts every
 *   record, whatever its date (an import, made on purpose): either all of it happens or none;
 * - `clear()`: in ONE transaction, counts and removes every record and marks the reset; resolves
 *   the number of records it removed;
 * - `resetMark()`: the last reset, or null;
 * - `subscribe(listener)`: calls `listener` after every change made here or in another tab (or
 *   when a tab comes back from the back/forward cache); returns the function that stops it.
 */
export interface ProgressStore {
	all(): Promise<unknown[]>;
	put(record: AttemptRecord): Promise<boolean>;
	write(records: readonly AttemptRecord[], replace: boolean): Promise<void>;
	clear(): Promise<number>;
	resetMark(): Promise<ResetMark | null>;
	subscribe(listener: () => void): () => void;
}

/** Deep copy through JSON, as a real store would (callers cannot change kept records by reference). */
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** True when `record` was answered after the reset `mark` (or there was none). */
export function afterReset(record: Pick<AttemptRecord, 'at'>, mark: ResetMark | null): boolean {
	return !mark || Date.parse(record.at) > Date.parse(mark.resetAt);
}

/** Listeners in this tab, and what tells them about a change. */
function listeners() {
	const all = new Set<() => void>();
	return {
		add(listener: () => void) {
			all.add(listener);
			return () => void all.delete(listener);
		},
		notify: () => all.forEach((listener) => listener())
	};
}

/**
 * A store in memory, for tests (and as a fallback where IndexedDB is missing). `failWrites`
 * makes writes reject, to test that a failure changes nothing; `now` is the clock of resets.
 */
export function memoryProgressStore(
	initial: readonly AttemptRecord[] = [],
	options: { failWrites?: boolean; now?: () => Date } = {}
): ProgressStore & { size(): number } {
	const records = new Map<string, AttemptRecord>(initial.map((r) => [r.id, copy(r)]));
	let mark: ResetMark | null = null;
	const local = listeners();
	const check = () => {
		if (options.failWrites) throw new Error('Storage is full.');
	};
	return {
		async all() {
			return [...records.values()].map(copy);
		},
		async put(record) {
			check();
			if (!afterReset(record, mark)) return false;
			records.set(record.id, copy(record));
			local.notify();
			return true;
		},
		async write(list, replace) {
			check();
			if (replace) records.clear();
			for (const r of list) records.set(r.id, copy(r));
			local.notify();
		},
		async clear() {
			check();
			const removed = records.size;
			records.clear();
			mark = { resetAt: (options.now?.() ?? new Date()).toISOString() };
			local.notify();
			return removed;
		},
		async resetMark() {
			return mark && copy(mark);
		},
		subscribe: local.add,
		size: () => records.size
	};
}

/** Resolves `value` once the transaction of `os` has committed; rejects if it fails. */
function committed<T>(os: IDBObjectStore, value: () => T): Promise<T> {
	return promisifyRequest(os.transaction).then(value);
}

/**
 * The progress kept in the browser's IndexedDB (database "mahjong-coach", store "progress", the
 * reset mark beside the attempts). Records are stored as plain JSON copies (a Svelte `$state`
 * proxy cannot be cloned into IndexedDB). Changes are announced on `PROGRESS_CHANNEL`.
 */
export function idbProgressStore(): ProgressStore {
	let db: UseStore | null = null;
	const store = () => (db ??= createStore(IDB_DATABASE, IDB_STORE));
	const local = listeners();
	const channel =
		typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(PROGRESS_CHANNEL);
	if (channel) channel.onmessage = local.notify;
	if (typeof window !== 'undefined') {
		// A tab restored from the back/forward cache may have missed announcements.
		window.addEventListener('pageshow', (event) => event.persisted && local.notify());
	}
	const changed = <T>(result: T): T => {
		local.notify();
		channel?.postMessage('changed');
		return result;
	};
	return {
		async all() {
			const kept = await entries<IDBValidKey, unknown>(store());
			return kept.filter(([key]) => typeof key === 'string').map(([, value]) => value);
		},
		put: (record) =>
			store()('readwrite', (os) => {
				let kept = false;
				const read = os.get(RESET_KEY);
				read.onsuccess = () => {
					kept = afterReset(record, (read.result as ResetMark | undefined) ?? null);
					if (kept) os.put(copy(record), record.id);
				};
				return committed(os, () => kept);
			}).then((kept) => (kept ? changed(kept) : kept)),
		write: (records, replace) =>
			store()('readwrite', (os) => {
				if (replace) os.delete(attemptKeys());
				for (const r of records) os.put(copy(r), r.id);
				return committed(os, () => undefined);
			}).then(changed),
		clear: () =>
			store()('readwrite', (os) => {
				let removed = 0;
				const count = os.count(attemptKeys());
				count.onsuccess = () => {
					removed = count.result;
					os.delete(attemptKeys());
					os.put({ resetAt: new Date().toISOString() } satisfies ResetMark, RESET_KEY);
				};
				return committed(os, () => removed);
			}).then(changed),
		resetMark: () =>
			store()('readonly', (os) => promisifyRequest(os.get(RESET_KEY))).then(
				(mark) => (mark as ResetMark | undefined) ?? null
			),
		subscribe: local.add
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
