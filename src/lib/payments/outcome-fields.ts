/**
 * Reading an outcome's fields for `./validate`: each reader gives the field's value or the
 * failed validation naming the field and the spec's code (payments.md, "Impossible outcomes").
 */
import { SEATS, isSeat, type ErrorCode, type Seat } from './types';
import type { ValidationResult } from './normalized';

/** A failed validation with `code` and `message`. */
export const fail = (code: ErrorCode, message: string): ValidationResult => ({
	ok: false,
	error: { code, message }
});

/** True for a JSON object (not null, not an array). */
export const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

/** "East" for `east`. */
export const seatName = (s: Seat) => s[0]!.toUpperCase() + s.slice(1);

/** A short JSON rendering of a value for a message (`missing` when undefined). */
export const describe = (x: unknown): string => {
	if (x === undefined) return 'missing';
	try {
		const text = JSON.stringify(x);
		return text === undefined ? String(x) : text.length > 40 ? `${text.slice(0, 37)}...` : text;
	} catch {
		return 'unreadable';
	}
};

/** `value-invalid` unless v is a whole number from 1 to 1000 (payments.md), else null. */
export function checkValue(value: unknown): ValidationResult | null {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000) {
		return fail(
			'value-invalid',
			`The hand's value must be a whole number of points from 1 to 1000 (got ${describe(value)}).`
		);
	}
	return null;
}

/** `seat-invalid` unless `value` is a seat (east, south, west, north), else null. */
export function checkSeat(field: string, value: unknown): ValidationResult | null {
	if (!isSeat(value)) {
		return fail(
			'seat-invalid',
			`"${field}" must be one of east, south, west, north (got ${describe(value)}).`
		);
	}
	return null;
}

/** A flag: `fallback` when missing or null, null when not true or false. */
export function readFlag(raw: Record<string, unknown>, field: string, fallback: boolean) {
	const v = raw[field];
	if (v === undefined || v === null) return fallback;
	if (typeof v !== 'boolean') return null;
	return v;
}

/** The dead hands (P9), in seat order: `seat-invalid` for a non-seat or a seat named twice. */
export function readDead(raw: Record<string, unknown>): Seat[] | ValidationResult {
	const dead = raw.dead;
	if (dead === undefined || dead === null) return [];
	if (!Array.isArray(dead)) {
		return fail('seat-invalid', `"dead" must be a list of seats (got ${describe(dead)}).`);
	}
	for (const [i, s] of dead.entries()) {
		const bad = checkSeat('dead', s);
		if (bad) return bad;
		if (dead.indexOf(s) !== i) {
			return fail(
				'seat-invalid',
				`"dead" lists ${seatName(s as Seat)} twice: name each dead hand once.`
			);
		}
	}
	return SEATS.filter((s) => dead.includes(s));
}

/** What the winning hand held: its jokers and the two flags (defaults filled in). */
export interface HandFacts {
	jokers: number;
	declaredJokerless: boolean;
	singlesAndPairs: boolean;
}

/**
 * Reads the winning hand's `jokers` (`required`: a win; else optional, a misnamed discard's
 * caller) and flags: `jokers-invalid`, or `outcome-invalid` for a flag that is not true or false.
 */
export function readHand(
	raw: Record<string, unknown>,
	required = true
): HandFacts | ValidationResult {
	const jokers = raw.jokers ?? (required ? undefined : 0);
	if (typeof jokers !== 'number' || !Number.isInteger(jokers) || jokers < 0 || jokers > 8) {
		return fail(
			'jokers-invalid',
			`"jokers" must be a whole number from 0 to 8, the jokers in the winning hand (a set has 8; got ${describe(jokers)}).`
		);
	}
	const declaredJokerless = readFlag(raw, 'declaredJokerless', true);
	const singlesAndPairs = readFlag(raw, 'singlesAndPairs', false);
	if (declaredJokerless === null || singlesAndPairs === null) {
		return fail(
			'outcome-invalid',
			'"declaredJokerless" and "singlesAndPairs" must be true or false.'
		);
	}
	return { jokers, declaredJokerless, singlesAndPairs };
}
