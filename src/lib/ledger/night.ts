/**
 * A night worked out hand by hand, in house-rules.md's order of work: the engine settles each hand
 * by seat (League, P1 to P13); then East double (H1); then the bettor's payments (H2); the seats
 * are mapped to the players who sat there; then the pie (H3) caps what each player really pays
 * over the night. Balances run on, and the settle-up squares them. Pure (the engine is the only
 * dependency).
 */
import { SEATS, settleValid, type Seat } from '../payments/index';
import type { NormalizedOutcome } from '../payments/index';
import { applyHouseRules, type HouseRule, type HouseTransfer } from './house';
import { seatsOfHands, sittingOut } from './seats';
import { settleUp } from './settle-up';
import type {
	LedgerHandResult,
	Night,
	NightResult,
	PaidTransfer,
	PlayerNet,
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
 * Payments under the pie (points; null: no cap), in order, given every player's `before` balance:
 * each is paid in full, or, when it would take the payer below -pie, cut to what is left above it
 * (0 once she is at -pie: she stops paying until she wins again), and the one paid receives that
 * much less. What a player has already paid in this hand counts (the winner is paid first, then
 * the bettor). Without a pie every payment is made in full.
 */
export function underPie(
	transfers: readonly PaidTransfer[],
	before: PlayerNet,
	pie: number | null
): Pick<LedgerHandResult, 'paid' | 'cut' | 'net' | 'balance'> {
	const players = Object.keys(before);
	const paid: PaidTransfer[] = [];
	const cut: LedgerHandResult['cut'] = [];
	const net = zeroNet(players);
	for (const t of transfers) {
		const room = pie === null ? t.points : Math.max(0, pie + before[t.from]! + net[t.from]!);
		const points = Math.min(t.points, room);
		if (points < t.points) cut.push({ player: t.from, to: t.to, points: t.points - points });
		if (points > 0) paid.push({ ...t, points });
		net[t.from]! -= points;
		net[t.to]! += points;
	}
	const balance = Object.fromEntries(players.map((p) => [p, before[p]! + net[p]!]));
	return { paid, cut, net, balance };
}

/** A house payment by seat (or the bettor) as a payment between players. */
const byPlayer = (t: HouseTransfer, seats: SeatMap, bettor: string | null): PaidTransfer => {
	const who = (party: HouseTransfer['from']) => (party === 'bettor' ? bettor! : seats[party]);
	return { from: who(t.from), to: who(t.to), points: t.points, rule: t.rule };
};

/**
 * The night hand by hand. Every outcome must have passed the engine's validation (`outcomes`:
 * the normalized outcome of each hand, in order; see `readNight`); the seats and bets must be the
 * night's players (see `readNight`). Amounts in points.
 */
export function nightResult(night: Night, outcomes: readonly NormalizedOutcome[]): NightResult {
	let balance = zeroNet(night.players);
	const allSeats = seatsOfHands(night.hands, night.players);
	const bettorOn = night.house.includes('bettor') && night.players.length === 5;
	const hands = night.hands.map((hand, i): LedgerHandResult => {
		const outcome = outcomes[i]!;
		const seats = allSeats[i]!;
		const out = sittingOut(seats, night.players);
		const bet = bettorOn && hand.bet !== undefined ? hand.bet : null;
		const pick = bet === null ? null : (SEATS.find((s) => seats[s] === bet) ?? null);
		const settlement = settleValid(outcome);
		const houseHand = applyHouseRules(outcome, settlement, {
			eastDouble: night.house.includes('east-double'),
			bet: pick
		});
		const transfers = houseHand.transfers.map((t) => byPlayer(t, seats, out));
		const result = underPie(transfers, balance, night.pie);
		balance = result.balance;
		const house: HouseRule[] = [...houseHand.changed];
		if (result.cut.length > 0) house.push('pie');
		return { seats, out, bet, settlement, ...result, house, readings: houseHand.readings };
	});
	return { hands, balance, settleUp: settleUp(balance, night.players) };
}

/** The house rules that changed any hand of the night (H1, H2, H3 order). */
export function houseRulesUsed(result: NightResult): HouseRule[] {
	const used = new Set(result.hands.flatMap((h) => h.house));
	return (['east-double', 'bettor', 'pie'] as const).filter((r) => used.has(r));
}
