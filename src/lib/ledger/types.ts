/**
 * Types of the night's ledger (issue 12): four players by name, hands settled by the payment
 * engine with seats mapped to players, an optional pie (a table rule, not League), running
 * balances and the settle-up. Every amount is in whole points (P13); money is points shown as
 * dollars and cents (1 point = 1 cent).
 */
import type { ErrorCode, Outcome, Seat, Settlement } from '../payments/index';

/** Who sat where for one hand: a player's name for each of the four seats. */
export type SeatMap = Record<Seat, string>;

/** One hand of the night: who sat where, and what happened (the engine's outcome). */
export interface LedgerHand {
	seats: SeatMap;
	outcome: Outcome;
}

/**
 * A night at the table: the four `players` (distinct names, in the order the table gave them),
 * the `pie` in points (null: no cap; a house rule, never League) and the `hands` in play order.
 */
export interface Night {
	players: string[];
	pie: number | null;
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

/**
 * One hand as the ledger counts it: the engine's `settlement` (by seat, uncapped), the payments
 * really made (`paid`, by player, after the pie), what the pie `cut` off each capped payment
 * (points, by player; empty without a pie), the hand's `net` by player (sums to 0) and the
 * running `balance` after it.
 */
export interface LedgerHandResult {
	settlement: Settlement;
	paid: PlayerTransfer[];
	cut: { player: string; points: number }[];
	net: PlayerNet;
	balance: PlayerNet;
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
 * `night-invalid` (not an object), `players-invalid` (not four distinct names), `pie-invalid`,
 * `hands-invalid` (not a list of hands), `seats-invalid` (not an object of seats),
 * `seat-missing`, `player-unknown` (a seat given to someone not among the players) and
 * `player-twice` (one player in two seats).
 */
export type LedgerErrorCode =
	| ErrorCode
	| 'json-invalid'
	| 'field-unknown'
	| 'night-invalid'
	| 'players-invalid'
	| 'pie-invalid'
	| 'hands-invalid'
	| 'seats-invalid'
	| 'seat-missing'
	| 'player-unknown'
	| 'player-twice';

/**
 * What is wrong with a night: a stable `code`, a plain-English `message` and the index of the
 * `hand` it is in (from 0; null when the night itself is wrong, e.g. its players).
 */
export interface LedgerError {
	code: LedgerErrorCode;
	message: string;
	hand: number | null;
}
