import { describe, expect, it } from 'vitest';
import { settle, isSettleFailure, type Settlement } from './index';

function ok(outcome: unknown): Settlement {
	const r = settle(outcome);
	if (isSettleFailure(r)) throw new Error(`unexpected error ${r.error.code}`);
	return r;
}

describe('the spec worked example, v = 25', () => {
	it.each([
		['discard', 1, 50, 25, 100],
		['self-pick', 1, null, 50, 150],
		['discard', 0, 100, 50, 200],
		['self-pick', 0, null, 100, 300]
	] as const)('%s with %i jokers', (method, jokers, discarderPays, otherPays, total) => {
		const s = ok({
			kind: 'win',
			value: 25,
			winner: 'east',
			method,
			jokers,
			...(method === 'discard' ? { discarder: 'south' } : {})
		});
		expect(s.total).toBe(total);
		if (discarderPays !== null) expect(s.net.south).toBe(-discarderPays);
		expect(s.net.west).toBe(-otherPays);
		expect(s.net.north).toBe(-otherPays);
	});
});

describe('breakdown', () => {
	it('names every rule it applies and says why a step does not apply', () => {
		const s = ok({
			kind: 'win',
			value: 50,
			winner: 'north',
			method: 'self-pick',
			jokers: 0,
			singlesAndPairs: true
		});
		const east = s.breakdown.find((b) => b.seat === 'east')!;
		expect(east.steps.map((x) => x.rule)).toEqual(['P1', 'P3', 'P7', 'P10']);
		expect(east.steps[2]!.applies).toBe(true); // P7 decides: no jokerless bonus
		expect(east.steps[2]!.text).toContain('Singles and Pairs');
		expect(east.points).toBe(100);
	});
	it('stacks the jokerless double on the discarder double', () => {
		const s = ok({
			kind: 'win',
			value: 30,
			winner: 'west',
			method: 'discard',
			discarder: 'south',
			jokers: 0
		});
		const south = s.breakdown.find((b) => b.seat === 'south')!;
		expect(south.steps.map((x) => x.points)).toEqual([30, 60, 120]);
		expect(south.role).toBe('discarder');
	});
	it('keeps a dead hand paying and says so (P9)', () => {
		const s = ok({
			kind: 'win',
			value: 35,
			winner: 'south',
			method: 'self-pick',
			jokers: 3,
			dead: ['west']
		});
		const west = s.breakdown.find((b) => b.seat === 'west')!;
		expect(west.dead).toBe(true);
		expect(west.points).toBe(70);
		expect(west.steps.some((x) => x.rule === 'P9')).toBe(true);
	});
	it('pays a misnamed discard 4 x v from the misnamer only, jokerless or not (P12)', () => {
		const s = ok({ kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' });
		expect(s.transfers).toEqual([{ from: 'west', to: 'north', points: 120 }]);
		expect(s.total).toBe(120);
	});
	it('moves nothing on a wall game (P11)', () => {
		const s = ok({ kind: 'wall-game' });
		expect(s.transfers).toEqual([]);
		expect(s.total).toBe(0);
		expect(s.receiver).toBeNull();
	});
});

describe('impossible and malformed outcomes', () => {
	it.each([
		[{ kind: 'win', value: 1001, winner: 'east', method: 'self-pick', jokers: 1 }, 'value-invalid'],
		[{ kind: 'win', value: 25.5, winner: 'east', method: 'self-pick', jokers: 1 }, 'value-invalid'],
		[{ kind: 'win', value: '25', winner: 'east', method: 'self-pick', jokers: 1 }, 'value-invalid'],
		[{ kind: 'win', value: 25, winner: 'center', method: 'self-pick', jokers: 1 }, 'seat-invalid'],
		[{ kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 9 }, 'jokers-invalid'],
		[{ kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: -1 }, 'jokers-invalid'],
		[
			{ kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 1, discarder: 'west' },
			'discarder-unexpected'
		],
		[
			{
				kind: 'win',
				value: 25,
				winner: 'east',
				method: 'discard',
				jokers: 1,
				discarder: 'west',
				dead: ['west']
			},
			'discarder-dead'
		],
		[
			{ kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 1, dead: ['up'] },
			'seat-invalid'
		],
		[
			{
				kind: 'win',
				value: 25,
				winner: 'east',
				method: 'joker-exchange',
				jokers: 1,
				singlesAndPairs: true
			},
			'singles-and-pairs-joker'
		],
		[
			{ kind: 'misnamed-discard', value: 25, caller: 'east', misnamer: 'east' },
			'caller-is-misnamer'
		],
		[{ kind: 'misnamed-discard', value: 25, caller: 'east', misnamer: 'nobody' }, 'seat-invalid'],
		[{ kind: 'false-mah-jongg' }, 'outside-league-rules'],
		[
			{ kind: 'win', value: 25, winner: 'east', method: 'charleston', jokers: 1 },
			'outcome-invalid'
		],
		[null, 'outcome-invalid'],
		[[1, 2], 'outcome-invalid'],
		['win', 'outcome-invalid']
	])('%j gives %s', (outcome, code) => {
		const r = settle(outcome);
		expect(isSettleFailure(r) && r.error.code).toBe(code);
		expect(isSettleFailure(r) && r.error.message.length).toBeGreaterThan(10);
	});
});
