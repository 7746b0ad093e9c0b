/**
 * fast-check arbitraries of nights, for the ledger's property tests (test-only module): four or
 * five distinct names; each hand's seats either set by hand (any four of the players in any
 * order, East included) or left to pass on by the rule (never on the first hand); any valid
 * outcome; any house rules (East double, the bettor with her pick on every hand) and a pie or none.
 */
import fc from 'fast-check';
import { SEATS } from '../payments/index';
import { outcomeArb } from '../payments/arbitraries';
import { LISTED_HOUSE_RULES, type ListedHouseRule } from './house';
import { passSeats } from './seats';
import type { LedgerHand, Night, SeatMap } from './types';

/** 4 or 5 distinct player names (`count`: one of them, or either). */
export const playersArb = (count: 4 | 5 | 'either' = 'either') =>
	fc.uniqueArray(
		fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() !== ''),
		{
			minLength: count === 5 ? 5 : 4,
			maxLength: count === 4 ? 4 : 5,
			selector: (s) => s.trim().toLowerCase()
		}
	);

/** A hand drawn before its seats are known: seats set by hand or not, a bet by seat, an outcome. */
const rawHandArb = (players: string[]) =>
	fc.record({
		order: fc.option(fc.shuffledSubarray(players, { minLength: 4, maxLength: 4 }), {
			nil: null
		}),
		betSeat: fc.constantFrom(...SEATS),
		outcome: outcomeArb
	});

/** What kind of nights to draw. */
export interface NightShape {
	/** A pie always, never or either way (default: either). */
	pie?: 'always' | 'never' | 'either';
	/** The house rules: exactly these, or any (default: any). */
	house?: ListedHouseRule[] | 'any';
	/** 4 or 5 players, or either (default: either). */
	players?: 4 | 5 | 'either';
	/** The most hands (default 16). */
	maxHands?: number;
}

/** A night of 0 to `maxHands` hands (see `NightShape`), readable by `readNight`. */
export const nightArb = (shape: NightShape = {}): fc.Arbitrary<Night> =>
	playersArb(shape.players ?? 'either').chain((players) =>
		fc
			.record({
				pie:
					shape.pie === 'never'
						? fc.constant(null)
						: shape.pie === 'always'
							? fc.integer({ min: 1, max: 3000 })
							: fc.option(fc.integer({ min: 1, max: 3000 }), { nil: null }),
				house:
					shape.house === undefined || shape.house === 'any'
						? fc.subarray([...LISTED_HOUSE_RULES])
						: fc.constant(shape.house),
				raw: fc.array(rawHandArb(players), { maxLength: shape.maxHands ?? 16 })
			})
			.map(({ pie, house, raw }): Night => {
				const betting = house.includes('bettor') && players.length === 5;
				let last: SeatMap | null = null;
				const hands = raw.map((r): LedgerHand => {
					const order = r.order ?? (last ? null : players.slice(0, 4));
					const own = order
						? (Object.fromEntries(SEATS.map((s, i) => [s, order[i]!])) as SeatMap)
						: undefined;
					const seats: SeatMap = own ?? passSeats(last!, players);
					last = seats;
					return {
						...(own ? { seats: own } : {}),
						...(betting ? { bet: seats[r.betSeat] } : {}),
						outcome: r.outcome
					};
				});
				return { players, pie, house, hands };
			})
	);
