import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
import { load } from './+page';
import type { PageData } from './$types';

// The page navigates to change its filters; here a navigation loads the page's data again.
const { goto } = vi.hoisted(() => ({ goto: vi.fn() }));
vi.mock('$app/navigation', () => ({ goto }));

function history(): AttemptRecord[] {
	return [
		attempt(discardJokerless, bonusMissed),
		attempt(selfPick, rightSelfPick),
		attempt(selfPick, selfPickNotDoubled),
		attempt(wallGame, null),
		attempt(discardJokerless, { pays: { south: 55, west: 100, north: 50 }, total: 205 })
	];
}

/** What the page's load gives for `href` (path and query). */
async function dataFor(href: string) {
	const url = new URL(href, 'http://localhost');
	return (await load({ url } as Parameters<typeof load>[0])) as PageData;
}

/** Renders /review at `href` over `list`; `goto` then renders the page at the new address. */
async function showPage(list: AttemptRecord[], href = '/review') {
	useProgressStore(memoryProgressStore(list));
	const view = render(Page, { data: await dataFor(href) });
	goto.mockImplementation(async (to: string) => view.rerender({ data: await dataFor(to) }));
	await screen.findByText(/mistakes?( match(es)?)?, newest first/);
	return view;
}

const cards = () => screen.getAllByRole('article');
const headings = () => cards().map((c) => within(c).getByRole('heading', { level: 2 }).textContent);

beforeEach(() => goto.mockReset());

describe('/review', () => {
	it('shows each mistake as a compact card: what it shows, when, the question, the key amount', async () => {
		await showPage(history());
		expect(screen.getByText('4 mistakes, newest first.')).toBeInTheDocument();
		expect(headings()).toEqual([
			'No known wrong rule',
			'Answer shown',
			'Self-pick not doubled',
			'Jokerless bonus missed'
		]);
		const [slip, wall, , bonus] = cards().map((c) => within(c));
		expect(slip!.getByText(/you said/).parentElement).toHaveTextContent(
			/^South pays: you said 55, right 50 \(and 1 more wrong\)$/
		);
		expect(
			slip!.getByText('Counts against: Called discard, Jokerless, East winning or paying')
		).toBeVisible();
		expect(wall!.queryByText(/you said/)).toBeNull();
		expect(bonus!.getByText('Story of d:0.')).toBeInTheDocument();
		expect(bonus!.getByText(/you said/).parentElement).toHaveTextContent(
			/^South pays: you said 25, right 50 \(and 3 more wrong\)$/
		);
		expect(bonus!.getByText('Counts against: Jokerless')).toBeVisible();
		expect(bonus!.getByText(/2025/).closest('time')).toHaveAttribute('datetime');
		// Closed: none of the heavy parts is rendered.
		expect(screen.queryAllByRole('img')).toEqual([]);
		expect(screen.queryAllByRole('table')).toEqual([]);
		expect(screen.queryByText('How the payment adds up, rule by rule')).toBeNull();
	});

	it('opens a card for its table, rack, answers, what went wrong and breakdown, and closes it', async () => {
		await showPage(history());
		const bonus = within(cards()[3]!);
		const show = bonus.getByText(/Show the breakdown/);
		expect(show.closest('details')).not.toHaveAttribute('open');
		await userEvent.click(show);
		expect(show.closest('details')).toHaveAttribute('open');
		expect(show.closest('summary')).toHaveTextContent(/^Hide the breakdown$/);
		// The pictures load with the first card opened: give a busy machine time to fetch them.
		expect(
			await bonus.findByRole('img', { name: /winning hand|table|East/i }, { timeout: 5000 })
		).toBeInTheDocument();
		const rows = bonus.getAllByRole('row');
		expect(rows[2]).toHaveTextContent(/^West pays\s*50\s*✗ wrong\s*100$/);
		expect(bonus.getByText(/Jokerless bonus missed\./).parentElement).toHaveTextContent(/P5/);
		expect(
			bonus.getByRole('heading', { name: 'How the payment adds up, rule by rule' })
		).toBeInTheDocument();
		// Only that card opened.
		expect(screen.getAllByRole('table')).toHaveLength(1);

		const wall = within(cards()[1]!);
		await userEvent.click(wall.getByText(/Show the breakdown/));
		expect(await wall.findByText('You asked to see the answer.')).toBeInTheDocument();
		expect(wall.getAllByText('not answered').length).toBeGreaterThan(0);

		// Closed from its end: back to its "Show", with the focus there.
		await userEvent.click(bonus.getByRole('button', { name: 'Hide the breakdown' }));
		expect(bonus.queryByRole('table')).toBeNull();
		expect(show.closest('summary')).toHaveFocus();
		expect(show.closest('summary')).toHaveTextContent(/^Show the breakdown$/);
		// And from its "Hide".
		await userEvent.click(wall.getByText(/Hide the breakdown/, { selector: 'summary' }));
		expect(screen.queryAllByRole('table')).toEqual([]);
	});

	it('keeps a chosen filter in the address and builds "Practise these" from it', async () => {
		await showPage(history());
		await userEvent.selectOptions(screen.getByLabelText('Misconception'), 'self-pick-not-doubled');
		expect(goto).toHaveBeenLastCalledWith('/review?misconception=self-pick-not-doubled', {
			keepFocus: true,
			noScroll: true
		});
		expect(screen.getByText('1 mistake matches, newest first.')).toBeInTheDocument();
		expect(headings()).toEqual(['Self-pick not doubled']);
		expect(screen.getByRole('link', { name: 'Practise these' }).getAttribute('href')).toMatch(
			/^\/practice\?seed=\w{8}&skills=self-pick&n=5&unit=points$/
		);

		// A skill as well: both filters in the address; then neither.
		await userEvent.selectOptions(screen.getByLabelText('Skill'), 'self-pick');
		expect(goto).toHaveBeenLastCalledWith(
			'/review?skill=self-pick&misconception=self-pick-not-doubled',
			expect.anything()
		);
		await userEvent.selectOptions(screen.getByLabelText('Misconception'), '');
		await userEvent.selectOptions(screen.getByLabelText('Skill'), '');
		expect(goto).toHaveBeenLastCalledWith('/review', expect.anything());
		expect(cards()).toHaveLength(4);
	});

	it('counts in each skill the mistakes that count against it', async () => {
		await showPage(history());
		const options = within(screen.getByLabelText('Skill'))
			.getAllByRole('option')
			.map((o) => o.textContent);
		expect(options).toContain('Jokerless (2)');
		expect(options).toContain('Called discard (1)');
		// Only the mistakes that count against the skill: the missed jokerless bonus is not a
		// called-discard mistake, though both questions were called discards; the slip is.
		await userEvent.selectOptions(screen.getByLabelText('Skill'), 'discard');
		expect(headings()).toEqual(['No known wrong rule']);
		await userEvent.selectOptions(screen.getByLabelText('Skill'), 'jokerless');
		expect(headings()).toEqual(['No known wrong rule', 'Jokerless bonus missed']);
		expect(screen.getByRole('link', { name: 'Practise these' }).getAttribute('href')).toContain(
			'skills=jokerless&'
		);
	});

	it('reads the filters from the address, ignoring unknown values', async () => {
		await showPage(history(), '/review?misconception=self-pick-not-doubled');
		expect(screen.getByLabelText('Misconception')).toHaveValue('self-pick-not-doubled');
		expect(headings()).toEqual(['Self-pick not doubled']);
	});

	it('shows every mistake for a filter it does not know', async () => {
		await showPage(history(), '/review?skill=nothing&misconception=made-up');
		expect(screen.getByLabelText('Skill')).toHaveValue('');
		expect(cards()).toHaveLength(4);
	});

	it('says so when there is no mistake', async () => {
		useProgressStore(memoryProgressStore([attempt(selfPick, rightSelfPick)]));
		render(Page, { data: await dataFor('/review') });
		expect(await screen.findByText(/every answer so far was right/)).toBeInTheDocument();
	});
});
