/**
 * The one amount-fields component: a labelled field per amount, `$` in each box in money mode,
 * a bare whole number shown as it will be read before anything is checked, with one tap to fix it.
 */
import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerFields, type AmountKey, type Outcome } from '$lib/payments';
import AmountFields from './AmountFields.svelte';

const selfPick: Outcome = {
	kind: 'win',
	value: 25,
	winner: 'east',
	method: 'self-pick',
	jokers: 1
};
const fields = answerFields(selfPick);

/** Renders the fields over `entries`, kept up to date as the parent form would; what was typed. */
function fieldsOver(unit: 'points' | 'money', typed: Record<string, string> = {}) {
	const entries: Record<string, string> = { ...typed };
	const sent: [AmountKey, string][] = [];
	const view = render(AmountFields, {
		fields,
		unit,
		entries,
		how: true,
		onentry: (key: AmountKey, text: string) => {
			sent.push([key, text]);
			entries[key] = text;
			void view.rerender({ entries: { ...entries } });
		}
	});
	return { sent, entries };
}

describe('AmountFields', () => {
	it('labels a field per amount, and reports what is typed', async () => {
		const { sent } = fieldsOver('points');
		for (const field of fields) expect(screen.getByLabelText(field.label)).toBeInTheDocument();
		expect(screen.getByLabelText('East receives (total)')).toHaveAttribute('id', 'answer-total');
		expect(screen.getByLabelText('South pays')).toHaveAttribute('inputmode', 'numeric');
		expect(screen.queryByText('$')).toBeNull();
		await userEvent.type(screen.getByLabelText('South pays'), '50');
		expect(sent).toEqual([
			['south', '5'],
			['south', '50']
		]);
		expect(screen.getByLabelText('South pays')).toHaveAccessibleDescription(
			'Type whole points. Type 0 for a player who pays nothing.'
		);
	});

	it('shows $ in each field in money mode, with decimal keys', () => {
		fieldsOver('money', { west: '$1', north: '50¢' });
		expect(screen.getByLabelText('South pays')).toHaveAttribute('inputmode', 'decimal');
		// South and the total show the $; West and North carry their own sign.
		expect(screen.getAllByText('$')).toHaveLength(2);
		for (const sign of screen.getAllByText('$')) {
			expect(sign.nextElementSibling).toBe(sign.parentElement!.querySelector('input'));
		}
	});

	it('shows a bare "1" as $0.01 before anything is checked, and fixes it in one tap', async () => {
		const { sent } = fieldsOver('money', { south: '1', west: '1.00' });
		const south = screen.getByLabelText('South pays');
		expect(screen.getByText(/1 → \$0\.01\. Did you mean \$1\.00\?/)).toBeVisible();
		expect(south).toHaveAccessibleDescription(expect.stringContaining('1 → $0.01'));
		// "1.00" is read as it looks: one note only.
		expect(screen.getAllByText(/Did you mean/)).toHaveLength(1);
		await userEvent.click(screen.getByRole('button', { name: 'Use $1.00' }));
		expect(sent).toEqual([['south', '$1.00']]);
		expect(screen.queryByText(/Did you mean/)).toBeNull();
		expect(south).toHaveValue('$1.00');
	});

	it('says nothing of cents in points mode', () => {
		fieldsOver('points', { south: '1' });
		expect(screen.queryByText(/Did you mean/)).toBeNull();
	});

	it('marks a field that cannot be read, with its message', () => {
		render(AmountFields, {
			fields,
			unit: 'points',
			entries: { south: 'lots' },
			errors: { south: '"lots" is not a whole number of points.' },
			onentry: () => {}
		});
		const south = screen.getByLabelText('South pays');
		expect(south).toHaveAttribute('aria-invalid', 'true');
		expect(south).toHaveAccessibleDescription('"lots" is not a whole number of points.');
		expect(screen.getByLabelText('West pays')).not.toHaveAttribute('aria-invalid');
	});
});
