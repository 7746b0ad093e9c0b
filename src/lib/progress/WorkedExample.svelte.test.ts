import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import WorkedExample from './WorkedExample.svelte';
import { discardJokerless } from './test-fixtures';
import { workedExample } from './worked';

describe('WorkedExample', () => {
	it('walks through the steps one at a time, then offers a fresh question', async () => {
		const ontry = vi.fn();
		const user = userEvent.setup();
		render(WorkedExample, { scenario: discardJokerless, unit: 'points', ontry });
		const total = workedExample(discardJokerless).steps.length - 1;
		expect(screen.getAllByRole('listitem')).toHaveLength(1);
		expect(screen.queryByRole('button', { name: 'Now try one yourself' })).toBeNull();
		await user.click(screen.getByRole('button', { name: 'Next step' }));
		expect(screen.getAllByRole('listitem')).toHaveLength(2);
		await user.click(screen.getByRole('button', { name: 'Show every step' }));
		const items = screen.getAllByRole('listitem');
		expect(items).toHaveLength(total);
		expect(items.at(-1)).toHaveTextContent('East receives the sum of the payments');
		expect(
			screen.getByText('West threw the tile, so West pays double: 25 × 2 = 50.')
		).toBeInTheDocument();
		await user.click(screen.getByRole('button', { name: 'Now try one yourself' }));
		expect(ontry).toHaveBeenCalledOnce();
	});
});
