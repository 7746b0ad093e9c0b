/**
 * Helpers of the class pages' server loads (issue 4): a refused service call becomes SvelteKit's
 * error page with the same status and message (a store failure: 503).
 */
import { error } from '@sveltejs/kit';
import { asClassError } from './errors';

/**
 * Runs `fn`; a `ClassError` (or a store failure) becomes `error(status, message)`. With `locals`,
 * the status is kept in `locals.refused`, so the page's `__data.json` answers it too (SvelteKit
 * answers 200 there, with the error inside): see `hooks.server.ts`.
 */
export async function orError<T>(fn: () => T | Promise<T>, locals?: App.Locals): Promise<T> {
	try {
		return await fn();
	} catch (thrown) {
		const e = asClassError(thrown);
		if (e) {
			if (locals) locals.refused = e.status;
			error(e.status, e.message);
		}
		throw thrown;
	}
}
