/**
 * Secrets of the class mode (issue 11): the teacher secret and the student tokens are 32 random
 * bytes (base64url) of which only the SHA-256 is stored; ids are 9 random bytes; join codes are
 * drawn with `crypto.randomInt`.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH, codeFromDraws } from '$lib/class/codes';

/** SHA-256 of a secret, as a Buffer. */
export const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** SHA-256 of a secret, as lower-case hex (what the database keeps). */
export const hashHex = (text: string): string => sha256(text).toString('hex');

/** A new secret: 32 random bytes, base64url (43 characters). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** A new student id: 9 random bytes, base64url (12 characters). */
export const newId = (): string => randomBytes(9).toString('base64url');

/** A random join code (6 characters of the code alphabet). */
export const randomCode = (): string =>
	codeFromDraws(Array.from({ length: CODE_LENGTH }, () => randomInt(CODE_ALPHABET.length)));

/** True when `secret` hashes to `hash` (constant-time compare); false for a missing secret. */
export function secretMatches(hash: Buffer, secret: string | null | undefined): boolean {
	return typeof secret === 'string' && secret.length > 0 && timingSafeEqual(sha256(secret), hash);
}

/**
 * The question-set seed a class or homework is made with: `asked` trimmed, or 4 random bytes in
 * hex when it is blank (the teacher left the field empty).
 */
export const seedOrRandom = (asked: string): string =>
	asked.trim() === '' ? randomBytes(4).toString('hex') : asked.trim();
