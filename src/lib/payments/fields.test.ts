import { describe, expect, it } from 'vitest';
import {
	amountOf,
	answerFields,
	answerFrom,
	isSettleFailure,
	receiverOf,
	rightAmounts,
	settle,
	type Outcome,
	type Settlement
} from './index';
import { jokerlessDiscard, misnamed, selfPick, wallGame } from '$lib/quiz/fixtures';

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

describe('rightAmounts: the answer key', () => {
	it('reads the spec amounts for a self-pick with a joker (P3)', () => {
		expect(rightAmounts(settled(selfPick.outcome))).toEqual({
			pays: { south: 50, west: 50, north: 50 },
			total: 150
		});
	});
	it('stacks the discarder double and the jokerless double (P2, P5)', () => {
		expect(rightAmounts(settled(jokerlessDiscard.outcome))).toEqual({
			pays: { east: 60, south: 120, north: 60 },
			total: 240
		});
	});
	it('gives 0 to the bystanders of a misnamed discard (P12)', () => {
		expect(rightAmounts(settled(misnamed.outcome))).toEqual({
			pays: { east: 0, south: 0, west: 120 },
			total: 120
		});
	});
	it('gives 0 everywhere on a wall game (P11)', () => {
		expect(rightAmounts(settled(wallGame.outcome))).toEqual({
			pays: { east: 0, south: 0, west: 0, north: 0 },
			total: 0
		});
	});
});

describe('answerFrom and amountOf', () => {
	it('keeps only the fields of the question, in their place', () => {
		const answer = answerFrom(selfPick.outcome, { south: 50, west: 40, total: 90 });
		expect(answer).toEqual({ pays: { south: 50, west: 40 }, total: 90 });
		expect(amountOf(answer, 'west')).toBe(40);
		expect(amountOf(answer, 'north')).toBeUndefined();
		expect(amountOf(answer, 'total')).toBe(90);
	});
	it('drops an amount for the winner, who pays nothing', () => {
		expect(answerFrom(selfPick.outcome, { east: 10, total: 0 })).toEqual({ pays: {}, total: 0 });
	});
});
