/**
 * fast-check arbitraries of outcomes, for the engine's property tests (test-only module).
 */
import fc from 'fast-check';
import { SEATS, type Outcome, type Seat, type WinOutcome } from './types';

const seat = fc.constantFrom(...SEATS);

/** Any valid win (settles without error), all methods, flags and dead hands. */
export const winArb: fc.Arbitrary<WinOutcome> = fc
	.record({
		value: fc.integer({ min: 1, max: 1000 }),
		winner: seat,
		method: fc.constantFrom('discard', 'self-pick', 'joker-exchange' as const),
		other: fc.integer({ min: 0, max: 2 }),
		jokers: fc.integer({ min: 0, max: 8 }),
		declaredJokerless: fc.option(fc.boolean(), { nil: undefined }),
		singlesAndPairs: fc.boolean(),
		deadMask: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 })
	})
	.map((r) => {
		const others = SEATS.filter((s) => s !== r.winner);
		const discarder = r.method === 'discard' ? others[r.other]! : undefined;
		const sp = r.singlesAndPairs && r.method !== 'joker-exchange';
		const jokers = sp ? 0 : r.method === 'joker-exchange' ? Math.max(1, r.jokers) : r.jokers;
		const dead = others.filter((s, i) => r.deadMask[i] && s !== discarder);
		const win: WinOutcome = {
			kind: 'win',
			value: r.value,
			winner: r.winner,
			method: r.method,
			jokers
		};
		if (discarder) win.discarder = discarder;
		if (r.declaredJokerless !== undefined) win.declaredJokerless = r.declaredJokerless;
		if (sp) win.singlesAndPairs = true;
		if (dead.length) win.dead = dead;
		return win;
	});

/** Any valid outcome: wins, wall games and misnamed discards. */
export const outcomeArb: fc.Arbitrary<Outcome> = fc.oneof(
	{ weight: 8, arbitrary: winArb },
	{ weight: 1, arbitrary: fc.constant({ kind: 'wall-game' } as const) },
	{
		weight: 1,
		arbitrary: fc
			.record({
				value: fc.integer({ min: 1, max: 1000 }),
				caller: seat,
				k: fc.integer({ min: 1, max: 3 })
			})
			.map(({ value, caller, k }) => ({
				kind: 'misnamed-discard' as const,
				value,
				caller,
				misnamer: SEATS[(SEATS.indexOf(caller) + k) % 4] as Seat
			}))
	}
);
