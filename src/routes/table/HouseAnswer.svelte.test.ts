/**
 * The hand under house rules on /table: a payment the pie cut to nothing is not listed, so what
 * the pie cut says whose payment to whom it was (East's to the bettor, not East's to the winner).
 */
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { settleValid, validateOutcome, type NormalizedOutcome } from '$lib/payments';
import { noHouse } from '$lib/table/house-choice';
import { tableHouseHand } from '$lib/table/house-hand';
import HouseAnswer from './HouseAnswer.svelte';

const checked = validateOutcome({
	kind: 'win',
	value: 25,
	winner: 'south',
	method: 'self-pick',
	jokers: 1
});
const outcome = (checked.ok ? checked.outcome : null) as NormalizedOutcome;

describe('HouseAnswer', () => {
	it("says which payment the pie cut: East's to the bettor, after East paid South in full", () => {
		// East double: East pays South 100; the bettor picked South, so East owes her 100 too, but
		// a pie of 100 leaves East nothing to pay it with.
		const hand = tableHouseHand(
			outcome,
			settleValid(outcome),
			{ ...noHouse(), eastDouble: true, bettor: true, bet: 'south', pie: true, pieText: '100' },
			'points'
		)!;
		render(HouseAnswer, { hand, unit: 'points', receiver: 'south' });
		const paid = screen.getByTestId('house-transfers').textContent!.replace(/\s+/g, ' ');
		expect(paid).toContain('East pays South 100 points');
		expect(paid).not.toContain('East pays the bettor');
		expect(screen.getByText(/^Pie \(H3\):/).textContent!.replace(/\s+/g, ' ')).toBe(
			"Pie (H3): 100 points of East's payment to the bettor is not paid."
		);
	});
});
