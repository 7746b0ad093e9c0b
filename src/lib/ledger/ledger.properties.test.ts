/**
 * The ledger's invariants (issues 12 and 22, "Done when"), over random 4- and 5-player nights of
 * random hands, seatings (set by hand or passed on), house rules and pies: every hand's net sums
 * to 0; with no house rule the nets are the engine's; H1 is the League amounts with every payment
 * to or from East doubled; the bettor (H2) pays or collects as house-rules.md says; the pie never
 * lets a player below minus the pie; the seats pass as the deal does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEATS, settle, isSettleFailure, type Outcome, type Settlement } from '../payments/index';
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
const settled = (outcome: Outcome): Settlement => {
	const s = settle(outcome);
	if (isSettleFailure(s)) throw new Error(s.error.message);
	return s;
};

describe('the ledger over random nights', () => {
	it("every hand's net sums to 0 and names every player; the balance is the sum of the nets", () => {
		fc.assert(
			fc.property(nightArb(), (night) => {
				const result = run(night);
				const total = Object.fromEntries(night.players.map((p) => [p, 0]));
				for (const hand of result.hands) {
					expect(Object.keys(hand.net).sort()).toEqual([...night.players].sort());
					expect(sum(hand.net)).toBe(0);
					for (const p of night.players) total[p]! += hand.net[p]!;
					expect(hand.balance).toEqual(total);
				}
				expect(result.balance).toEqual(total);
			})
		);
	});

	it("with no house rule, every hand's net is the engine's, mapped to the players (the one sitting out 0)", () => {
		fc.assert(
			fc.property(nightArb({ pie: 'never', house: [] }), (night) => {
				const result = run(night);
				night.hands.forEach((hand, i) => {
					const r = result.hands[i]!;
					expect(r.net).toEqual(netByPlayer(settled(hand.outcome).net, r.seats, night.players));
					if (r.out !== null) expect(r.net[r.out]).toBe(0);
					expect(r.cut).toEqual([]);
					expect(r.house).toEqual([]);
				});
			})
		);
	});

	it('with East double (H1), every League payment to or from East is doubled, and nothing else changes', () => {
		fc.assert(
			fc.property(nightArb({ pie: 'never', house: ['east-double'] }), (night) => {
				const result = run(night);
				night.hands.forEach((hand, i) => {
					const r = result.hands[i]!;
					const expected = Object.fromEntries(night.players.map((p) => [p, 0]));
					for (const t of settled(hand.outcome).transfers) {
						const points = t.from === 'east' || t.to === 'east' ? 2 * t.points : t.points;
						expected[r.seats[t.from]]! -= points;
						expected[r.seats[t.to]]! += points;
					}
					expect(r.net).toEqual(expected);
					const east = settled(hand.outcome).transfers.some(
						(t) => t.from === 'east' || t.to === 'east'
					);
					expect(r.house).toEqual(east ? ['east-double'] : []);
				});
			})
		);
	});

	it('with the bettor (H2), the one sitting out collects or pays as her pick, the four as League', () => {
		fc.assert(
			fc.property(
				nightArb({ pie: 'never', house: ['bettor'], players: 5 }),
				fc.boolean(),
				(base, east) => {
					const night: Night = { ...base, house: east ? ['east-double', 'bettor'] : ['bettor'] };
					const result = run(night);
					night.hands.forEach((hand, i) => {
						const r = result.hands[i]!;
						const o = hand.outcome;
						const s = settled(o);
						const factor = (t: { from: string; to: string }) =>
							east && (t.from === 'east' || t.to === 'east') ? 2 : 1;
						const pays = (seat: string) =>
							s.transfers
								.filter((t) => t.from === seat)
								.reduce((a, t) => a + t.points * factor(t), 0);
						const pickSeat = SEATS.find((seat) => r.seats[seat] === hand.bet)!;
						expect(r.bet).toBe(hand.bet);
						let bettor = 0;
						if (o.kind === 'win') {
							bettor =
								pickSeat === o.winner
									? SEATS.filter((x) => x !== o.winner).reduce((a, x) => a + pays(x), 0)
									: -pays(pickSeat);
						} else {
							expect(r.readings.join(' ')).toContain('neither pays nor collects');
						}
						expect(r.net[r.out!]).toBe(bettor);
						expect(r.house.includes('bettor')).toBe(bettor !== 0);
						// When her pick wins, every payer pays twice as much as in League (once to each).
						if (o.kind === 'win' && pickSeat === o.winner) {
							for (const x of SEATS.filter((x) => x !== o.winner))
								expect(r.net[r.seats[x]]).toBe(-2 * pays(x));
						}
					});
				}
			)
		);
	});

	it('the pie never lets a player below minus the pie, and never makes a payment larger', () => {
		fc.assert(
			fc.property(nightArb({ pie: 'always' }), (night) => {
				const result = run(night);
				const uncapped = run({ ...night, pie: null });
				for (const [i, hand] of result.hands.entries()) {
					for (const p of night.players)
						expect(hand.balance[p]!).toBeGreaterThanOrEqual(-night.pie!);
					const full = uncapped.hands[i]!.paid;
					// The same payments in the same order, each cut at most to 0 (then left out).
					let j = 0;
					for (const t of full) {
						const made = hand.paid[j];
						if (made && made.from === t.from && made.to === t.to && made.rule === t.rule) {
							expect(made.points).toBeLessThanOrEqual(t.points);
							expect(made.points).toBeGreaterThan(0);
							j++;
						}
					}
					expect(j).toBe(hand.paid.length);
					const cut = hand.cut.reduce((a, c) => a + c.points, 0);
					const paid = (list: typeof full) => list.reduce((a, t) => a + t.points, 0);
					expect(paid(hand.paid)).toBe(paid(full) - cut);
					expect(hand.house.includes('pie')).toBe(cut > 0);
				}
			})
		);
	});

	it('a player at minus the pie pays nothing until she wins again', () => {
		fc.assert(
			fc.property(nightArb({ pie: 'always' }), (night) => {
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

	it('seats left out pass as the deal does: South to East; with five, East sits out and the one out takes North', () => {
		fc.assert(
			fc.property(nightArb(), (night) => {
				const result = run(night);
				night.hands.forEach((hand, i) => {
					const r = result.hands[i]!;
					if (hand.seats) {
						expect(r.seats).toEqual(hand.seats);
						return;
					}
					const prev = result.hands[i - 1]!;
					expect(r.seats).toEqual({
						east: prev.seats.south,
						south: prev.seats.west,
						west: prev.seats.north,
						north: prev.out ?? prev.seats.east
					});
					expect(r.out).toBe(night.players.length === 5 ? prev.seats.east : null);
				});
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
