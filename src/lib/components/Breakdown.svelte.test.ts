import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { isSettleFailure, settle, type Outcome, type Settlement } from '$lib/payments';
import Breakdown from './Breakdown.svelte';
import { countSteps } from './breakdown-steps';

function settled(outcome: Outcome, unit: 'points' | 'money' = 'points'): Settlement {
	const result = settle(outcome, unit);
	if (isSettleFailure(result)) throw new Error(result.error.message);
	return result;
}

/** East wins on South's discard, value 25, one joker; West's hand is dead. */
const discardOutcome: Outcome = {
	kind: 'win',
	value: 25,
	winner: 'east',
	method: 'discard',
	discarder: 'south',
	jokers: 1,
	dead: ['west']
};
const discardWin = settled(discardOutcome);

describe('Breakdown', () => {
	it('lists every payer with ordered steps, rule badges and the amount beside the name', () => {
		render(Breakdown, { settlement: discardWin, unit: 'points' });
		const payers = screen.getAllByTestId('payer');
		expect(payers).toHaveLength(3);
		const south = within(payers[0]!);
		expect(south.getByRole('heading', { level: 3 })).toHaveTextContent(
			'South (threw the tile) pays 50 points'
		);
		expect(south.getAllByRole('listitem')).toHaveLength(discardWin.breakdown[0]!.steps.length);
		expect(south.getByRole('link', { name: /^Rule P2:/ })).toHaveAttribute('href', '/rules#P2');
		expect(within(payers[1]!).getByRole('heading')).toHaveTextContent(
			'West (dead hand, still pays) pays 25'
		);
		expect(within(payers[1]!).getByText('P9')).toBeInTheDocument();
		expect(screen.getByText(/East receives 50 \+ 25 \+ 25 = 100 points\./)).toBeInTheDocument();
	});

	it('folds the rules that do not apply under "Not here", marked in words, never a cross', () => {
		const { container } = render(Breakdown, { settlement: discardWin, unit: 'points' });
		const notApplying = discardWin.breakdown.flatMap((p) => p.steps).filter((s) => !s.applies);
		expect(notApplying.length).toBeGreaterThan(0);
		expect(screen.getAllByText('not here:')).toHaveLength(notApplying.length);
		const p5 = screen.getAllByText(/No jokerless bonus: the hand holds a joker/)[0]!;
		expect(p5.closest('details')).not.toHaveAttribute('open');
		expect(p5.closest('details')?.querySelector('summary')).toHaveTextContent(
			'Not here: holds a joker'
		);
		const p2 = screen.getByText(/South threw the tile, so South pays double/).closest('li');
		expect(p2!.closest('details')).toBeNull();
		expect(container.textContent).not.toContain('✗');
	});

	it('shows only the first `revealed` steps and keeps the amounts hidden until then', () => {
		expect(countSteps(discardWin)).toBe(14);
		const { rerender } = render(Breakdown, {
			settlement: discardWin,
			unit: 'points',
			revealed: 3
		});
		expect(screen.getAllByTestId('payer')).toHaveLength(1);
		expect(screen.getAllByRole('listitem')).toHaveLength(3);
		expect(screen.queryByText(/pays 50/)).toBeNull();
		expect(screen.queryByText(/receives/)).toBeNull();
		rerender({ revealed: 5 });
		expect(screen.getAllByTestId('payer')).toHaveLength(2);
		expect(screen.getByText('pays 50 points')).toBeInTheDocument();
		rerender({ revealed: 13 });
		expect(screen.queryByText(/receives/)).toBeNull();
		rerender({ revealed: 14 });
		expect(screen.getByText(/receives/)).toBeInTheDocument();
		rerender({ revealed: 0 });
		expect(screen.queryAllByTestId('payer')).toHaveLength(0);
	});

	it('shows money beside the payer names and in the total', () => {
		render(Breakdown, { settlement: settled(discardOutcome, 'money'), unit: 'money', level: 2 });
		expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
		expect(screen.getByText('pays $0.50')).toBeInTheDocument();
		expect(screen.getAllByText('pays $0.25')).toHaveLength(2);
		expect(
			screen.getByText(/East receives \$0\.50 \+ \$0\.25 \+ \$0\.25 = \$1\.00\./)
		).toBeInTheDocument();
		// The steps too are in dollars and cents.
		expect(
			screen.getByText(/South threw the tile, so South pays double: \$0\.25 × 2 = \$0\.50/)
		).toBeInTheDocument();
	});

	it('explains a misnamed discard and a wall game', () => {
		const misnamed = settled({
			kind: 'misnamed-discard',
			value: 30,
			caller: 'north',
			misnamer: 'west'
		});
		const { unmount } = render(Breakdown, { settlement: misnamed, unit: 'points' });
		expect(screen.getByRole('heading', { name: /^West \(misnamed the tile\)/ })).toHaveTextContent(
			'pays 120 points'
		);
		expect(screen.getAllByText('pays nothing')).toHaveLength(2);
		expect(screen.getByText('North receives 120 points.')).toBeInTheDocument();
		unmount();
		render(Breakdown, { settlement: settled({ kind: 'wall-game' }), unit: 'money' });
		expect(screen.getAllByRole('link', { name: /^Rule P11:/ })).toHaveLength(5);
		expect(screen.getByText(/Nobody receives anything/)).toBeInTheDocument();
	});

	it('compact: a finished payer folds to its heading once the next payer starts', () => {
		const south = discardWin.breakdown[0]!.steps.length;
		const { rerender } = render(Breakdown, {
			settlement: discardWin,
			unit: 'points',
			revealed: south,
			compact: true
		});
		expect(within(screen.getByTestId('payer')).getAllByRole('listitem').length).toBeGreaterThan(0);
		rerender({ settlement: discardWin, unit: 'points', revealed: south + 1, compact: true });
		const [first, second] = screen.getAllByTestId('payer');
		expect(first!).toHaveTextContent('South (threw the tile) pays 50 points');
		expect(within(first!).queryAllByRole('listitem')).toHaveLength(0);
		expect(within(second!).getAllByRole('listitem')).toHaveLength(1);
		rerender({
			settlement: discardWin,
			unit: 'points',
			revealed: countSteps(discardWin),
			compact: true
		});
		for (const payer of screen.getAllByTestId('payer')) {
			expect(within(payer).queryAllByRole('listitem')).toHaveLength(0);
		}
		expect(screen.getByText(/East receives 50 \+ 25 \+ 25 = 100 points\./)).toBeInTheDocument();
	});
});
