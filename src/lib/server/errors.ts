/**
 * The class API's refusals (issue 11): `ClassError` carries an HTTP status, a stable code and a
 * plain-English message; endpoints turn it into the documented JSON error. `asClassError` turns
 * a store failure into 503 `storage-unavailable`.
 */
import type { Refusal } from '$lib/class/rules';
import { ConflictError, StorageError } from './store';

/** A refusal with its HTTP status, a stable `code` and a plain-English message. */
export class ClassError extends Error {
	/** `status` is the HTTP status (4xx, or 503 when the database cannot be written). */
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly headers: Record<string, string> = {}
	) {
		super(message);
		this.name = 'ClassError';
	}

	/** The error of a rules refusal (from `decide`). */
	static of(refusal: Refusal, headers: Record<string, string> = {}): ClassError {
		return new ClassError(refusal.status, refusal.code, refusal.message, headers);
	}
}

/** 404 `session-not-found` for `code` (as typed). */
export const sessionNotFound = (code: string): ClassError =>
	new ClassError(404, 'session-not-found', `No class session has the code "${code}".`);

/** 429 `code`: too many `what` from one address, with `Retry-After` (whole seconds). */
export const tooMany = (code: string, what: string, retryAfter: number): ClassError =>
	new ClassError(429, code, `Too many ${what} from this address: try again in ${retryAfter} s.`, {
		'retry-after': String(retryAfter)
	});

/**
 * The API's error for anything thrown: a ClassError as it is, a store failure (`StorageError`,
 * `ConflictError` that was not retried) as 503 `storage-unavailable`; null for anything else
 * (a bug: the caller logs it and answers 500).
 */
export function asClassError(error: unknown): ClassError | null {
	if (error instanceof ClassError) return error;
	if (error instanceof StorageError || error instanceof ConflictError) {
		return new ClassError(503, 'storage-unavailable', 'The class database is not available.');
	}
	return null;
}
