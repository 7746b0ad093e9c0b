/**
 * Parts of the app loaded on demand (the quiz and lesson machines, the feedback, the rack, the
 * table's arrows...), and what to do when one does not arrive.
 *
 * A dynamic `import()` that failed (offline, a bad line) is retried by some browsers on the next
 * call, but not by all: Chromium 150, for one, keeps the failure in its module map and fails again
 * at once without asking the network, and a stylesheet the bundler preloads for the part is never
 * asked for again on any browser. So a failure is told apart by asking the network itself
 * (`whyNotLoaded`): when the network does not answer, the device is offline and the part can be
 * tried again later (`'offline'`); when it answers, only loading the page again brings the part
 * (`'reload'`: the page's own copy is stuck, or a new version no longer serves it). No I/O at
 * import time; the network is asked only after a failure.
 */

/**
 * Why a part is not here. `'offline'`: the network cannot be reached; try again once back online.
 * `'reload'`: the network answers but this page cannot load the part; reload the page (see
 * `reloadInPlace` in ./reload.ts, which keeps what the learner typed).
 */
export type Missing = 'offline' | 'reload';

/** A part that could not be loaded: `missing` says why, `cause` is the browser's own error. */
export class NotLoaded extends Error {
	readonly missing: Missing;
	constructor(missing: Missing, cause: unknown) {
		super(`not loaded (${missing})`, { cause });
		this.missing = missing;
	}
}

/** Why `error` (anything a failed load threw) left the part missing; `'offline'` when unsure. */
export function missingOf(error: unknown): Missing {
	return error instanceof NotLoaded ? error.missing : 'offline';
}

/** The address a browser names in a failed import's message (Chromium, Firefox), if any. */
export function failedUrl(error: unknown): string | undefined {
	const message = error instanceof Error ? error.message : String(error);
	return /https?:\/\/[^\s'"]+/.exec(message)?.[0];
}

/** What `whyNotLoaded` asks the network with (the browser's `fetch`; tests pass their own). */
export type Fetcher = (url: string, init: RequestInit) => Promise<unknown>;

/** The address asked when a failure names none: the app's version file, never cached. */
export const PROBE_FALLBACK = '/_app/version.json';

/**
 * Asks the network for the file the failed import named (else `PROBE_FALLBACK`), past every
 * cache: any HTTP answer, even a 404, means the network is up (`'reload'`); none means
 * `'offline'`. Never throws.
 */
export async function whyNotLoaded(
	error: unknown,
	fetcher: Fetcher = (url, init) => fetch(url, init)
): Promise<Missing> {
	try {
		await fetcher(failedUrl(error) ?? PROBE_FALLBACK, { cache: 'no-store' });
		return 'reload';
	} catch {
		return 'offline';
	}
}

/**
 * A module loaded on demand: the returned function starts `importer` the first time and gives
 * the same promise after that. When it fails, the promise rejects with a `NotLoaded` that says
 * why (`whyNotLoaded`), and the next call tries again. A failure is marked as handled here, so a
 * prefetch nobody awaits is not reported as an unhandled rejection.
 */
export function onDemand<T>(
	importer: () => Promise<T>,
	why: (error: unknown) => Promise<Missing> = whyNotLoaded
): () => Promise<T> {
	let promise: Promise<T> | undefined;
	return () => {
		if (!promise) {
			const attempt: Promise<T> = importer().catch(async (error: unknown) => {
				if (promise === attempt) promise = undefined;
				throw new NotLoaded(await why(error), error);
			});
			attempt.catch(() => {});
			promise = attempt;
		}
		return promise;
	};
}
