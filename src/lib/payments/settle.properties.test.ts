import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeArb, winArb } from './arbitraries';
import { SEATS, isSettleFailure, settle, type Settlement } from './index';

const settled = (o: unknown): Settlement => {
	const r = settle(o);
	if (isSettleFailure(r)) throw new Error(r.error.code);
	return r;
};

describe('settlement invariants', () => {
	it('net always covers the four seats and sums to 0', () => {
		fc.assert(
			fc.property(outcomeArb, (o) => {
				const s = settled(o);
				expect(Object.keys(s.net).sort()).toEqual([...SEATS].sort());
				expect(SEATS.reduce((a, k) => a + s.net[k], 0)).toBe(0);
			})
		);
	});

	it('only the winner or caller receives; total is what they receive', () => {
		fc.assert(
			fc.property(outcomeArb, (o) => {
				const s = settled(o);
				for (const seat of SEATS) {
					if (seat !== s.receiver) expect(s.net[seat]).toBeLessThanOrEqual(0);
				}
				for (const t of s.transfers) expect(t.to).toBe(s.receiver);
				expect(s.total).toBe(s.receiver ? s.net[s.receiver] : 0);
			})
		);
	});

	it('removing the last joker doubles every payment of a declared, non-Singles-and-Pairs hand', () => {
		fc.assert(
			fc.property(
				winArb.filter((w) => w.method !== 'joker-exchange' && !w.singlesAndPairs),
				(w) => {
					const withJoker = settled({ ...w, jokers: 1, declaredJokerless: true });
					const without = settled({ ...w, jokers: 0, declaredJokerless: true });
					for (const seat of SEATS) expect(without.net[seat]).toBe(2 * withJoker.net[seat]);
				}
			)
		);
	});

	it('discard totals are 4v or 8v; self-pick and joker-exchange totals 6v or 12v', () => {
		fc.assert(
			fc.property(winArb, (w) => {
				const s = settled(w);
				const base = w.method === 'discard' ? 4 : 6;
				expect([base * w.value, 2 * base * w.value]).toContain(s.total);
			})
		);
	});

	it('a wall game moves nothing', () => {
		const s = settled({ kind: 'wall-game' });
		expect(s.transfers).toHaveLength(0);
		expect(Object.values(s.net).every((n) => n === 0)).toBe(true);
	});

	it('any JSON value gives a settlement or a typed error, never an exception', () => {
		const fuzz = fc.oneof(
			fc.jsonValue(),
			outcomeArb.chain((o) =>
				fc
					.record({
						key: fc.constantFrom(...Object.keys(o), 'dead', 'jokers'),
						val: fc.jsonValue()
					})
					.map(({ key, val }) => ({ ...o, [key]: val }))
			)
		);
		fc.assert(
			fc.property(fuzz, (input) => {
				const r = settle(input);
				if (isSettleFailure(r)) {
					expect(typeof r.error.code).toBe('string');
					expect(r.error.message.length).toBeGreaterThan(0);
				} else {
					expect(SEATS.reduce((a, k) => a + r.net[k], 0)).toBe(0);
				}
			}),
			{ numRuns: 2000 }
		);
	});
});
