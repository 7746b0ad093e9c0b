/**
 * Reads a night from JSON-like input, strictly: every field known (an unknown one, a built-in
 * property name such as "constructor" included, is an error naming the nearest known field), four
 * or five distinct players, a whole-point pie or none, the house rules by name, every hand's
 * seats given to the night's players (each once; left out after the first hand, they pass on by
 * house-rules.md's rule), the bettor's pick where the bettor plays, and every outcome possible,
 * checked by the engine's own validation with its error codes (payments.md). Pure; never throws.
 */
import {
	SEATS,
	nearestName,
	readOutcomeStrict,
	unknownField as unknownFieldError,
	type NormalizedOutcome,
	type Outcome
} from '../payments/index';
import { LISTED_HOUSE_RULES, type ListedHouseRule } from './house';
import { nightResult } from './night';
import { passSeats } from './seats';
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
/** The most hands a night may have. */
export const MAX_HANDS = 2000;

/** The fields of a night, and of one of its hands. */
export const NIGHT_FIELDS = ['players', 'pie', 'house', 'hands'];
export const HAND_FIELDS = ['seats', 'bet', 'outcome'];

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

/**
 * Hand `i`'s bet (H2): with the bettor on and five players, the name of one of the four seated
 * (`bet-missing`, `bet-invalid`); otherwise none (`bet-unexpected`).
 */
function readBet(
	raw: unknown,
	bettorOn: boolean,
	seats: SeatMap,
	i: number
): string | undefined | Fail {
	const seated = SEATS.map((s) => seats[s]);
	if (!bettorOn) {
		if (raw === undefined || raw === null) return undefined;
		return fail(
			'bet-unexpected',
			`Hand ${i + 1}: "bet" is only for the bettor (H2), with "house": ["bettor"] and five players.`,
			i
		);
	}
	if (raw === undefined || raw === null)
		return fail(
			'bet-missing',
			`Hand ${i + 1}: the bettor plays, so "bet" must name the player she bet on (one of ${seated.join(', ')}).`,
			i
		);
	if (typeof raw !== 'string' || !seated.includes(raw))
		return fail(
			'bet-invalid',
			`Hand ${i + 1}: "bet" is ${JSON.stringify(raw)}, but the bettor bets on one of the four at the table: ${seated.join(', ')}.`,
			i
		);
	return raw;
}

/** Reads a whole night (see the module's docstring): the night and its outcomes, or the first error. */
export function readNight(input: unknown): ReadNight | Fail {
	if (!isRecord(input))
		return fail(
			'night-invalid',
			'A night must be a JSON object {"players", "pie", "house", "hands"}.'
		);
	const unknown = unknownField(input, NIGHT_FIELDS, 'the night', null);
	if (unknown) return unknown;
	const players = readPlayers(input.players);
	if (!Array.isArray(players)) return players;
	const pie = readPie(input.pie);
	if (pie !== null && typeof pie === 'object') return pie;
	const house = readHouse(input.house);
	if (!Array.isArray(house)) return house;
	if (!Array.isArray(input.hands) || input.hands.length > MAX_HANDS)
		return fail(
			'hands-invalid',
			`"hands" must be a list of at most ${MAX_HANDS} hands, each {"seats", "outcome"} (an empty list for none yet).`
		);
	const bettorOn = house.includes('bettor') && players.length === 5;
	const hands: LedgerHand[] = [];
	const outcomes: NormalizedOutcome[] = [];
	let last: SeatMap | null = null;
	for (const [i, raw] of input.hands.entries()) {
		if (!isRecord(raw))
			return fail('hands-invalid', `Hand ${i + 1} must be an object {"seats", "outcome"}.`, i);
		const bad = unknownField(raw, HAND_FIELDS, `hand ${i + 1}`, i);
		if (bad) return bad;
		let seats: SeatMap | undefined;
		if (raw.seats !== undefined && raw.seats !== null) {
			const read = readSeats(raw.seats, players, i);
			if ('error' in read) return read;
			seats = read;
		} else if (last === null) {
			return fail(
				'seats-missing',
				`Hand ${i + 1}: the first hand needs its "seats" (east, south, west, north: a player each); later hands may leave them out to pass them on.`,
				i
			);
		}
		const sat: SeatMap = seats ?? passSeats(last!, players);
		const bet = readBet(raw.bet, bettorOn, sat, i);
		if (typeof bet === 'object') return bet;
		const outcome = readOutcome(raw.outcome, i);
		if ('error' in outcome) return outcome;
		hands.push({
			...(seats ? { seats } : {}),
			...(bet !== undefined ? { bet } : {}),
			outcome: raw.outcome as Outcome
		});
		outcomes.push(outcome);
		last = sat;
	}
	return { night: { players, pie, house, hands }, outcomes };
}

/** Reads and works out a night: its result (points), or the first error. Never throws. */
export function ledger(input: unknown): NightResult | Fail {
	const read = readNight(input);
	if ('error' in read) return read;
	return nightResult(read.night, read.outcomes);
}
