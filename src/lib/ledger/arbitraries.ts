/**
 * fast-check arbitraries of nights, for the ledger's property tests (test-only module): four
 * distinct names, seats a new permutation each hand (East included), any valid outcome, a pie
 * or none.
 */
import fc from 'fast-check';
import { SEATS } from '../payments/index';
import { outcomeArb } from '../payments/arbitraries';
import type { LedgerHand, Night } from './types';

/** Four distinct player names. */
export const playersArb = fc.uniqueArray(
	fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() !== ''),
	{
		minLength: 4,
		maxLength: 4,
		selector: (s) => s.trim().toLowerCase()
	}
);

/** A hand for these players: a random seating and any valid outcome. */
export const handArb = (players: string[]): fc.Arbitrary<LedgerHand> =>
	fc
		.record({
			order: fc.shuffledSubarray(players, { minLength: 4, maxLength: 4 }),
			outcome: outcomeArb
		})
		.map(({ order, outcome }) => ({
			seats: Object.fromEntries(SEATS.map((s, i) => [s, order[i]!])) as LedgerHand['seats'],
			outcome
		}));

/** A night of 0 to 16 hands, with a pie (`pie`: always, never, or either). */
export const nightArb = (pie: 'always' | 'never' | 'either' = 'either'): fc.Arbitrary<Night> =>
	playersArb.chain((players) =>
		fc.record({
			players: fc.constant(players),
			pie:
				pie === 'never'
					? fc.constant(null)
					: pie === 'always'
						? fc.integer({ min: 1, max: 3000 })
						: fc.option(fc.integer({ min: 1, max: 3000 }), { nil: null }),
			hands: fc.array(handArb(players), { maxLength: 16 })
		})
	);
