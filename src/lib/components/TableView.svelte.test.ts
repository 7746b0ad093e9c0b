import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { isSettleFailure, settle, type Outcome, type Settlement } from '$lib/payments';
import TableView from './TableView.svelte';

const discardWin: Outcome = {
	kind: 'win',
	value: 25,
	winner: 'east',
	method: 'discard',
	discarder: 'south',
	jokers: 1,
	dead: ['west']
};

function settled(outcome: Outcome): Settlement {
	const result = settle(outcome);
	if (isSettleFailure(result)) throw new Error(result.error.message);
	return result;
}

describe('TableView', () => {
	it('labels the four seats and marks the winner, the discarder and a dead hand', () => {
		const { container } = render(TableView, { outcome: discardWin, unit: 'points' });
		for (const name of ['East', 'South', 'West', 'North']) {
			expect(screen.getByText(name)).toBeInTheDocument();
		}
		expect(screen.getByText('Mah Jongg')).toBeInTheDocument();
		expect(screen.getByText('on a discard')).toBeInTheDocument();
		expect(screen.getByText('Threw the tile')).toBeInTheDocument();
		// A dead hand pays: the plate says so, dashed, never struck out.
		expect(screen.getByText('Dead hand, still pays')).toBeInTheDocument();
		expect(container.querySelector('[data-seat="east"]')).toHaveClass('winner');
		expect(container.querySelector('[data-seat="east"] .crown svg')).not.toBeNull();
		expect(container.querySelector('[data-seat="south"]')).toHaveClass('discarder');
		expect(container.querySelector('[data-seat="west"]')).toHaveClass('dead');
		expect(container.querySelector('.strike, s, del')).toBeNull();
		expect(container.querySelector('[data-seat="north"]')).not.toHaveClass('dead');
	});

	it('is an image named and described in words', () => {
		render(TableView, { outcome: discardWin, unit: 'points' });
		const img = screen.getByRole('img', { name: 'Mah jongg table: East won' });
		expect(img).toHaveAccessibleDescription(
			/South threw the tile\. West's hand is dead, and still pays\./
		);
	});

	it('draws no arrows before the check', () => {
		render(TableView, { outcome: discardWin, unit: 'points' });
		expect(screen.queryAllByTestId('arrow')).toHaveLength(0);
		expect(screen.queryAllByTestId('amount')).toHaveLength(0);
		expect(screen.queryByText(/points$/)).toBeNull();
	});

	it('draws an arrow from each payer and says on each plate what it pays, in points', async () => {
		const { transfers } = settled(discardWin);
		const { container } = render(TableView, { outcome: discardWin, transfers, unit: 'points' });
		// The arrows load once there are payments to draw.
		expect(await screen.findAllByTestId('arrow')).toHaveLength(3);
		const amount = (seat: string) =>
			container.querySelector(`[data-seat="${seat}"] [data-testid="amount"]`)?.textContent;
		expect(amount('south')).toBe('pays 50 points');
		expect(amount('west')).toBe('pays 25 points');
		expect(amount('north')).toBe('pays 25 points');
		expect(amount('east')).toBe('receives 100 points');
		expect(screen.getByRole('img')).toHaveAccessibleDescription(/South pays East 50 points\./);
	});

	it('formats the amounts as money', () => {
		const selfPick: Outcome = {
			kind: 'win',
			value: 25,
			winner: 'north',
			method: 'self-pick',
			jokers: 0
		};
		render(TableView, { outcome: selfPick, transfers: settled(selfPick).transfers, unit: 'money' });
		expect(screen.getAllByText('pays $1.00')).toHaveLength(3);
		expect(screen.getByText('receives $3.00')).toBeInTheDocument();
		expect(screen.getByText('self-picked')).toBeInTheDocument();
		expect(screen.queryByText('Threw the tile')).toBeNull();
	});

	it('marks the caller and the misnamer of a misnamed discard, with one arrow', async () => {
		const misnamed: Outcome = {
			kind: 'misnamed-discard',
			value: 30,
			caller: 'north',
			misnamer: 'west'
		};
		const { container } = render(TableView, {
			outcome: misnamed,
			transfers: settled(misnamed).transfers,
			unit: 'money'
		});
		expect(screen.getByText('Misnamed tile')).toBeInTheDocument();
		expect(container.querySelector('[data-seat="north"]')).toHaveClass('caller');
		expect(await screen.findAllByTestId('arrow')).toHaveLength(1);
		expect(screen.getByText('pays $1.20')).toBeInTheDocument();
	});

	it('says "Wall game — nobody won" and draws no arrows on a wall game', () => {
		render(TableView, { outcome: { kind: 'wall-game' }, transfers: [], unit: 'points' });
		expect(screen.getByRole('img', { name: /Wall game — nobody won/ })).toBeInTheDocument();
		expect(screen.getByText('Wall game — nobody won')).toBeInTheDocument();
		expect(screen.queryAllByTestId('arrow')).toHaveLength(0);
		expect(screen.queryByText('Mah Jongg')).toBeNull();
	});
});
