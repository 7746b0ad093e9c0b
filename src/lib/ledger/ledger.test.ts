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
			{ player: 'Ann', to: 'Bea', points: 50 },
			{ player: 'Cy', to: 'Bea', points: 50 },
			{ player: 'Di', to: 'Bea', points: 50 }
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
		expect(errorOf({ players: [...players, 'Ed', 'Flo'], hands: [] }).code).toBe('players-invalid');
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

describe('five players and house rules', () => {
	const five = ['Ann', 'Bea', 'Cy', 'Di', 'Ed'];
	const wall = { kind: 'wall-game' };
	const discard = {
		kind: 'win',
		value: 25,
		winner: 'south',
		method: 'discard',
		discarder: 'west',
		jokers: 1
	};

	it('passes the seats after every hand, a wall game included; with five, East sits out next', () => {
		const result = ledger({
			players: five,
			hands: [{ seats, outcome: wall }, { outcome: wall }, { outcome: wall }, { outcome: wall }]
		});
		if ('error' in result) throw new Error(result.error.message);
		expect(result.hands.map((h) => [h.seats, h.out])).toEqual([
			[{ east: 'Ann', south: 'Bea', west: 'Cy', north: 'Di' }, 'Ed'],
			[{ east: 'Bea', south: 'Cy', west: 'Di', north: 'Ed' }, 'Ann'],
			[{ east: 'Cy', south: 'Di', west: 'Ed', north: 'Ann' }, 'Bea'],
			[{ east: 'Di', south: 'Ed', west: 'Ann', north: 'Bea' }, 'Cy']
		]);
		const four = ledger({ players, hands: [{ seats, outcome: wall }, { outcome: wall }] });
		if ('error' in four) throw new Error(four.error.message);
		expect(four.hands[1]!.seats).toEqual({ east: 'Bea', south: 'Cy', west: 'Di', north: 'Ann' });
		expect(four.hands[1]!.out).toBeNull();
	});

	it('starts passing again from seats set by hand', () => {
		const moved = { east: 'Di', south: 'Ed', west: 'Ann', north: 'Cy' };
		const result = ledger({
			players: five,
			hands: [{ seats, outcome: wall }, { seats: moved, outcome: wall }, { outcome: wall }]
		});
		if ('error' in result) throw new Error(result.error.message);
		expect(result.hands[1]!.out).toBe('Bea');
		expect(result.hands[2]!.seats).toEqual({ east: 'Ed', south: 'Ann', west: 'Cy', north: 'Bea' });
	});

	it('names the one sitting out with 0 in every net, and the house rules that changed a hand', () => {
		const result = ledger({
			players: five,
			house: ['east-double'],
			pie: 60,
			hands: [
				{ seats, outcome: discard },
				{ seats, outcome: discard }
			]
		});
		if ('error' in result) throw new Error(result.error.message);
		expect(result.hands[0]!.net).toEqual({ Ann: -50, Bea: 125, Cy: -50, Di: -25, Ed: 0 });
		expect(result.hands[0]!.house).toEqual(['east-double']);
		// Ann (East) has 10 left above the pie, Cy 10: both are cut; Di pays her 25 in full.
		expect(result.hands[1]!.net).toEqual({ Ann: -10, Bea: 45, Cy: -10, Di: -25, Ed: 0 });
		expect(result.hands[1]!.house).toEqual(['east-double', 'pie']);
		expect(result.hands[1]!.paid.map((t) => t.rule)).toEqual(['east-double', null, null]);
	});

	it('has the bettor pay the winner first when she pays twice, under the pie', () => {
		// Ed bets on Bea; Cy (East) wins self-picked: Ed pays Cy what Bea paid (50, doubled: 100).
		const result = ledger({
			players: five,
			house: ['east-double', 'bettor'],
			pie: 80,
			hands: [
				{
					seats: { east: 'Cy', south: 'Bea', west: 'Ann', north: 'Di' },
					bet: 'Bea',
					outcome: { kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 1 }
				}
			]
		});
		if ('error' in result) throw new Error(result.error.message);
		expect(result.hands[0]!.paid).toEqual([
			{ from: 'Bea', to: 'Cy', points: 80, rule: 'east-double' },
			{ from: 'Ann', to: 'Cy', points: 80, rule: 'east-double' },
			{ from: 'Di', to: 'Cy', points: 80, rule: 'east-double' },
			{ from: 'Ed', to: 'Cy', points: 80, rule: 'bettor' }
		]);
		expect(result.hands[0]!.house).toEqual(['east-double', 'bettor', 'pie']);
	});

	it('says the bettor neither pays nor collects on a wall game or a misnamed discard', () => {
		const result = ledger({
			players: five,
			house: ['bettor'],
			hands: [
				{ seats, bet: 'Bea', outcome: wall },
				{
					bet: 'Cy',
					outcome: { kind: 'misnamed-discard', value: 25, caller: 'south', misnamer: 'west' }
				}
			]
		});
		if ('error' in result) throw new Error(result.error.message);
		expect(result.hands[0]!.readings[0]).toContain(
			"On a wall game the bettor neither pays nor collects (this project's reading"
		);
		expect(result.hands[1]!.net).toEqual({ Ann: 0, Bea: 0, Cy: 100, Di: -100, Ed: 0 });
		expect(result.hands[1]!.readings[0]).toContain('misnamed discard');
	});

	it('refuses bad house rules, a first hand without seats and bets that cannot be', () => {
		expect(errorOf({ players, house: ['pie'], hands: [] })).toMatchObject({
			code: 'house-invalid'
		});
		const typo = errorOf({ players, house: ['east-doubel'], hands: [] });
		expect(typo).toMatchObject({ code: 'house-invalid' });
		expect(typo.message).toContain('did you mean east-double');
		expect(errorOf({ players, house: 'bettor', hands: [] }).code).toBe('house-invalid');
		expect(errorOf({ players, house: ['bettor', 'bettor'], hands: [] }).code).toBe('house-invalid');
		expect(errorOf({ players, hands: [{ outcome: wall }] })).toMatchObject({
			code: 'seats-missing',
			hand: 0
		});
		const betting = { players: five, house: ['bettor'] };
		expect(errorOf({ ...betting, hands: [{ seats, outcome: wall }] })).toMatchObject({
			code: 'bet-missing',
			hand: 0
		});
		expect(errorOf({ ...betting, hands: [{ seats, bet: 'Ed', outcome: wall }] })).toMatchObject({
			code: 'bet-invalid',
			hand: 0
		});
		expect(
			errorOf({
				...betting,
				hands: [
					{ seats, bet: 'Bea', outcome: wall },
					{ bet: 'Ann', outcome: wall }
				]
			})
		).toMatchObject({ code: 'bet-invalid', hand: 1 });
		expect(errorOf({ players: five, hands: [{ seats, bet: 'Bea', outcome: wall }] })).toMatchObject(
			{ code: 'bet-unexpected', hand: 0 }
		);
		// The bettor on with four players: nobody sits out, so nobody bets.
		expect(
			errorOf({ players, house: ['bettor'], hands: [{ seats, bet: 'Bea', outcome: wall }] }).code
		).toBe('bet-unexpected');
		expect(
			'error' in ledger({ players, house: ['bettor'], hands: [{ seats, outcome: wall }] })
		).toBe(false);
	});

	it('takes every own property name as just an unknown field, at every level', () => {
		const at = (night: unknown) =>
			errorOf(JSON.parse(JSON.stringify(night).replace('"XX"', '"constructor"')));
		for (const name of ['constructor', '__proto__', 'toString']) {
			const night = JSON.parse(`{"players":["Ann","Bea","Cy","Di"],"hands":[],"${name}":1}`);
			expect(errorOf(night)).toMatchObject({ code: 'field-unknown', hand: null });
			const hand = JSON.parse(
				`{"players":["Ann","Bea","Cy","Di"],"hands":[{"seats":{"east":"Ann","south":"Bea","west":"Cy","north":"Di","${name}":"Ed"},"outcome":{"kind":"wall-game"}}]}`
			);
			expect(errorOf(hand)).toMatchObject({ code: 'field-unknown', hand: 0 });
			const outcome = JSON.parse(
				`{"players":["Ann","Bea","Cy","Di"],"hands":[{"seats":{"east":"Ann","south":"Bea","west":"Cy","north":"Di"},"outcome":{"kind":"wall-game","${name}":1}}]}`
			);
			expect(errorOf(outcome)).toMatchObject({ code: 'field-unknown', hand: 0 });
		}
		expect(at({ players, hands: [{ seats, outcome: wall, XX: 1 }] }).code).toBe('field-unknown');
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
			'=Ann pays Bea, B 50 points ($0.50)\nCy pays Bea, B 50 points ($0.50)\nDi pays Bea, B 50 points ($0.50)'
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
