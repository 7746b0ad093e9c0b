import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memoryProgressStore, useProgressStore, type AttemptRecord } from '$lib/progress';
import {
	attempt,
	bonusMissed,
	discardJokerless,
	rightSelfPick,
	selfPick,
	selfPickNotDoubled,
	wallGame
} from '$lib/progress/test-fixtures';
import Page from './+page.svelte';

function history(): AttemptRecord[] {
	return [
		attempt(discardJokerless, bonusMissed),
		attempt(selfPick, rightSelfPick),
		attempt(selfPick, selfPickNotDoubled),
		attempt(wallGame, null),
		attempt(discardJokerless, { pays: { south: 55, west: 100, north: 50 }, total: 205 })
	];
}

async function showPage(list: AttemptRecord[], filter: Partial<AttemptFilter> = {}) {
	useProgressStore(memoryProgressStore(list));
	render(Page, { data: { filter: { skill: null, misconception: null, ...filter } } });
	return screen.findByText(/mistakes?( match(es)?)?, newest first/);
}
type AttemptFilter = { skill: null; misconception: 'self-pick-not-doubled' | null };

const cards = () => screen.getAllByRole('article');

describe('/review', () => {
	it('lists the mistakes newest first with the answer beside the right one and what it shows', async () => {
		const list = history();
		await showPage(list);
		expect(screen.getByText('4 mistakes, newest first.')).toBeInTheDocument();
		const [total, wall, selfPickCard, bonus] = cards().map((c) => within(c));
		// A slip: the amounts that are wrong, no guessed cause.
		expect(
			total!.getByText(
				/These amounts are wrong: South pays, East receives \(total\)\. This fits no known/
			)
		).toBeInTheDocument();
		expect(wall!.getByText('You asked to see the answer.')).toBeInTheDocument();
		expect(wall!.getAllByText('not answered').length).toBeGreaterThan(0);
		expect(selfPickCard!.getByText('Self-pick not doubled.')).toBeInTheDocument();
		const rows = bonus!.getAllByRole('row');
		expect(rows[2]).toHaveTextContent(/^West pays\s*50\s*✗ wrong\s*100$/);
		expect(bonus!.getByText(/Jokerless bonus missed\./).parentElement).toHaveTextContent(/P5/);
		expect(bonus!.getByRole('img', { name: /winning hand|table|East/i })).toBeInTheDocument();
		expect(bonus!.getByText('How the payment adds up, rule by rule')).toBeInTheDocument();
	});

	it('filters by misconception and builds "Practise these" from the filtered mistakes', async () => {
		await showPage(history());
		await userEvent.selectOptions(screen.getByLabelText('Misconception'), 'self-pick-not-doubled');
		expect(screen.getByText('1 mistake matches, newest first.')).toBeInTheDocument();
		expect(cards()).toHaveLength(1);
		const practise = screen.getByRole('link', { name: 'Practise these' });
		expect(practise.getAttribute('href')).toMatch(
			/^\/practice\?seed=\w{8}&skills=self-pick&n=5&unit=points$/
		);
	});

	it('filters by skill and starts from the filters in the URL', async () => {
		await showPage(history(), { misconception: 'self-pick-not-doubled' });
		expect(screen.getByLabelText('Misconception')).toHaveValue('self-pick-not-doubled');
		expect(cards()).toHaveLength(1);
		await userEvent.selectOptions(screen.getByLabelText('Misconception'), '');
		// Only the mistakes that count against the skill: the missed jokerless bonus is not a
		// called-discard mistake, though both questions were called discards; the slip is.
		await userEvent.selectOptions(screen.getByLabelText('Skill'), 'discard');
		expect(cards()).toHaveLength(1);
		await userEvent.selectOptions(screen.getByLabelText('Skill'), 'jokerless');
		expect(cards()).toHaveLength(2);
		expect(screen.getByRole('link', { name: 'Practise these' }).getAttribute('href')).toContain(
			'skills=jokerless&'
		);
	});

	it('says so when there is no mistake', async () => {
		useProgressStore(memoryProgressStore([attempt(selfPick, rightSelfPick)]));
		render(Page, { data: { filter: { skill: null, misconception: null } } });
		expect(await screen.findByText(/every answer so far was right/)).toBeInTheDocument();
	});
});
