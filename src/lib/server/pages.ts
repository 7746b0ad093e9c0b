/**
 * Helpers of the class pages' server loads (issue 4): a refused service call becomes SvelteKit's
 * error page with the same status and message (a store failure: 503).
 */
import { error } from '@sveltejs/kit';
import { asClassError } from './errors';

/** Runs `fn`; a `ClassError` (or a store failure) becomes `error(status, message)`. */
export async function orError<T>(fn: () => T | Promise<T>): Promise<T> {
	try {
		return await fn();
	} catch (thrown) {
		const e = asClassError(thrown);
		if (e) error(e.status, e.message);
		throw thrown;
	}
}
