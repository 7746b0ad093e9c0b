import { describe, expect, it } from 'vitest';
import {
	gradeValid,
	isSettleFailure,
	payerLines,
	settle,
	settleValid,
	validateOutcome,
	type Outcome,
	type Settlement
} from './index';

function settled(outcome: Outcome): Settlement {
	const result = settle(outcome);
	if (isSettleFailure(result)) throw new Error(result.error.code);
	return result;
}

describe('payerLines: who pays what, one line per group of payers who pay alike', () => {
	it('stacks the doubles with their reasons and rules (P2, P5)', () => {
		const lines = payerLines(
			settled({
				kind: 'win',
				value: 25,
				winner: 'north',
				method: 'discard',
				discarder: 'west',
				jokers: 0
			})
		);
		expect(lines).toEqual([
			expect.objectContaining({
				seats: ['east', 'south'],
				value: 25,
				factors: [{ factor: 2, label: 'jokerless', rule: 'P5' }],
				notes: [],
				points: 50
			}),
			expect.objectContaining({
				seats: ['west'],
				factors: [
					{ factor: 2, label: 'threw the tile', rule: 'P2' },
					{ factor: 2, label: 'jokerless', rule: 'P5' }
				],
				points: 100
			})
		]);
	});
	it('names the rule that decides a Singles and Pairs or undeclared hand (P7, P6)', () => {
		const sp = payerLines(
			settled({
				kind: 'win',
				value: 50,
				winner: 'south',
				method: 'self-pick',
				jokers: 0,
				singlesAndPairs: true
			})
		);
		expect(sp.flatMap((l) => l.notes.map((n) => n.rule))).toContain('P7');
		const undeclared = payerLines(
			settled({
				kind: 'win',
				value: 30,
				winner: 'south',
				method: 'self-pick',
				jokers: 0,
				declaredJokerless: false
			})
		);
		expect(undeclared.flatMap((l) => l.notes.map((n) => n.rule))).toContain('P6');
	});
	it('puts "nothing extra for being East" (P10) only on East\'s own line when East threw the tile', () => {
		const eastThrew = payerLines(
			settled({
				kind: 'win',
				value: 25,
				winner: 'north',
				method: 'discard',
				discarder: 'east',
				jokers: 1
			})
		);
		expect(eastThrew.find((l) => l.seats.includes('east'))!.notes).toEqual([
			{ label: 'nothing extra for being East', rule: 'P10' }
		]);
		const eastPaysPlainly = payerLines(
			settled({ kind: 'win', value: 25, winner: 'north', method: 'self-pick', jokers: 1 })
		);
		expect(eastPaysPlainly).toHaveLength(1);
		expect(eastPaysPlainly[0]!.notes).toEqual([]);
		const eastWins = payerLines(
			settled({ kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 1 })
		);
		expect(eastWins.flatMap((l) => l.notes)).toEqual([]);
	});
	it('says why a bystander of a misnamed discard pays nothing (P12)', () => {
		const lines = payerLines(
			settled({ kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' })
		);
		expect(lines).toEqual([
			expect.objectContaining({
				seats: ['east', 'south'],
				points: 0,
				reason: { label: 'only the misnamer pays', rule: 'P12' }
			}),
			expect.objectContaining({
				seats: ['west'],
				factors: [{ factor: 4, label: 'misnamed the tile', rule: 'P12' }],
				points: 120
			})
		]);
	});
});

describe('a correction names the right final amount, not the first step', () => {
	it('for a forgotten discarder double on a jokerless hand', () => {
		const checked = validateOutcome({
			kind: 'win',
			value: 45,
			winner: 'west',
			method: 'discard',
			discarder: 'south',
			jokers: 0
		});
		if (!checked.ok) throw new Error(checked.error.code);
		const g = gradeValid(checked.outcome, settleValid(checked.outcome), {
			pays: { east: 90, south: 90, north: 90 },
			total: 270
		});
		const e = g.explanations.find((x) => x.id === 'discarder-not-doubled')!;
		expect(e.amounts).toContain('South pays 45 × 2 (threw the tile) × 2 (jokerless) = 180');
		expect(e.text).toContain('(P2)');
	});
	it("matches a partly worked answer on the learner's own amounts (the given one set aside)", () => {
		const checked = validateOutcome({
			kind: 'win',
			value: 25,
			winner: 'north',
			method: 'self-pick',
			jokers: 0
		});
		if (!checked.ok) throw new Error(checked.error.code);
		const st = settleValid(checked.outcome);
		// South's 100 was given (right); the learner forgot the jokerless double for the others.
		const answer = { pays: { east: 50, south: 100, west: 50 }, total: 150 };
		expect(gradeValid(checked.outcome, st, answer).misconceptions).toEqual([]);
		const g = gradeValid(checked.outcome, st, answer, 'points', ['south']);
		expect(g.misconceptions).toContain('jokerless-bonus-missed');
		expect(g.skills).toContain('jokerless');
	});
});
