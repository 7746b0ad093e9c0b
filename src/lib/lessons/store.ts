/**
 * Where lesson progress is kept on the device, beside the learner's progress: IndexedDB through
 * idb-keyval in the browser (its own database, idb-keyval allowing one object store per
 * database), a Map in tests and where IndexedDB is missing. One entry per lesson, keyed by its
 * skill: where the learner is in it, saved after every step. What is read back is checked
 * elsewhere (./saved.ts for a lesson page, ./path.ts for the path): the store keeps values.
 */
import { clear, createStore, entries, get, set, type UseStore } from 'idb-keyval';
import type { LessonView } from './flow';
import type { LessonSkill } from './order';

/** The IndexedDB database and object store of lesson progress. */
export const LESSON_DATABASE = 'mahjong-coach-lessons';
export const LESSON_STORE = 'lessons';
/** The shape of a saved lesson; another version is read as not started. */
export const SAVED_LESSON_VERSION = 1;

/** A lesson as kept: where the learner is (`mode`, `context`) and when it was last saved. */
export interface SavedLesson extends LessonView {
	version: typeof SAVED_LESSON_VERSION;
	skill: LessonSkill;
	savedAt: string;
}

/**
 * A place to keep lessons. Every method rejects on a storage failure (quota, private mode).
 * `all()` gives every value kept (unchecked), `get(skill)` one (undefined when none), `put`
 * keeps one (by its skill), `clear()` forgets them all.
 */
export interface LessonStore {
	all(): Promise<unknown[]>;
	get(skill: LessonSkill): Promise<unknown>;
	put(saved: SavedLesson): Promise<void>;
	clear(): Promise<void>;
}

/** Deep copy through JSON, as a real store would (and a `$state` proxy cannot be cloned). */
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** A store in memory (tests, and where IndexedDB is missing); `failWrites` makes writes reject. */
export function memoryLessonStore(
	initial: readonly SavedLesson[] = [],
	options: { failWrites?: boolean } = {}
): LessonStore {
	const kept = new Map<string, SavedLesson>(initial.map((s) => [s.skill, copy(s)]));
	const check = () => {
		if (options.failWrites) throw new Error('Storage is full.');
	};
	return {
		all: async () => [...kept.values()].map(copy),
		get: async (skill) => (kept.has(skill) ? copy(kept.get(skill)) : undefined),
		async put(saved) {
			check();
			kept.set(saved.skill, copy(saved));
		},
		async clear() {
			check();
			kept.clear();
		}
	};
}

/** Lessons kept in IndexedDB (database `mahjong-coach-lessons`, store `lessons`). */
export function idbLessonStore(): LessonStore {
	let db: UseStore | null = null;
	const store = () => (db ??= createStore(LESSON_DATABASE, LESSON_STORE));
	return {
		all: async () => (await entries<IDBValidKey, unknown>(store())).map(([, value]) => value),
		get: (skill) => get(skill, store()),
		put: (saved) => set(saved.skill, copy(saved), store()),
		clear: () => clear(store())
	};
}

let current: LessonStore | null = null;

/** The store the pages use: IndexedDB where the browser has it, memory otherwise. */
export function lessonStore(): LessonStore {
	current ??= typeof indexedDB === 'undefined' ? memoryLessonStore() : idbLessonStore();
	return current;
}

/** Makes the pages use `store` (tests: a `memoryLessonStore`). */
export function useLessonStore(store: LessonStore): void {
	current = store;
}

/** What a lesson kept at `view` is saved as, stamped `now`. */
export function savedLesson(view: LessonView, now = new Date()): SavedLesson {
	return {
		version: SAVED_LESSON_VERSION,
		skill: view.context.skill,
		mode: view.mode,
		context: view.context,
		savedAt: now.toISOString()
	};
}
