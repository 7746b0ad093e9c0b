/**
 * The hand form shows only the fields the hand needs: the discarder for a called discard (the
 * misnamer for a misnamed discard), the jokerless declaration for a hand without jokers, nothing
 * but the kind for a wall game; the players' names stand beside the seats in a ledger. The draft
 * is reactive state, as the pages hold it.
 */
import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../hand';
import HandForm from './HandForm.svelte';

describe('HandForm', () => {
	it('asks for the discarder only on a called discard, and the declaration only when jokerless', async () => {
		const user = userEvent.setup();
		const draft = $state(emptyDraft());
		render(HandForm, { draft });
		expect(screen.getByLabelText('Who threw the tile (discarder)')).toBeInTheDocument();
		expect(screen.queryByLabelText('She declared “jokerless”')).toBeNull();
		await user.click(screen.getByLabelText('Self-picked'));
		expect(screen.queryByLabelText('Who threw the tile (discarder)')).toBeNull();
		const jokers = screen.getByLabelText(/^Jokers in the winning hand/);
		await user.clear(jokers);
		await user.type(jokers, '0');
		expect(screen.getByLabelText('She declared “jokerless”')).toBeChecked();
	});

	it('names the caller and the misnamer on a misnamed discard, and asks nothing on a wall game', async () => {
		const user = userEvent.setup();
		const draft = $state(emptyDraft());
		render(HandForm, { draft });
		await user.selectOptions(screen.getByLabelText('What happened'), 'misnamed-discard');
		expect(screen.getByLabelText('Who called it for mah jongg')).toBeInTheDocument();
		expect(screen.getByLabelText('Who misnamed the tile')).toBeInTheDocument();
		await user.selectOptions(screen.getByLabelText('What happened'), 'wall-game');
		expect(screen.queryByLabelText('Value from the card (points)')).toBeNull();
	});

	it('puts the players beside the seats in a ledger', () => {
		const names = { east: 'Ann', south: 'Bea', west: 'Cy', north: 'Di' };
		render(HandForm, { draft: emptyDraft(), names });
		expect(screen.getAllByRole('option', { name: 'East (Ann)' }).length).toBeGreaterThan(0);
		expect(screen.getByLabelText('North (Di)')).toBeInTheDocument();
	});
});
