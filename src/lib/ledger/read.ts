/**
 * Reads a night from JSON-like input, strictly: every field known (an unknown one is an error
 * naming the nearest known field), four distinct players, a whole-point pie or none, every hand's
 * seats given to the night's players (each once) and every outcome possible, checked by the
 * engine's own validation with its error codes (payments.md). Pure; never throws.
 */
import {
	SEATS,
	readOutcomeStrict,
	unknownField as unknownFieldError,
	type NormalizedOutcome,
	type Outcome
} from '../payments/index';
import { nightResult } from './night';
import type {
	LedgerError,
	LedgerErrorCode,
	LedgerHand,
	Night,
	NightResult,
	SeatMap
} from './types';

/** The most points a pie may be (10,000 dollars in money). */
export const MAX_PIE = 1_000_000;
/** The longest player name. */
export const MAX_NAME = 40;

const NIGHT_FIELDS = ['players', 'pie', 'hands'];
const HAND_FIELDS = ['seats', 'outcome'];

/** A night that was read: the night, and each hand's outcome as the engine normalized it. */
export interface ReadNight {
	night: Night;
	outcomes: NormalizedOutcome[];
}

type Fail = { error: LedgerError };
const fail = (code: LedgerErrorCode, message: string, hand: number | null = null): Fail => ({
	error: { code, message, hand }
});
const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

/** The first field of `raw` not in `known`, as an error naming the nearest known one; else null. */
function unknownField(
	raw: Record<string, unknown>,
	known: string[],
	where: string,
	hand: number | null
) {
	const field = Object.keys(raw).find((k) => !known.includes(k));
	if (field === undefined) return null;
	return fail('field-unknown', unknownFieldError(field, where, known).message, hand);
}

/** The players of a night, or the error. */
export function readPlayers(raw: unknown): string[] | Fail {
	const bad = fail(
		'players-invalid',
		`"players" must be a list of the 4 players' names, each different and 1 to ${MAX_NAME} characters long.`
	);
	if (!Array.isArray(raw) || raw.length !== 4) return bad;
	if (!raw.every((p) => typeof p === 'string' && p.trim() !== '' && p.length <= MAX_NAME))
		return bad;
	const names = raw as string[];
	if (new Set(names.map((p) => p.trim().toLowerCase())).size !== 4) return bad;
	return names;
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

/** Reads a whole night (see the module's docstring): the night and its outcomes, or the first error. */
export function readNight(input: unknown): ReadNight | Fail {
	if (!isRecord(input))
		return fail('night-invalid', 'A night must be a JSON object {"players", "pie", "hands"}.');
	const unknown = unknownField(input, NIGHT_FIELDS, 'the night', null);
	if (unknown) return unknown;
	const players = readPlayers(input.players);
	if (!Array.isArray(players)) return players;
	const pie = readPie(input.pie);
	if (pie !== null && typeof pie === 'object') return pie;
	if (!Array.isArray(input.hands))
		return fail(
			'hands-invalid',
			'"hands" must be a list of hands, each {"seats", "outcome"} (an empty list for none yet).'
		);
	const hands: LedgerHand[] = [];
	const outcomes: NormalizedOutcome[] = [];
	for (const [i, raw] of input.hands.entries()) {
		if (!isRecord(raw))
			return fail('hands-invalid', `Hand ${i + 1} must be an object {"seats", "outcome"}.`, i);
		const bad = unknownField(raw, HAND_FIELDS, `hand ${i + 1}`, i);
		if (bad) return bad;
		const seats = readSeats(raw.seats, players, i);
		if ('error' in seats) return seats;
		const outcome = readOutcome(raw.outcome, i);
		if ('error' in outcome) return outcome;
		hands.push({ seats, outcome: raw.outcome as Outcome });
		outcomes.push(outcome);
	}
	return { night: { players, pie, hands }, outcomes };
}

/** Reads and works out a night: its result (points), or the first error. Never throws. */
export function ledger(input: unknown): NightResult | Fail {
	const read = readNight(input);
	if ('error' in read) return read;
	return nightResult(read.night, read.outcomes);
}
