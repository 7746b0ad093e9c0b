/**
 * Which Cache Storage caches the service worker keeps when a new version activates (issue 5:
 * "a new version takes over cleanly").
 *
 * A tab opened on the previous version keeps running that version's code after the new worker
 * takes over, and still loads parts of it on demand (the quiz machine, the feedback, another
 * page). A new deploy no longer serves those files, so the cache of the version that was active
 * last is kept for its built code (`/_app/immutable/`, content-hashed, so never stale); its pages
 * are dropped, and the app's other caches are deleted. Only one earlier version is kept: a tab
 * that slept through two deploys needs a reload. Caches that are not the app's are left alone
 * (Cache Storage is shared by the whole origin). Pure: the service worker does the Cache Storage
 * calls.
 */

/** The prefix of every cache this app makes; the rest of the name is the app version. */
export const CACHE_PREFIX = 'coach-';

/**
 * The request path, inside each of the app's caches, of the time its version activated (ms since
 * the epoch, as text). Written on activate, so a version that installed but never ran has none.
 */
export const ACTIVATED_AT_KEY = '/__coach-activated-at';

/**
 * One cache found in Cache Storage: its name; when its version activated (ms since the epoch; 0
 * when it has no record, as for caches made before this record existed); and whether it holds any
 * built code (an install that failed leaves an empty cache).
 */
export interface FoundCache {
	name: string;
	activatedAt: number;
	hasCode: boolean;
}

/** What to do on activate: the cache names to delete, and the older one kept for its built code (null when there is none). */
export interface CachePlan {
	remove: string[];
	previous: string | null;
}

/**
 * The plan when the version cached under `current` activates, given the caches `found`. Of the
 * app's other caches (named `CACHE_PREFIX`...) that hold built code, the one activated last (on a
 * tie, the later in `found`, which is Cache Storage's creation order) is kept as `previous`; the
 * app's other caches go. `current` and caches that are not the app's are never removed.
 */
export function planCaches(current: string, found: readonly FoundCache[]): CachePlan {
	const ours = found.filter((c) => c.name !== current && c.name.startsWith(CACHE_PREFIX));
	let previous: FoundCache | null = null;
	for (const cache of ours) {
		if (cache.hasCode && (!previous || cache.activatedAt >= previous.activatedAt)) previous = cache;
	}
	return {
		remove: ours.map((c) => c.name).filter((name) => name !== previous?.name),
		previous: previous?.name ?? null
	};
}

/** True when `path` is built code that never changes under its name (`/_app/immutable/...`, after `base`). */
export function isImmutableAsset(path: string, base = ''): boolean {
	return path.startsWith(`${base}/_app/immutable/`);
}
