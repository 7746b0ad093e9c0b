import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import AmountList from './AmountList.svelte';

const fields = [
	{ key: 'south' as const, label: 'South pays' },
	{ key: 'total' as const, label: 'East receives (total)' }
];

describe('AmountList', () => {
	it('lists each field with its amount in the unit', () => {
		render(AmountList, { fields, amounts: { pays: { south: 50 }, total: 150 }, unit: 'money' });
		expect(screen.getByText('South pays')).toBeInTheDocument();
		expect(screen.getByText('$0.50')).toBeInTheDocument();
		expect(screen.getByText('$1.50')).toBeInTheDocument();
	});

	it('marks a wrong amount with the right one, and the right ones as right', () => {
		render(AmountList, {
			fields,
			amounts: { pays: { south: 50 }, total: 140 },
			unit: 'points',
			right: { pays: { south: 50 }, total: 150 }
		});
		expect(screen.getByText(/should be 150 points/)).toBeInTheDocument();
		expect(screen.getAllByText('right', { exact: true })).toHaveLength(1);
	});
});
