/**
 * Join codes and display names of a class session (issue 4). Pure functions, shared by the
 * server and the pages.
 */

/** Join-code alphabet: no look-alikes (no 0/O, no 1/I/L). 31 characters. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Join codes have this many characters (31^6, about 887 million codes). */
export const CODE_LENGTH = 6;
/** Longest display name, in graphemes (what a reader counts as one character: 👩‍🏫 is one), after trimming. */
export const NAME_MAX = 24;

const CODE_RE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/**
 * Reads a join code as typed: case-insensitive, spaces and dashes ignored ("ab3 k-7m" ->
 * "AB3K7M"). Returns null when it is not 6 characters of the alphabet.
 */
export function normalizeCode(input: string): string | null {
	const code = input.replace(/[\s-]/g, '').toUpperCase();
	return CODE_RE.test(code) ? code : null;
}

/** True when `code` is already a well-formed join code (upper case, 6 characters of the alphabet). */
export function isCode(code: string): boolean {
	return CODE_RE.test(code);
}

/**
 * Builds a join code from random integers (each read modulo the alphabet size; the server passes
 * `crypto.randomInt(31)` draws). Throws a RangeError when fewer than 6 draws are given.
 */
export function codeFromDraws(draws: readonly number[]): string {
	if (draws.length < CODE_LENGTH) throw new RangeError(`A join code needs ${CODE_LENGTH} draws`);
	return draws
		.slice(0, CODE_LENGTH)
		.map((n) => CODE_ALPHABET[Math.abs(Math.trunc(n)) % CODE_ALPHABET.length])
		.join('');
}

/** A display name as read: the cleaned `name`, or a plain-English `message` saying what is wrong. */
export type NameResult = { ok: true; name: string } | { ok: false; message: string };

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** How many graphemes `text` has (user-perceived characters: an emoji ZWJ sequence is one). */
export function graphemeCount(text: string): number {
	return Array.from(graphemes.segment(text)).length;
}

/** Invisible format characters that are part of printable text: ZWNJ, ZWJ and emoji tags. */
const JOINERS = /\u200C|\u200D|[\u{E0020}-\u{E007F}]/gu;

/**
 * Cleans a display name: NFC, inner runs of white space made one space, trimmed; it must then be
 * 1 to 24 graphemes of valid, printable text: any letter, digit, symbol or emoji sequence
 * (👩‍🏫, flags, skin tones), but no lone surrogate (not valid text), control character,
 * private-use or unassigned code point, or invisible format character other than the joiners
 * emoji and some scripts need. The name is only ever shown as text.
 */
export function normalizeName(input: string): NameResult {
	if (/\p{Cs}/u.test(input)) {
		return { ok: false, message: 'The name is not valid text (a broken character).' };
	}
	const name = input.normalize('NFC').replace(/\s+/gu, ' ').trim();
	if (name.length === 0)
		return { ok: false, message: `Enter a name (1 to ${NAME_MAX} characters).` };
	if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u.test(name.replace(JOINERS, ''))) {
		return { ok: false, message: 'The name has a character that cannot be shown.' };
	}
	if (graphemeCount(name) > NAME_MAX) {
		return { ok: false, message: `Names are at most ${NAME_MAX} characters.` };
	}
	return { ok: true, name };
}
