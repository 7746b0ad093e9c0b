/**
 * Which Cache Storage caches the service worker keeps when a new version activates (issue 5:
 * "a new version takes over cleanly").
 *
 * A tab opened on the previous version keeps running that version's code after the new worker
 * takes over, and still loads parts of it on demand (the quiz machine, the feedback, another
 * page). A new deploy no longer serves those files, so the previous version's cache is kept for
 * its built code (`/_app/immutable/`, content-hashed, so never stale); its pages are dropped, and
 * every older cache is deleted. Pure: the service worker does the Cache Storage calls.
 */

/** The prefix of every cache this app makes; the rest of the name is the app version. */
export const CACHE_PREFIX = 'coach-';

/** The request path, inside each cache, of the time its version was installed. */
export const INSTALLED_AT_KEY = '/__coach-installed-at';

/** One cache found in Cache Storage: its name, and when its version was installed (ms since the epoch; 0 when it has no record). */
export interface FoundCache {
	name: string;
	installedAt: number;
}

/** What to do on activate: the cache names to delete, and the older one kept for its built code (null when there is none). */
export interface CachePlan {
	remove: string[];
	previous: string | null;
}

/**
 * The plan when the version cached under `current` activates, given the other caches `found`.
 * The newest other `coach-` cache (by `installedAt`; on a tie, the later in `found`, which is
 * Cache Storage's creation order) is kept as `previous`; every other cache, ours or not, goes.
 * `current` itself is never removed, even if listed.
 */
export function planCaches(current: string, found: readonly FoundCache[]): CachePlan {
	let previous: FoundCache | null = null;
	for (const cache of found) {
		if (cache.name === current || !cache.name.startsWith(CACHE_PREFIX)) continue;
		if (!previous || cache.installedAt >= previous.installedAt) previous = cache;
	}
	return {
		remove: found.map((c) => c.name).filter((name) => name !== current && name !== previous?.name),
		previous: previous?.name ?? null
	};
}

/** True when `path` is built code that never changes under its name (`/_app/immutable/...`, after `base`). */
export function isImmutableAsset(path: string, base = ''): boolean {
	return path.startsWith(`${base}/_app/immutable/`);
}
