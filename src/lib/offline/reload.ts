/**
 * Reloading the page in place when a part of it cannot be loaded otherwise (see ./on-demand.ts),
 * so the learner does not have to. What was typed survives a reload already (the practice round
 * in sessionStorage, a lesson in IndexedDB); what the learner had just asked for (a Check, a hint)
 * is kept here as the reload's intent, for the page to carry out once it is back.
 *
 * A reload is made at most once a minute for a page: if the part still does not arrive, the page
 * says so and leaves the reload to the learner, rather than reloading in a loop.
 */

/** The sessionStorage key of the pending reload: `{ page, intent, at }`. */
export const RELOAD_KEY = 'mahjong-coach:reload';
/** The shortest time between two reloads this module makes of one page, in milliseconds. */
export const RELOAD_GAP_MS = 60_000;

/** Where the reload is kept and how the page is reloaded (the browser's; tests pass their own). */
export interface ReloadHost {
	storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
	/** The page's path and search. */
	page: string;
	reload(): void;
	now(): number;
}

/** This tab's: sessionStorage (undefined where refused), `location`, the clock. */
function browserHost(): ReloadHost {
	let storage: Storage | undefined;
	try {
		storage = sessionStorage;
	} catch {
		/* refused: no reload in place */
	}
	return {
		storage,
		page: location.pathname + location.search,
		reload: () => location.reload(),
		now: Date.now
	};
}

/** The pending reload of this page (`intent` JSON, `at` ms since the epoch), if any. */
function pendingOf(host: ReloadHost): { intent: unknown; at: number } | undefined {
	try {
		const pending = JSON.parse(host.storage?.getItem(RELOAD_KEY) ?? 'null');
		return pending?.page === host.page ? pending : undefined;
	} catch {
		return undefined;
	}
}

/** Keeps `intent` for this page, as of `at`; false when the tab refuses. */
function keep(host: ReloadHost, intent: unknown, at: number): boolean {
	try {
		host.storage!.setItem(RELOAD_KEY, JSON.stringify({ page: host.page, intent, at }));
		return true;
	} catch {
		return false;
	}
}

/**
 * Reloads the page, keeping `intent` (JSON) for `takeReloadIntent` to give back once the page is
 * here again. Returns false, and does nothing, when this page was reloaded this way less than
 * `RELOAD_GAP_MS` ago or the tab cannot keep the intent: the caller then tells the learner to
 * reload.
 */
export function reloadInPlace(intent: unknown = null, host: ReloadHost = browserHost()): boolean {
	const last = pendingOf(host);
	if (last && host.now() - last.at < RELOAD_GAP_MS) return false;
	if (!keep(host, intent, host.now())) return false;
	host.reload();
	return true;
}

/**
 * What the page was to do when `reloadInPlace` reloaded it (undefined when it was not reloaded
 * that way, or longer than `RELOAD_GAP_MS` ago). Given back once: the intent is cleared, the
 * time of the reload kept (so a second failure does not reload again at once).
 */
export function takeReloadIntent(host: ReloadHost = browserHost()): unknown {
	const pending = pendingOf(host);
	if (!pending || pending.intent === null || host.now() - pending.at >= RELOAD_GAP_MS) return;
	keep(host, null, pending.at);
	return pending.intent;
}
