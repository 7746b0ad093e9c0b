/**
 * Reads a night from JSON-like input, strictly: every field known (an unknown one, a built-in
 * property name such as "constructor" included, is an error naming the nearest known field), four
 * or five distinct players, a whole-point pie or none, the house rules by name, every hand's
 * seats given to the night's players (each once; left out after the first hand, they pass on by
 * house-rules.md's rule), the bettor's pick where the bettor plays, and every outcome possible,
 * checked by the engine's own validation with its error codes (payments.md). Pure; never throws.
 */
import { SEATS, type NormalizedOutcome, type Outcome } from '../payments/index';
import { nightResult } from './night';
import {
	HAND_FIELDS,
	MAX_HANDS,
	NIGHT_FIELDS,
	fail,
	isRecord,
	readHouse,
	readOutcome,
	readPie,
	readPlayers,
	readSeats,
	unknownField,
	type Fail
} from './parts';
import { passSeats } from './seats';
import type { LedgerHand, Night, NightResult, SeatMap } from './types';

/** A night that was read: the night, and each hand's outcome as the engine normalized it. */
export interface ReadNight {
	night: Night;
	outcomes: NormalizedOutcome[];
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
