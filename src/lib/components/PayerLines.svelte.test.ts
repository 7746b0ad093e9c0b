import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { isSettleFailure, settle, type Outcome, type Settlement } from '$lib/payments';
import { generateRound } from '$lib/scenarios';
import PayerLines, { countLines } from './PayerLines.svelte';

function settled(outcome: Outcome): Settlement {
	const result = settle(outcome, 'points');
	if (isSettleFailure(result)) throw new Error(result.error.message);
	return result;
}

/** East wins on South's discard, value 25, jokerless: South pays 100, West and North 50 each. */
const discardWin = settled({
	kind: 'win',
	value: 25,
	winner: 'east',
	method: 'discard',
	discarder: 'south',
	jokers: 0
});

describe('PayerLines', () => {
	it('groups payers who pay alike into one line, then the total', () => {
		render(PayerLines, { settlement: discardWin, unit: 'points' });
		const lines = screen.getAllByTestId('payer-line');
		expect(lines.map((l) => l.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
			expect.stringMatching(
				/^South pays 25 ?× 2 \(threw the tile, P2\) ?× 2 \(jokerless, P5\) = 100$/
			),
			expect.stringMatching(/^West and North each pay 25 ?× 2 \(jokerless, P5\) = 50$/)
		]);
		expect(screen.getByText(/receives/)).toBeInTheDocument();
		expect(countLines(discardWin)).toBe(3);
	});

	it('shows only the lines revealed so far, the total last (the projector steps)', () => {
		const { rerender } = render(PayerLines, {
			settlement: discardWin,
			unit: 'points',
			revealed: 1
		});
		expect(screen.getAllByTestId('payer-line')).toHaveLength(1);
		expect(screen.queryByText(/receives/)).toBeNull();
		rerender({ settlement: discardWin, unit: 'points', revealed: 2 });
		expect(screen.getAllByTestId('payer-line')).toHaveLength(2);
		expect(screen.queryByText(/receives/)).toBeNull();
		rerender({ settlement: discardWin, unit: 'points', revealed: 3 });
		expect(screen.getByText(/receives/)).toBeInTheDocument();
	});

	it('takes 2 to 5 steps for every question of a round (not one per payer and rule)', () => {
		for (const seed of ['lines-a', 'lines-b', 'lines-c']) {
			for (const q of generateRound({ seed, count: 30, skills: [] }).scenarios) {
				const n = countLines(settled(q.outcome));
				expect(n).toBeGreaterThanOrEqual(2);
				expect(n).toBeLessThanOrEqual(5);
			}
		}
	});
});
