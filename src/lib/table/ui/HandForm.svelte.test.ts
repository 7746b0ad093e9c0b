/**
 * The hand form shows only the fields the hand needs: the discarder for a called discard (the
 * misnamer for a misnamed discard), the jokerless declaration for a hand without jokers, nothing
 * but the kind for a wall game; the players' names stand beside the seats in a ledger; a problem
 * shows under its field, which is marked invalid and described by it. The draft is reactive
 * state, as the pages hold it.
 */
import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { validateOutcome } from '$lib/payments';
import { emptyDraft, outcomeOfDraft, type HandDraft } from '../hand';
import { handProblem } from '../hand-problem';
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

	it('shows a bad field’s problem under it, marked invalid and tied to it', async () => {
		const user = userEvent.setup();
		const draft: HandDraft = $state({ ...emptyDraft(), value: '25', discarder: 'south' });
		/** The engine's verdict on the draft, in the table's words, as /table passes it. */
		const problemOf = () => {
			const checked = validateOutcome(outcomeOfDraft(draft));
			return checked.ok ? null : handProblem(checked.error, draft);
		};
		const view = render(HandForm, { draft, problem: problemOf() });
		const jokers = screen.getByLabelText(/^Jokers in the winning hand/);
		expect(jokers).not.toHaveAttribute('aria-invalid');
		await user.clear(jokers);
		await view.rerender({ problem: problemOf() });
		expect(jokers).toHaveAttribute('aria-invalid', 'true');
		expect(jokers).toHaveAccessibleDescription(
			'Enter how many jokers the winning hand holds: 0 to 8 (0 if none).'
		);
		// The message sits right under the field, and no other field is marked.
		expect(jokers.nextElementSibling).toHaveTextContent(/^Enter how many jokers/);
		expect(screen.getByLabelText('Value from the card (points)')).not.toHaveAttribute(
			'aria-invalid'
		);
		await user.type(jokers, '2');
		await view.rerender({ problem: problemOf() });
		expect(jokers).not.toHaveAttribute('aria-invalid');
		expect(screen.queryByTestId('field-problem')).toBeNull();

		const value = screen.getByLabelText('Value from the card (points)');
		await user.clear(value);
		await user.type(value, 'twenty');
		await view.rerender({ problem: problemOf() });
		expect(value).toHaveAttribute('aria-invalid', 'true');
		expect(value).toHaveAccessibleDescription(/^Type the value as a whole number/);
	});

	it('marks the dead hand that cannot be, and the missing discarder', async () => {
		const draft: HandDraft = $state({ ...emptyDraft(), value: '25', dead: ['east'] });
		const checked = validateOutcome(outcomeOfDraft({ ...draft, discarder: 'south' }));
		if (checked.ok) throw new Error('East is dead: she cannot win');
		render(HandForm, { draft, problem: handProblem(checked.error, draft) });
		expect(screen.getByLabelText('East')).toHaveAttribute('aria-invalid', 'true');
		expect(screen.getByLabelText('East')).toHaveAccessibleDescription(/^East is marked dead/);
		expect(screen.getByLabelText('South')).not.toHaveAttribute('aria-invalid');
	});
});
