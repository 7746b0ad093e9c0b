/**
 * The setup forms' seed field, in a teacher's words: labelled "Question set" (never the jargon
 * "seed"), its hint as the description, and the form field still named `seed`.
 */
import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import QuestionSetField from './QuestionSetField.svelte';

describe('QuestionSetField', () => {
	it('is labelled "Question set", says what it does, and sends `seed`', () => {
		const { container } = render(QuestionSetField, { name: 'seed', value: 'ab12cd34' });
		const field = screen.getByRole('textbox', { name: 'Question set' });
		expect(field).toHaveValue('ab12cd34');
		expect(field).toHaveAttribute('name', 'seed');
		expect(field).toHaveAccessibleDescription(
			'A new set is filled in. Type an earlier set to ask the same questions again.'
		);
		expect(container.textContent).not.toMatch(/seed/i);
	});

	it('on paper it prints; without a name it sends nothing itself; typing changes the value', async () => {
		const { container } = render(QuestionSetField, { value: 'x', printed: true });
		const field = screen.getByRole('textbox', { name: 'Question set' });
		expect(field).toHaveAccessibleDescription(/to print the same questions again\.$/);
		expect(field).not.toHaveAttribute('name');
		await userEvent.clear(field);
		await userEvent.type(field, 'week-3');
		expect(field).toHaveValue('week-3');
		expect(container.querySelector('input')!.value).toBe('week-3');
	});
});
