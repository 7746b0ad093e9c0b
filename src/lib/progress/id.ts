/**
 * Attempt ids, in a module of their own so the practice page can give an answer its id without
 * loading the rest of the progress code.
 */

/**
 * A random id (22 characters of base 36 from `crypto.getRandomValues`, which unlike
 * `crypto.randomUUID` also works on a plain-http LAN address).
 */
export function newId(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	return (
		Array.from(bytes, (b) => (b % 36).toString(36)).join('') + Date.now().toString(36).slice(-6)
	);
}
