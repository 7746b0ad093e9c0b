/**
 * The ledger on worked nights: the example, a pie that cuts a payment and then stops one,
 * seats that change hand to hand, and every kind of bad night with its code, message and hand.
 */
import { describe, expect, it } from 'vitest';
import { ledger, nightCsv, nightJson, readNight, settleUpText, handSummary } from './index';

const seats = { east: 'Ann', south: 'Bea', west: 'Cy', north: 'Di' };
const players = ['Ann', 'Bea', 'Cy', 'Di'];
const selfPick = { kind: 'win', value: 25, winner: 'south', method: 'self-pick', jokers: 1 };

const errorOf = (night: unknown) => {
	const result = ledger(night);
	if (!('error' in result)) throw new Error('expected an error');
	return result.error;
};

describe('ledger', () => {
	it("works out the issue's example", () => {
		const result = ledger({ players, pie: 500, hands: [{ seats, outcome: selfPick }] });
		expect('error' in result).toBe(false);
		if ('error' in result) return;
		expect(result.hands.map((h) => h.net)).toEqual([{ Ann: -50, Bea: 150, Cy: -50, Di: -50 }]);
		expect(result.balance).toEqual({ Ann: -50, Bea: 150, Cy: -50, Di: -50 });
		expect(result.settleUp).toEqual([
			{ from: 'Ann', to: 'Bea', points: 50 },
			{ from: 'Cy', to: 'Bea', points: 50 },
			{ from: 'Di', to: 'Bea', points: 50 }
		]);
	});

	it('cuts a payment at the pie, the winner receiving that much less, then stops it until she wins', () => {
		// A jokerless self-pick of 25: each pays 100. With a pie of 150, the second one is cut to 50.
		const jokerless = { ...selfPick, jokers: 0 };
		const result = ledger({
			players,
			pie: 150,
			hands: [
				{ seats, outcome: jokerless },
				{ seats, outcome: jokerless },
				{ seats, outcome: jokerless },
				{ seats, outcome: { ...jokerless, winner: 'east' } },
				{ seats, outcome: jokerless }
			]
		});
		if ('error' in result) throw new Error(result.error.message);
		expect(result.hands[0]!.net).toEqual({ Ann: -100, Bea: 300, Cy: -100, Di: -100 });
		expect(result.hands[1]!.net).toEqual({ Ann: -50, Bea: 150, Cy: -50, Di: -50 });
		expect(result.hands[1]!.cut).toEqual([
			{ player: 'Ann', points: 50 },
			{ player: 'Cy', points: 50 },
			{ player: 'Di', points: 50 }
		]);
		expect(result.hands[2]!.net).toEqual({ Ann: 0, Bea: 0, Cy: 0, Di: 0 });
		expect(result.hands[2]!.paid).toEqual([]);
		// Ann wins: Bea pays in full; Cy and Di are at -150 and pay nothing.
		expect(result.hands[3]!.net).toEqual({ Ann: 100, Bea: -100, Cy: 0, Di: 0 });
		// Ann, at -50 now, pays again, up to the 100 left above the pie.
		expect(result.hands[4]!.net).toEqual({ Ann: -100, Bea: 100, Cy: 0, Di: 0 });
		expect(result.balance).toEqual({ Ann: -150, Bea: 450, Cy: -150, Di: -150 });
	});

	it('follows the players when the seats change, East included', () => {
		const moved = { east: 'Di', south: 'Ann', west: 'Bea', north: 'Cy' };
		const result = ledger({ players, hands: [{ seats: moved, outcome: selfPick }] });
		if ('error' in result) throw new Error(result.error.message);
		expect(result.balance).toEqual({ Ann: 150, Bea: -50, Cy: -50, Di: -50 });
	});

	it('takes a wall game and a misnamed discard', () => {
		const result = ledger({
			players,
			pie: null,
			hands: [
				{ seats, outcome: { kind: 'wall-game' } },
				{
					seats,
					outcome: { kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' }
				}
			]
		});
		if ('error' in result) throw new Error(result.error.message);
		expect(result.hands[0]!.net).toEqual({ Ann: 0, Bea: 0, Cy: 0, Di: 0 });
		expect(result.balance).toEqual({ Ann: 0, Bea: 0, Cy: -120, Di: 120 });
		expect(result.settleUp).toEqual([{ from: 'Cy', to: 'Di', points: 120 }]);
	});

	it('refuses a bad night with a code, a message and the hand', () => {
		const hand = (over: object) => ({
			players,
			hands: [
				{ seats, outcome: selfPick },
				{ seats, outcome: selfPick, ...over }
			]
		});
		expect(errorOf([])).toMatchObject({ code: 'night-invalid', hand: null });
		expect(errorOf({ players, hands: [], pi: 5 })).toMatchObject({
			code: 'field-unknown',
			hand: null
		});
		expect(errorOf({ players, hands: [], pi: 5 }).message).toContain('did you mean pie');
		expect(errorOf({ players: ['Ann', 'Bea', 'Cy'], hands: [] }).code).toBe('players-invalid');
		expect(errorOf({ players: ['Ann', 'ann', 'Cy', 'Di'], hands: [] }).code).toBe(
			'players-invalid'
		);
		expect(errorOf({ players, pie: 0, hands: [] }).code).toBe('pie-invalid');
		expect(errorOf({ players, pie: 2.5, hands: [] }).code).toBe('pie-invalid');
		expect(errorOf({ players }).code).toBe('hands-invalid');
		expect(errorOf(hand({ seats: { ...seats, north: 'Ed' } }))).toMatchObject({
			code: 'player-unknown',
			hand: 1
		});
		expect(errorOf(hand({ seats: { east: 'Ann', south: 'Bea', west: 'Cy' } }))).toMatchObject({
			code: 'seat-missing',
			hand: 1
		});
		const twice = errorOf(hand({ seats: { ...seats, north: 'Ann' } }));
		expect(twice).toMatchObject({ code: 'player-twice', hand: 1 });
		expect(twice.message).toContain('Ann sits both east and north');
		expect(errorOf(hand({ seats: { ...seats, nort: 'Di' } })).message).toContain(
			'did you mean north'
		);
		expect(errorOf(hand({ outcome: { ...selfPick, discarder: 'east' } }))).toMatchObject({
			code: 'discarder-unexpected',
			hand: 1
		});
		expect(errorOf(hand({ outcome: { ...selfPick, joker: 1 } }))).toMatchObject({
			code: 'field-unknown',
			hand: 1
		});
		expect(errorOf(hand({ outcome: { ...selfPick, joker: 1 } })).message).toContain(
			'did you mean jokers'
		);
		expect(errorOf(hand({ outcome: { kind: 'pie' } }))).toMatchObject({
			code: 'outside-league-rules',
			hand: 1
		});
		expect(errorOf(hand({ extra: 1 }))).toMatchObject({ code: 'field-unknown', hand: 1 });
		expect(errorOf({ players, hands: [3] })).toMatchObject({ code: 'hands-invalid', hand: 0 });
	});
});

describe('the exports', () => {
	const read = readNight({
		players: ['=Ann', 'Bea, B', 'Cy', 'Di'],
		hands: [
			{ seats: { east: '=Ann', south: 'Bea, B', west: 'Cy', north: 'Di' }, outcome: selfPick }
		]
	});
	it('writes CSV with quoted cells and no formulas, and JSON that reads back', () => {
		if ('error' in read) throw new Error(read.error.message);
		const result = ledger(read.night);
		if ('error' in result) throw new Error(result.error.message);
		const csv = nightCsv(read.night, result);
		const lines = csv.split('\r\n');
		expect(lines[0]).toBe(
			'hand,East,South,West,North,what happened,\'=Ann (points),"Bea, B (points)",Cy (points),Di (points),\'=Ann balance,"Bea, B balance",Cy balance,Di balance'
		);
		expect(lines[1]).toContain(',-50,150,-50,-50,-50,150,-50,-50');
		expect(JSON.parse(nightJson(read.night, result)).night).toEqual(read.night);
		expect(settleUpText(result.settleUp)).toBe(
			'=Ann hands Bea, B 50 points ($0.50)\nCy hands Bea, B 50 points ($0.50)\nDi hands Bea, B 50 points ($0.50)'
		);
		expect(settleUpText([])).toBe('Nobody owes anybody.');
	});
	it('says what happened in words', () => {
		expect(
			handSummary(
				{
					kind: 'win',
					value: 25,
					winner: 'south',
					method: 'discard',
					discarder: 'west',
					jokers: 0
				},
				seats
			)
		).toBe("Bea (South) won on Cy (West)'s discard; value 25; jokerless");
		expect(handSummary({ kind: 'wall-game' }, seats)).toBe('Wall game');
	});
});
