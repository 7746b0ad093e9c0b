/**
 * Types of the night's ledger (issues 12 and 22): four or five players by name (with five, one
 * sits out each hand), hands settled by the payment engine with seats mapped to players, the
 * house rules of house-rules.md chosen for the night (East double, the bettor, the pie: never
 * League), running balances and the settle-up. Every amount is in whole points (P13); money is
 * points shown as dollars and cents (1 point = 1 cent).
 */
import type { ErrorCode, Outcome, Seat, Settlement } from '../payments/index';
import type { HouseRule, ListedHouseRule } from './house';

/** Who sat where for one hand: a player's name for each of the four seats. */
export type SeatMap = Record<Seat, string>;

/**
 * One hand of the night: what happened (the engine's outcome); who sat where (`seats`; left out,
 * they pass on from the hand before by house-rules.md's "Seats over a night"; the first hand of a
 * night read from JSON needs them); and with the bettor (H2) and five players, `bet`, the name of
 * the seated player the one sitting out bet on.
 */
export interface LedgerHand {
	seats?: SeatMap;
	bet?: string;
	outcome: Outcome;
}

/**
 * A night at the table: the 4 or 5 `players` (distinct names, in the order the table gave them),
 * the `pie` in points (H3; null: no cap), the other `house` rules played (H1 `east-double`, H2
 * `bettor`; empty: none; never League) and the `hands` in play order.
 */
export interface Night {
	players: string[];
	pie: number | null;
	house: ListedHouseRule[];
	hands: LedgerHand[];
}

/** Points won (+) or lost (-) by each player, keyed by name; the values sum to 0. */
export type PlayerNet = Record<string, number>;

/** One payment between players: `from` hands `to` this many `points` (always > 0). */
export interface PlayerTransfer {
	from: string;
	to: string;
	points: number;
}

/** A payment really made: `rule` is the house rule that made or changed it (null: League's own). */
export interface PaidTransfer extends PlayerTransfer {
	rule: Exclude<HouseRule, 'pie'> | null;
}

/**
 * One hand as the ledger counts it: who sat where (`seats`, set by hand or passed on), who sat
 * out (`out`, with five) and, with the bettor, her pick (`bet`); the engine's `settlement` (by
 * seat, League, uncapped); the payments really made (`paid`, by player, after the house rules
 * and the pie; a player who pays the winner and the bettor pays the winner first); what the pie
 * `cut` off each capped payment (points, by the `player` who paid and `to` whom, in payment
 * order); the hand's `net` by player (every player, the one sitting out too; sums to 0), the
 * running `balance` after it; the house rules that changed this hand (`house`, in H1, H2, H3
 * order) and `readings`, sentences where this project reads a house rule.
 */
export interface LedgerHandResult {
	seats: SeatMap;
	out: string | null;
	bet: string | null;
	settlement: Settlement;
	paid: PaidTransfer[];
	cut: { player: string; to: string; points: number }[];
	net: PlayerNet;
	balance: PlayerNet;
	house: HouseRule[];
	readings: string[];
}

/**
 * The night worked out: every hand's result, the final `balance` (the sum of the hands' nets)
 * and the `settleUp`, the transfers that move exactly the balances (at most players - 1).
 */
export interface NightResult {
	hands: LedgerHandResult[];
	balance: PlayerNet;
	settleUp: PlayerTransfer[];
}

/**
 * Codes of a bad night: the engine's codes for an impossible outcome (payments.md), and the
 * ledger's own: `json-invalid` (not JSON), `field-unknown` (a field the night does not have),
 * `night-invalid` (not an object), `players-invalid` (not four or five distinct names),
 * `pie-invalid`, `house-invalid` (not a list of known house rules, or one named twice; the
 * bettor with four players is no error, she just never plays), `hands-invalid` (not a list of
 * hands), `seats-missing` (the first hand without its seats), `seats-invalid` (not an object of
 * seats), `seat-missing`, `player-unknown` (a seat given to someone not among the players),
 * `player-twice` (one player in two seats), `bet-missing` (the bettor on and five playing, no
 * `bet`), `bet-unexpected` (a `bet` without the bettor and five players) and `bet-invalid` (a
 * `bet` that names nobody seated in the hand).
 */
export type LedgerErrorCode =
	| ErrorCode
	| 'json-invalid'
	| 'field-unknown'
	| 'night-invalid'
	| 'players-invalid'
	| 'pie-invalid'
	| 'house-invalid'
	| 'hands-invalid'
	| 'seats-missing'
	| 'seats-invalid'
	| 'seat-missing'
	| 'player-unknown'
	| 'player-twice'
	| 'bet-missing'
	| 'bet-unexpected'
	| 'bet-invalid';

/**
 * What is wrong with a night: a stable `code`, a plain-English `message` and the index of the
 * `hand` it is in (from 0; null when the night itself is wrong, e.g. its players).
 */
export interface LedgerError {
	code: LedgerErrorCode;
	message: string;
	hand: number | null;
}
