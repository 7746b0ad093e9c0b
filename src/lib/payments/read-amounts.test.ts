import { describe, expect, it } from 'vitest';
import { answerFields, type Outcome } from './index';
import { bareMoney, readAmounts } from './read-amounts';

const selfPick: Outcome = {
	kind: 'win',
	value: 25,
	winner: 'east',
	method: 'self-pick',
	jokers: 1
};
const fields = answerFields(selfPick);

describe('readAmounts', () => {
	it('gives the answer in points, seats in pays and the total', () => {
		const read = readAmounts(
			fields,
			{ south: '50', west: '50', north: '50', total: '150' },
			'points'
		);
		expect(read).toEqual({
			ok: true,
			answer: { pays: { south: 50, west: 50, north: 50 }, total: 150 },
			amounts: { south: 50, west: 50, north: 50, total: 150 }
		});
	});

	it('reads money: cents, dollars and a bare number as cents', () => {
		const read = readAmounts(
			fields,
			{ south: '$0.50', west: '50¢', north: '1', total: '1.01' },
			'money'
		);
		expect(read.ok && read.answer).toEqual({ pays: { south: 50, west: 50, north: 1 }, total: 101 });
	});

	it('gives a reason per field it cannot read, an empty one included, and what it could read', () => {
		const read = readAmounts(fields, { south: '50', west: 'fifty', total: '' }, 'points');
		expect(read.ok).toBe(false);
		if (read.ok) return;
		expect(Object.keys(read.reasons)).toEqual(['west', 'north', 'total']);
		expect(read.reasons.west).toMatch(/not a whole number/);
		expect(read.reasons.north).toMatch(/Enter an amount/);
		expect(read.amounts).toEqual({ south: 50 });
	});
});

describe('bareMoney', () => {
	it('shows how a bare whole number is read in money mode, and the dollars it may mean', () => {
		expect(bareMoney('1', 'money')).toEqual({
			read: '$0.01',
			meant: '$1.00',
			message: '1 → $0.01. Did you mean $1.00?'
		});
		expect(bareMoney(' 25 ', 'money')?.message).toBe('25 → $0.25. Did you mean $25.00?');
	});

	it('says nothing where the reading is plain: points, $, ¢, a decimal point, 0, nonsense', () => {
		for (const text of ['$1', '1¢', '1.00', '0.5', '0', 'one', '']) {
			expect(bareMoney(text, 'money')).toBeNull();
		}
		expect(bareMoney('1', 'points')).toBeNull();
	});
});
