/**
 * Helpers of the class pages' server loads (issue 4): a refused service call becomes SvelteKit's
 * error page with the same status and message.
 */
import { error } from '@sveltejs/kit';
import { ClassError } from './errors';

/** Runs `fn`; a `ClassError` becomes `error(status, message)`. */
export function orError<T>(fn: () => T): T {
	try {
		return fn();
	} catch (e) {
		if (e instanceof ClassError) error(e.status, e.message);
		throw e;
	}
}
