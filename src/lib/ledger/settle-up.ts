/**
 * The settle-up at the end of a night: who hands whom how much so that every balance comes back
 * to 0. Pure.
 */
import type { PlayerNet, PlayerTransfer } from './types';

/**
 * Transfers that move exactly `balance` (points by player, summing to 0): each step has the
 * player who owes most hand the player owed most the smaller of the two amounts, so one of them
 * is square after every step, and the last step squares both: at most players - 1 transfers.
 * Ties go to the player earlier in `players` (the order of the night). Throws a RangeError when
 * the balances do not sum to 0 or are not whole points.
 */
export function settleUp(balance: PlayerNet, players: readonly string[]): PlayerTransfer[] {
	const left = new Map(players.map((p) => [p, balance[p] ?? 0]));
	let sum = 0;
	for (const [p, points] of left) {
		if (!Number.isSafeInteger(points)) throw new RangeError(`${p}'s balance is not whole points.`);
		sum += points;
	}
	if (sum !== 0) throw new RangeError(`The balances sum to ${sum}, not 0.`);
	const transfers: PlayerTransfer[] = [];
	const pick = (sign: 1 | -1) => {
		let best: string | null = null;
		for (const [p, points] of left) {
			if (points * sign > 0 && (best === null || points * sign > left.get(best)! * sign)) best = p;
		}
		return best;
	};
	for (;;) {
		const debtor = pick(-1);
		const creditor = pick(1);
		if (debtor === null || creditor === null) return transfers;
		const points = Math.min(-left.get(debtor)!, left.get(creditor)!);
		transfers.push({ from: debtor, to: creditor, points });
		left.set(debtor, left.get(debtor)! + points);
		left.set(creditor, left.get(creditor)! - points);
	}
}
