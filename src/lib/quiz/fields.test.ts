import { describe, expect, it } from 'vitest';
import { isSettleFailure, settle, type Outcome, type Settlement } from '$lib/payments';
import { answerFields, expectedAmounts, receiverOf } from './fields';
import { jokerlessDiscard, misnamed, selfPick, wallGame } from './fixtures';

function settled(outcome: Outcome): Settlement {
	const result = settle(outcome);
	if (isSettleFailure(result)) throw new Error(result.error.code);
	return result;
}

describe('answerFields', () => {
	it('asks each seat but the winner what it pays, then what the winner receives', () => {
		expect(answerFields(jokerlessDiscard.outcome)).toEqual([
			{ key: 'east', label: 'East pays' },
			{ key: 'south', label: 'South pays' },
			{ key: 'north', label: 'North pays' },
			{ key: 'total', label: 'West receives (total)' }
		]);
	});
	it('puts the caller of a misnamed discard in the winner place (P12)', () => {
		expect(answerFields(misnamed.outcome).map((f) => f.key)).toEqual([
			'east',
			'south',
			'west',
			'total'
		]);
		expect(answerFields(misnamed.outcome).at(-1)?.label).toBe('North receives (total)');
	});
	it('asks all four seats on a wall game (P11)', () => {
		const fields = answerFields(wallGame.outcome);
		expect(fields.map((f) => f.key)).toEqual(['east', 'south', 'west', 'north', 'total']);
		expect(fields.at(-1)?.label).toBe('Total received (wall game)');
	});
	it('names the receiver', () => {
		expect(receiverOf(selfPick.outcome)).toBe('east');
		expect(receiverOf(misnamed.outcome)).toBe('north');
		expect(receiverOf(wallGame.outcome)).toBeNull();
	});
});

describe('expectedAmounts', () => {
	it('reads the spec amounts for a self-pick with a joker (P3)', () => {
		expect(expectedAmounts(settled(selfPick.outcome), selfPick.outcome)).toEqual({
			south: 50,
			west: 50,
			north: 50,
			total: 150
		});
	});
	it('stacks the discarder double and the jokerless double (P2, P5)', () => {
		const outcome = jokerlessDiscard.outcome;
		expect(expectedAmounts(settled(outcome), outcome)).toEqual({
			east: 60,
			south: 120,
			north: 60,
			total: 240
		});
	});
	it('gives 0 to the bystanders of a misnamed discard (P12)', () => {
		expect(expectedAmounts(settled(misnamed.outcome), misnamed.outcome)).toEqual({
			east: 0,
			south: 0,
			west: 120,
			total: 120
		});
	});
	it('gives 0 everywhere on a wall game (P11)', () => {
		expect(expectedAmounts(settled(wallGame.outcome), wallGame.outcome)).toEqual({
			east: 0,
			south: 0,
			west: 0,
			north: 0,
			total: 0
		});
	});
	it('throws when the settlement belongs to another outcome', () => {
		expect(() => expectedAmounts(settled(selfPick.outcome), misnamed.outcome)).toThrow(/east/);
	});
});
