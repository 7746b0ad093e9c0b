/**
 * A season's totals: each player's total is the sum of her nights (house rules and pie included),
 * the same name in another case is the same player, the running totals end at the totals, and the
 * CSV has a row a night and the totals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nightArb } from './arbitraries';
import { ledger, type Night } from './index';
import { season, seasonCsv } from './season';

const seats = { east: 'Ann', south: 'Bea', west: 'Cy', north: 'Di' };
const selfPick = {
	kind: 'win',
	value: 25,
	winner: 'south',
	method: 'self-pick',
	jokers: 1
} as const;
const first: Night = {
	players: ['Ann', 'Bea', 'Cy', 'Di'],
	pie: null,
	house: [],
	hands: [{ seats, outcome: selfPick }]
};
const second: Night = {
	players: ['ann ', 'Bea', 'Cy', 'Ed', 'Di'],
	pie: null,
	house: ['east-double'],
	hands: [{ seats: { east: 'ann ', south: 'Bea', west: 'Cy', north: 'Ed' }, outcome: selfPick }]
};

describe('season', () => {
	it('adds up each player over the nights, oldest first, the same name in any case one player', () => {
		const s = season([
			{ id: 'b', startedAt: '2026-12-08T20:00:00Z', night: second },
			{ id: 'a', startedAt: '2026-12-01T20:00:00Z', night: first }
		]);
		expect(s.players).toEqual(['Ann', 'Bea', 'Cy', 'Di', 'Ed']);
		expect(s.nights.map((n) => n.id)).toEqual(['a', 'b']);
		// Night 2: Ann is East, so she pays Bea 100 under East double.
		expect(s.nights[1]!.balance).toEqual({ Ann: -100, Bea: 200, Cy: -50, Ed: -50, Di: 0 });
		expect(s.running).toEqual({
			Ann: [-50, -150],
			Bea: [150, 350],
			Cy: [-50, -100],
			Di: [-50, -50],
			Ed: [0, -50]
		});
		expect(s.totals).toEqual({ Ann: -150, Bea: 350, Cy: -100, Di: -50, Ed: -50 });
		expect(s.played).toEqual({ Ann: 2, Bea: 2, Cy: 2, Di: 2, Ed: 1 });
		expect(seasonCsv(s).split('\r\n')).toEqual([
			'night,hands,Ann (points),Bea (points),Cy (points),Di (points),Ed (points)',
			'2026-12-01,1,-50,150,-50,-50,',
			'2026-12-08,1,-100,200,-50,0,-50',
			'season total,2,-150,350,-100,-50,-50',
			''
		]);
	});

	it('names the house rules that changed each night, and the season (never League)', () => {
		const withPie: Night = { ...first, pie: 30 };
		const s = season([
			{ id: 'a', startedAt: '2026-12-01T20:00:00Z', night: first },
			{ id: 'b', startedAt: '2026-12-08T20:00:00Z', night: second },
			{ id: 'c', startedAt: '2026-12-15T20:00:00Z', night: withPie }
		]);
		expect(s.nights.map((n) => n.house)).toEqual([[], ['east-double'], ['pie']]);
		expect(s.house).toEqual(['east-double', 'pie']);
		expect(season([{ id: 'a', startedAt: '2026-12-01', night: first }]).house).toEqual([]);
	});

	it("every total is the sum of that player's nights, and the totals sum to 0", () => {
		fc.assert(
			fc.property(fc.array(nightArb({ maxHands: 6 }), { maxLength: 5 }), (nights) => {
				const s = season(
					nights.map((night, i) => ({ id: `n${i}`, startedAt: `2026-01-0${i + 1}`, night }))
				);
				expect(Object.values(s.totals).reduce((a, b) => a + b, 0)).toBe(0);
				const expected = new Map<string, number>();
				for (const n of nights) {
					const r = ledger(n);
					if ('error' in r) throw new Error(r.error.message);
					for (const p of n.players) {
						const key = p.trim().toLowerCase();
						expected.set(key, (expected.get(key) ?? 0) + r.balance[p]!);
					}
				}
				expect(s.players).toHaveLength(expected.size);
				for (const p of s.players) {
					expect(s.totals[p]).toBe(expected.get(p.toLowerCase()));
					expect(s.running[p]!.at(-1) ?? 0).toBe(s.totals[p]);
				}
			})
		);
	});

	it('takes any name, a built-in property name too, as a player like any other', () => {
		const names = ['__proto__', 'toString', 'constructor', 'Di'];
		const night: Night = {
			players: names,
			pie: null,
			house: [],
			hands: [
				{
					seats: { east: names[0]!, south: names[1]!, west: names[2]!, north: names[3]! },
					outcome: selfPick
				}
			]
		};
		const s = season([{ id: 'a', startedAt: '2026-12-01', night }]);
		expect(s.players).toEqual(names);
		expect(Object.keys(s.totals)).toEqual(names);
		expect(s.totals.toString).toBe(150);
		expect(Object.getPrototypeOf(s.totals)).toBe(Object.prototype);
	});
});
