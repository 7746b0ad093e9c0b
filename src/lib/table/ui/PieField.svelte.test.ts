/**
 * The pie as typed is shown as it will be read before anything is kept: in money, a bare number is
 * cents, said so with the fix offered; "$5" is 500 points.
 */
import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import PieField from './PieField.svelte';

describe('PieField', () => {
	it('shows a bare "5" in money as 5 cents, and offers $5.00', async () => {
		const user = userEvent.setup();
		render(PieField, { text: '', unit: 'money', id: 'pie' });
		const field = screen.getByLabelText(/^Pie \(money/);
		await user.type(field, '5');
		expect(screen.getByText(/“5” is read as 5 cents: \$0\.05\./)).toBeInTheDocument();
		await user.click(screen.getByRole('button', { name: 'Use $5.00' }));
		expect(field).toHaveValue('$5.00');
		expect(screen.getByText('Read as 500 points ($5.00).')).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: /^Use/ })).toBeNull();
	});

	it('reads points as points, and says what is wrong with the rest', async () => {
		const user = userEvent.setup();
		render(PieField, { text: '', unit: 'points', id: 'pie' });
		const field = screen.getByLabelText(/^Pie \(points/);
		await user.type(field, '500');
		expect(screen.getByText('Read as 500 points ($5.00).')).toBeInTheDocument();
		await user.clear(field);
		await user.type(field, 'lots');
		expect(screen.getByText(/"lots" is not a whole number of points/)).toBeInTheDocument();
	});
});
