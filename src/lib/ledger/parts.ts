/**
 * The parts of a night, each read strictly from JSON-like input (see `./read.ts` for the whole
 * night): the players, the pie, the house rules, a hand's seats and its outcome, each one or the
 * error with its code, message and hand. Unknown fields (a built-in property name such as
 * "constructor" included) are errors naming the nearest known field. Pure; never throws.
 */
import {
	SEATS,
	nearestName,
	readOutcomeStrict,
	unknownField as unknownFieldError,
	type NormalizedOutcome
} from '../payments/index';
import { LISTED_HOUSE_RULES, type ListedHouseRule } from './house';
import { MAX_HANDS, MAX_NAME, MAX_PIE } from './limits';
import type { LedgerError, LedgerErrorCode, SeatMap } from './types';

export { MAX_HANDS, MAX_NAME, MAX_PIE };

/** The fields of a night, and of one of its hands. */
export const NIGHT_FIELDS = ['players', 'pie', 'house', 'hands'];
export const HAND_FIELDS = ['seats', 'bet', 'outcome'];

/** A part that could not be read: the error. */
export type Fail = { error: LedgerError };
/** The error `code` with its `message`, in hand `hand` (from 0; null: the night itself). */
export const fail = (code: LedgerErrorCode, message: string, hand: number | null = null): Fail => ({
	error: { code, message, hand }
});
/** True for a JSON object (not null, not a list). */
export const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

/** The first field of `raw` not in `known`, as an error naming the nearest known one; else null. */
export function unknownField(
	raw: Record<string, unknown>,
	known: string[],
	where: string,
	hand: number | null
) {
	const field = Object.keys(raw).find((k) => !known.includes(k));
	if (field === undefined) return null;
	return fail('field-unknown', unknownFieldError(field, where, known).message, hand);
}

/** The players of a night (4 or 5 distinct names), or the error. */
export function readPlayers(raw: unknown): string[] | Fail {
	const bad = fail(
		'players-invalid',
		`"players" must be a list of the 4 or 5 players' names, each different and 1 to ${MAX_NAME} characters long.`
	);
	if (!Array.isArray(raw) || raw.length < 4 || raw.length > 5) return bad;
	if (!raw.every((p) => typeof p === 'string' && p.trim() !== '' && p.length <= MAX_NAME))
		return bad;
	const names = raw as string[];
	if (new Set(names.map((p) => p.trim().toLowerCase())).size !== names.length) return bad;
	return names;
}

/**
 * The house rules of a night's `house` list (absent or null: none), or the error: each one of
 * `"east-double"` (H1) and `"bettor"` (H2), once. The pie (H3) is its own field.
 */
export function readHouse(raw: unknown): ListedHouseRule[] | Fail {
	if (raw === undefined || raw === null) return [];
	const known = LISTED_HOUSE_RULES.join('", "');
	if (!Array.isArray(raw))
		return fail('house-invalid', `"house" must be a list of house rules: "${known}".`);
	const out: ListedHouseRule[] = [];
	for (const rule of raw) {
		if (rule === 'pie')
			return fail(
				'house-invalid',
				'The pie is its own field: "pie": points (for example 500), not a name in "house".'
			);
		if (!(LISTED_HOUSE_RULES as readonly unknown[]).includes(rule)) {
			const text = typeof rule === 'string' ? rule : JSON.stringify(rule);
			const near = typeof rule === 'string' ? nearestName(rule, LISTED_HOUSE_RULES) : null;
			return fail(
				'house-invalid',
				`Unknown house rule ${JSON.stringify(String(text).slice(0, 40))}${near ? `: did you mean ${near}?` : '.'} The house rules are "${known}" (and "pie": points).`
			);
		}
		if (out.includes(rule as ListedHouseRule))
			return fail('house-invalid', `"house" names "${rule}" twice.`);
		out.push(rule as ListedHouseRule);
	}
	return out;
}

/** The pie in points (null: none), or the error. */
export function readPie(raw: unknown): number | null | Fail {
	if (raw === undefined || raw === null) return null;
	if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > MAX_PIE) {
		return fail(
			'pie-invalid',
			`"pie" must be a whole number of points from 1 to ${MAX_PIE}, or null for no pie.`
		);
	}
	return raw;
}

/** Who sat where in hand `i`, or the error. */
export function readSeats(raw: unknown, players: readonly string[], i: number): SeatMap | Fail {
	if (!isRecord(raw))
		return fail(
			'seats-invalid',
			`Hand ${i + 1}: "seats" must give a player for east, south, west and north.`,
			i
		);
	const unknown = unknownField(raw, [...SEATS], `hand ${i + 1}'s seats`, i);
	if (unknown) return unknown;
	const seats: Partial<SeatMap> = {};
	for (const seat of SEATS) {
		const who = raw[seat];
		if (who === undefined || who === null)
			return fail(
				'seat-missing',
				`Hand ${i + 1}: nobody sits ${seat}. Every seat needs a player.`,
				i
			);
		if (typeof who !== 'string' || !players.includes(who)) {
			return fail(
				'player-unknown',
				`Hand ${i + 1}: ${JSON.stringify(who)} sits ${seat} but is not one of the players (${players.join(', ')}).`,
				i
			);
		}
		const twice = SEATS.find((s) => seats[s] === who);
		if (twice)
			return fail(
				'player-twice',
				`Hand ${i + 1}: ${who} sits both ${twice} and ${seat}. Each player has one seat.`,
				i
			);
		seats[seat] = who;
	}
	return seats as SeatMap;
}

/**
 * Hand `i`'s outcome read by the engine's strict reader (`readOutcomeStrict`: unknown fields and
 * outside-League situations refused, then the spec's checks), or the error.
 */
export function readOutcome(raw: unknown, i: number | null): NormalizedOutcome | Fail {
	const checked = readOutcomeStrict(raw);
	if (!checked.ok) {
		const prefix = i === null ? '' : `Hand ${i + 1}: `;
		return fail(checked.error.code, prefix + checked.error.message, i);
	}
	return checked.outcome;
}
