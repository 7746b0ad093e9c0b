/**
 * House rules for one hand on /table: house-rules.md's worked examples by seat and the bettor,
 * the pie counted as on a fresh night, and the choice kept in the address.
 */
import { describe, expect, it } from 'vitest';
import { settleValid, validateOutcome, type NormalizedOutcome } from '$lib/payments';
import { noHouse, readHouseSearch, setHouseSearch, type TableHouse } from './house-choice';
import { readPieText, tableHouseHand } from './house-hand';

const checked = validateOutcome({
	kind: 'win',
	value: 25,
	winner: 'south',
	method: 'discard',
	discarder: 'west',
	jokers: 1
});
const outcome = (checked.ok ? checked.outcome : null) as NormalizedOutcome;
const under = (h: Partial<TableHouse>) =>
	tableHouseHand(outcome, settleValid(outcome), { ...noHouse(), ...h }, 'points');

describe('house rules for one hand', () => {
	it('works out the worked examples of house-rules.md', () => {
		expect(under({})).toBeNull();
		expect(under({ eastDouble: true })!.net).toEqual({
			east: -50,
			south: 125,
			west: -50,
			north: -25
		});
		expect(under({ bettor: true, bet: 'south' })!.net).toEqual({
			east: -50,
			south: 100,
			west: -100,
			north: -50,
			bettor: 100
		});
		expect(under({ bettor: true, bet: 'west' })!.net).toMatchObject({ south: 150, bettor: -50 });
		expect(under({ bettor: true, bet: 'north' })!.net).toMatchObject({ south: 125, bettor: -25 });
		expect(under({ bettor: true, bet: 'north' })!.changed).toEqual(['bettor']);
	});

	it('counts the pie as on a fresh night, and changes nothing where no rule applies', () => {
		const capped = under({ pie: true, pieText: '40' })!;
		expect(capped.net).toEqual({ east: -25, south: 90, west: -40, north: -25 });
		expect(capped.cut).toEqual([{ player: 'west', to: 'south', points: 10 }]);
		expect(capped.changed).toEqual(['pie']);
		expect(under({ pie: true, pieText: '500' })!.changed).toEqual([]);
		expect(under({ pie: true, pieText: 'lots' })).toBeNull();
	});

	it('reads a pie in money, a bare number as cents', () => {
		expect(readPieText('$5', 'money')).toEqual({ ok: true, points: 500 });
		expect(readPieText('5', 'money')).toEqual({ ok: true, points: 5 });
		expect(readPieText('0', 'points').ok).toBe(false);
	});

	it('keeps the choice in the address', () => {
		const h: TableHouse = {
			eastDouble: true,
			bettor: true,
			bet: 'west',
			pie: true,
			pieText: '$5.00'
		};
		const q = new URLSearchParams();
		setHouseSearch(q, h);
		expect(q.toString()).toBe('house=east-double%2Cbettor%2Cpie&bet=west&pie=%245.00');
		expect(readHouseSearch(new URLSearchParams(q.toString()))).toEqual(h);
		const none = new URLSearchParams();
		setHouseSearch(none, noHouse());
		expect(none.toString()).toBe('');
		expect(readHouseSearch(new URLSearchParams('house=x&bet=up'))).toEqual(noHouse());
	});
});
