/**
 * "Someone says each pays ...": a wrong claim is named with the drill's misconception, a right one
 * is said to be right, and an unreadable amount says what to type, grading nothing. The verdict
 * goes as soon as an amount is typed again and comes back only with Check; under house rules the
 * claim is checked against the house amounts, and says so.
 */
import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { misconception, type NormalizedOutcome } from '$lib/payments';
import ClaimCheck from './ClaimCheck.svelte';

const jokerlessDiscard: NormalizedOutcome = {
	kind: 'win',
	value: 25,
	winner: 'south',
	method: 'discard',
	discarder: 'west',
	jokers: 0,
	declaredJokerless: true,
	singlesAndPairs: false,
	dead: []
};

async function claim(
	amounts: Record<string, string>,
	unit: 'points' | 'money' = 'points',
	house: { pays: Record<string, number>; rules: string } | null = null
) {
	const user = userEvent.setup();
	render(ClaimCheck, { outcome: jokerlessDiscard, unit, claim: null, house });
	for (const [seat, text] of Object.entries(amounts)) {
		await user.type(screen.getByLabelText(new RegExp(`^${seat} pays`)), text);
	}
	await user.click(screen.getByRole('button', { name: 'Check the claim' }));
	return user;
}

describe('ClaimCheck', () => {
	it('names the misconception behind a wrong claim', async () => {
		await claim({ East: '50', West: '50', North: '50' });
		expect(screen.getByRole('heading', { name: 'What that claim shows' })).toBeInTheDocument();
		expect(screen.getByText(`${misconception('double-is-ceiling').title}.`)).toBeInTheDocument();
	});

	it('says a right claim is right, in money too', async () => {
		await claim({ East: '$0.50', West: '$1', North: '50¢' }, 'money');
		expect(screen.getByText('That claim is right.')).toBeInTheDocument();
	});

	it('says what to type for an amount it cannot read', async () => {
		await claim({ East: 'lots', West: '100', North: '50' });
		expect(screen.getByText(/^East: "lots" is not a whole number of points/)).toBeInTheDocument();
		expect(screen.queryByRole('heading', { name: 'What that claim shows' })).toBeNull();
	});

	it('drops the verdict as soon as an amount changes, until Check', async () => {
		const user = await claim({ East: '50', West: '100', North: '50' });
		expect(screen.getByText('That claim is right.')).toBeInTheDocument();
		await user.type(screen.getByLabelText(/^North pays/), '0');
		expect(screen.queryByText('That claim is right.')).toBeNull();
		expect(screen.queryByRole('heading', { name: 'What that claim shows' })).toBeNull();
		await user.click(screen.getByRole('button', { name: 'Check the claim' }));
		expect(screen.getByRole('heading', { name: 'What that claim shows' })).toBeInTheDocument();
		await user.clear(screen.getByLabelText(/^North pays/));
		expect(screen.queryByRole('heading', { name: 'What that claim shows' })).toBeNull();
	});

	it('checks against the house amounts under house rules, and says it is not League', async () => {
		const house = { pays: { east: 100, west: 100, north: 50 }, rules: 'East double (H1)' };
		await claim({ East: '100', West: '100', North: '50' }, 'points', house);
		expect(screen.getByTestId('claim-verdict').textContent?.replace(/\s+/g, ' ')).toContain(
			'That claim is right under your house rules (East double (H1): house rule, not League).'
		);
	});

	it('names the amounts a claim gets wrong under house rules', async () => {
		const house = { pays: { east: 100, west: 100, north: 50 }, rules: 'East double (H1)' };
		await claim({ East: '50', West: '100', North: '50' }, 'points', house);
		expect(screen.getByTestId('claim-verdict').textContent).toContain(
			'East pays 100 points, not 50 points'
		);
	});
});
