import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, codeFromDraws, isCode, normalizeCode, normalizeName } from './codes';

describe('join codes', () => {
	it('use an alphabet without look-alikes', () => {
		for (const c of '0O1IL') expect(CODE_ALPHABET).not.toContain(c);
		expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
	});

	it('are 6 characters of the alphabet for any draws', () => {
		fc.assert(
			fc.property(fc.array(fc.nat(), { minLength: 6, maxLength: 8 }), (draws) => {
				const code = codeFromDraws(draws);
				expect(isCode(code)).toBe(true);
				expect(normalizeCode(code.toLowerCase())).toBe(code);
			})
		);
		expect(() => codeFromDraws([1, 2])).toThrow(RangeError);
	});

	it('are read case-insensitively with spaces and dashes ignored', () => {
		expect(normalizeCode(' ab3-k7m ')).toBe('AB3K7M');
		expect(normalizeCode('AB3K7')).toBeNull();
		expect(normalizeCode('AB3K7O')).toBeNull();
		expect(normalizeCode('AB3K71')).toBeNull();
		expect(normalizeCode('<b>12</b>')).toBeNull();
	});
});

describe('display names', () => {
	it('are trimmed with inner white space collapsed', () => {
		expect(normalizeName('  Ann \t  Lee ')).toEqual({ ok: true, name: 'Ann Lee' });
	});

	it('are 1 to 24 characters, counted as characters not UTF-16 units', () => {
		expect(normalizeName('   ').ok).toBe(false);
		expect(normalizeName('x'.repeat(24)).ok).toBe(true);
		expect(normalizeName('x'.repeat(25)).ok).toBe(false);
		expect(normalizeName('🀄'.repeat(24)).ok).toBe(true);
	});

	it('refuse control and invisible characters, keep markup as plain text', () => {
		expect(normalizeName('Ann\u0000').ok).toBe(false);
		expect(normalizeName('A\u200bnn').ok).toBe(false);
		expect(normalizeName('<img src=x>')).toEqual({ ok: true, name: '<img src=x>' });
	});

	it('accept any printable Unicode, emoji ZWJ sequences and flags included, counted as graphemes', () => {
		for (const name of ['👩‍🏫', 'Ms 👩‍🏫 Lee', '👍🏽 José', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'Zoë', 'مریم‌جان', '李小龍']) {
			expect(normalizeName(name)).toEqual({ ok: true, name: name.normalize('NFC') });
		}
		expect(normalizeName('👩‍🏫'.repeat(24)).ok).toBe(true);
		expect(normalizeName('👩‍🏫'.repeat(25)).ok).toBe(false);
	});

	it('refuse invalid text: a lone surrogate', () => {
		expect(normalizeName('Ann\uD800').ok).toBe(false);
		expect(normalizeName('\uDC00Ben').ok).toBe(false);
		expect(normalizeName('A\u202Enn').ok).toBe(false);
	});
});
