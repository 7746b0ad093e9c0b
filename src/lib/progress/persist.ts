/**
 * Asking the browser to keep the progress (`navigator.storage.persist()`): without it, a browser
 * short of space may delete a site's storage, the learner's progress with it. Asked once a page
 * has kept an answer (progress worth keeping), at most once per page load; /progress shows the
 * answer.
 */

/**
 * Whether the browser keeps this site's storage when space runs low: 'granted', 'not-granted'
 * (it may clear it: an export keeps a copy) or 'unsupported' (no Storage API here).
 */
export type PersistState = 'granted' | 'not-granted' | 'unsupported';

const storageOf = (): StorageManager | undefined =>
	typeof navigator !== 'undefined' && navigator.storage && 'persist' in navigator.storage
		? navigator.storage
		: undefined;

let asked: Promise<PersistState> | null = null;

/** Whether the browser already keeps the storage (asks nothing). Never rejects. */
export async function persistState(): Promise<PersistState> {
	const storage = storageOf();
	if (!storage) return 'unsupported';
	try {
		return (await storage.persisted()) ? 'granted' : 'not-granted';
	} catch {
		return 'not-granted';
	}
}

/**
 * Asks the browser to keep the storage, once per page load (later calls return the first
 * answer); asks nothing when it is kept already. Never rejects.
 */
export function askToKeepProgress(): Promise<PersistState> {
	asked ??= (async () => {
		const now = await persistState();
		if (now !== 'not-granted') return now;
		try {
			return (await storageOf()!.persist()) ? 'granted' : 'not-granted';
		} catch {
			return 'not-granted';
		}
	})();
	return asked;
}
