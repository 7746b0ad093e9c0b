/**
 * A night worked out hand by hand: the engine settles each hand by seat, the seats are mapped to
 * the players who sat there, the optional pie caps what a player can lose, balances run on, and
 * the settle-up squares them. Pure (the engine is the only dependency).
 */
import { SEATS, settleValid, type Seat, type Settlement } from '../payments/index';
import type { NormalizedOutcome } from '../payments/index';
import { settleUp } from './settle-up';
import type {
	LedgerHandResult,
	Night,
	NightResult,
	PlayerNet,
	PlayerTransfer,
	SeatMap
} from './types';

/** Every player at 0 points. */
export const zeroNet = (players: readonly string[]): PlayerNet =>
	Object.fromEntries(players.map((p) => [p, 0]));

/** A seat-keyed net mapped to the players who sat there (the engine's own amounts, P1 to P13). */
export function netByPlayer(net: Record<Seat, number>, seats: SeatMap, players: readonly string[]) {
	const out = zeroNet(players);
	for (const seat of SEATS) out[seats[seat]] = (out[seats[seat]] ?? 0) + net[seat];
	return out;
}

/**
 * One hand under the pie (points; null: no cap), given every player's `before` balance: each of
 * the engine's transfers is paid in full, or, when it would take the payer below -pie, cut to what
 * is left above it (0 once she is at -pie: she stops paying until she wins again), and the winner
 * receives that much less. Without a pie the net is the engine's, mapped to the players.
 */
export function handUnderPie(
	settlement: Settlement,
	seats: SeatMap,
	before: PlayerNet,
	pie: number | null
): Omit<LedgerHandResult, 'settlement'> {
	const players = Object.keys(before);
	const paid: PlayerTransfer[] = [];
	const cut: { player: string; points: number }[] = [];
	const net = zeroNet(players);
	for (const t of settlement.transfers) {
		const from = seats[t.from];
		const to = seats[t.to];
		const room = pie === null ? t.points : Math.max(0, pie + before[from]!);
		const points = Math.min(t.points, room);
		if (points < t.points) cut.push({ player: from, points: t.points - points });
		if (points > 0) paid.push({ from, to, points });
		net[from]! -= points;
		net[to]! += points;
	}
	const balance = Object.fromEntries(players.map((p) => [p, before[p]! + net[p]!]));
	return { paid, cut, net, balance };
}

/**
 * The night hand by hand. Every outcome must have passed the engine's validation (`outcomes`:
 * the normalized outcome of each hand, in order; see `readNight`); the seats must be the
 * night's players. Amounts in points.
 */
export function nightResult(night: Night, outcomes: readonly NormalizedOutcome[]): NightResult {
	let balance = zeroNet(night.players);
	const hands = night.hands.map((hand, i) => {
		const settlement = settleValid(outcomes[i]!);
		const result = handUnderPie(settlement, hand.seats, balance, night.pie);
		balance = result.balance;
		return { settlement, ...result };
	});
	return { hands, balance, settleUp: settleUp(balance, night.players) };
}
