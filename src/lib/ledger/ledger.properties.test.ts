/**
 * The ledger's invariants (issue 12, "Done when"), on random nights of random hands, seatings and
 * pies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settle, isSettleFailure } from '../payments/index';
import { nightArb } from './arbitraries';
import {
	ledger,
	netByPlayer,
	settleUp,
	type Night,
	type NightResult,
	type PlayerNet
} from './index';

const sum = (net: PlayerNet) => Object.values(net).reduce((a, b) => a + b, 0);
const run = (night: Night): NightResult => {
	const result = ledger(JSON.parse(JSON.stringify(night)));
	if ('error' in result) throw new Error(result.error.message);
	return result;
};

describe('the ledger', () => {
	it("without a pie, every hand's net is the engine's settlement mapped to the players", () => {
		fc.assert(
			fc.property(nightArb('never'), (night) => {
				const result = run(night);
				night.hands.forEach((hand, i) => {
					const settled = settle(hand.outcome);
					if (isSettleFailure(settled)) throw new Error(settled.error.message);
					expect(result.hands[i]!.net).toEqual(netByPlayer(settled.net, hand.seats, night.players));
					expect(result.hands[i]!.cut).toEqual([]);
				});
			})
		);
	});

	it('with a pie, no balance ever goes below -pie, and no payment exceeds the uncapped one', () => {
		fc.assert(
			fc.property(nightArb('always'), (night) => {
				const result = run(night);
				for (const [i, hand] of result.hands.entries()) {
					for (const p of night.players)
						expect(hand.balance[p]!).toBeGreaterThanOrEqual(-night.pie!);
					const seats = night.hands[i]!.seats;
					for (const paid of hand.paid) {
						const uncapped = hand.settlement.transfers.find((t) => seats[t.from] === paid.from)!;
						expect(seats[uncapped.to]).toBe(paid.to);
						expect(paid.points).toBeLessThanOrEqual(uncapped.points);
						expect(paid.points).toBeGreaterThan(0);
					}
					// What the winner receives is the uncapped total less what the pie cut.
					const cut = hand.cut.reduce((a, c) => a + c.points, 0);
					const received = hand.paid.reduce((a, t) => a + t.points, 0);
					expect(received).toBe(hand.settlement.total - cut);
				}
			})
		);
	});

	it('a player at -pie pays nothing until she wins again', () => {
		fc.assert(
			fc.property(nightArb('always'), (night) => {
				const result = run(night);
				let before = Object.fromEntries(night.players.map((p) => [p, 0]));
				for (const hand of result.hands) {
					for (const p of night.players.filter((p) => before[p] === -night.pie!)) {
						expect(hand.paid.some((t) => t.from === p)).toBe(false);
					}
					before = hand.balance;
				}
			})
		);
	});

	it("every hand's net sums to 0, and the balance is the sum of the nets", () => {
		fc.assert(
			fc.property(nightArb(), (night) => {
				const result = run(night);
				const total = Object.fromEntries(night.players.map((p) => [p, 0]));
				for (const hand of result.hands) {
					expect(sum(hand.net)).toBe(0);
					for (const p of night.players) total[p]! += hand.net[p]!;
					expect(hand.balance).toEqual(total);
				}
				expect(result.balance).toEqual(total);
			})
		);
	});

	it('the settle-up reproduces the balances in at most players - 1 transfers', () => {
		fc.assert(
			fc.property(nightArb(), (night) => {
				const result = run(night);
				expect(result.settleUp.length).toBeLessThanOrEqual(night.players.length - 1);
				const left = { ...result.balance };
				for (const t of result.settleUp) {
					expect(t.points).toBeGreaterThan(0);
					expect(t.from).not.toBe(t.to);
					left[t.from]! += t.points;
					left[t.to]! -= t.points;
				}
				for (const p of night.players) expect(left[p]).toBe(0);
			})
		);
	});

	it('settles up any balances that sum to 0, in at most n - 1 transfers', () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: -5000, max: 5000 }), { minLength: 1, maxLength: 8 }),
				(amounts) => {
					const players = amounts.map((_, i) => `P${i}`);
					const balance = Object.fromEntries(players.map((p, i) => [p, amounts[i]!]));
					balance[players[0]!]! -= amounts.reduce((a, b) => a + b, 0);
					const transfers = settleUp(balance, players);
					expect(transfers.length).toBeLessThanOrEqual(Math.max(0, players.length - 1));
					for (const t of transfers) {
						balance[t.from]! += t.points;
						balance[t.to]! -= t.points;
					}
					expect(Object.values(balance).every((b) => b === 0)).toBe(true);
				}
			)
		);
	});
});
