import { render, screen, waitFor, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	exportJson,
	listAttempts,
	memoryProgressStore,
	useProgressStore,
	type AttemptRecord
} from '$lib/progress';
import {
	attempt,
	bonusMissed,
	discardJokerless,
	rightSelfPick,
	selfPick,
	selfPickNotDoubled
} from '$lib/progress/test-fixtures';
import Page from './+page.svelte';

function history(): AttemptRecord[] {
	return [
		attempt(discardJokerless, bonusMissed),
		attempt(selfPick, rightSelfPick),
		attempt(selfPick, selfPickNotDoubled),
		attempt(discardJokerless, bonusMissed)
	];
}

const fileOf = (text: string, name = 'progress.json') =>
	new File([text], name, { type: 'application/json' });

beforeEach(() => {
	// jsdom has no canvas and no modal dialogs: the chart is skipped, the dialog just opens.
	vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
	HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
		this.open = true;
	};
	HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
		this.open = false;
	};
});
afterEach(() => vi.restoreAllMocks());

async function showPage(list: AttemptRecord[]) {
	const store = memoryProgressStore(list);
	useProgressStore(store);
	render(Page);
	await screen.findByText(/questions? answered,/);
	return store;
}

describe('/progress', () => {
	it('shows mastery per skill with the thresholds in words, the days and the misconceptions', async () => {
		await showPage(history());
		expect(screen.getByText('4 questions answered, 1 right (25%).')).toBeInTheDocument();
		const selfPickRow = screen.getByText('Self-picked').closest('li')!;
		expect(within(selfPickRow).getByText('Learning')).toBeInTheDocument();
		expect(within(selfPickRow).getByText('1 of the last 2 right.')).toBeInTheDocument();
		// The missed jokerless bonus counts against Jokerless, not against the called discard.
		const discardRow = screen.getByText('Called discard').closest('li')!;
		expect(within(discardRow).getByText('2 of the last 2 right.')).toBeInTheDocument();
		const jokerlessRow = screen.getByText('Jokerless').closest('li')!;
		expect(within(jokerlessRow).getByText('0 of the last 2 right.')).toBeInTheDocument();
		expect(
			within(screen.getByText('Wall game').closest('li')!).getByText('Not started')
		).toBeInTheDocument();
		expect(
			screen.getByText(/the last 4 answers right, on at least 2 different days/)
		).toBeInTheDocument();
		expect(
			screen.getByRole('img', { name: /Accuracy per day over 1 day: 25%/ })
		).toBeInTheDocument();
		expect(screen.getByRole('table')).toHaveTextContent('4');
		const top = screen.getByRole('link', { name: 'Jokerless bonus missed' });
		expect(top).toHaveAttribute('href', '/review?misconception=jokerless-bonus-missed');
		expect(top.parentElement).toHaveTextContent('2 times');
		// The round is planned when it starts (the practice page), from what the page names here.
		const weak = screen.getByRole('link', { name: 'Practise my weak spots' });
		expect(weak.getAttribute('href')).toBe('/practice?mode=weak');
		expect(screen.getByText('Your weak spots: Jokerless, Self-picked.')).toBeInTheDocument();
	});

	it('refuses a foreign file with the reason and keeps every answer', async () => {
		const store = await showPage(history());
		const before = await listAttempts(store);
		const input = screen.getByLabelText('Import a progress file');
		await userEvent.upload(input, fileOf('{"format":"some-other-app","attempts":[]}'));
		expect(await screen.findByRole('alert')).toHaveTextContent(
			'The file was not imported. This is not a Mahjong Payments Coach progress file'
		);
		expect(await listAttempts(store)).toEqual(before);
		expect(screen.getByText('4 questions answered, 1 right (25%).')).toBeInTheDocument();
	});

	it('refuses a damaged file and keeps every answer', async () => {
		const store = await showPage(history());
		const text = exportJson(history()).replace('"unit": "points"', '"unit": "yen"');
		await userEvent.upload(screen.getByLabelText('Import a progress file'), fileOf(text));
		expect(await screen.findByRole('alert')).toHaveTextContent(
			/damaged \(question 1, field "unit"\)/
		);
		expect(store.size()).toBe(4);
	});

	it('imports a good file by merging, and the page updates', async () => {
		const list = history();
		const store = await showPage(list.slice(0, 2));
		await userEvent.upload(
			screen.getByLabelText('Import a progress file'),
			fileOf(exportJson(list))
		);
		// First what it will add; nothing changes before the learner says so.
		const plan = await screen.findByRole('region', { name: 'This file adds 2 questions' });
		expect(plan).toHaveTextContent('2 questions will be added; 2 questions already here stay');
		expect(store.size()).toBe(2);
		await userEvent.click(within(plan).getByRole('button', { name: 'Add 2 questions' }));
		expect(await screen.findByRole('status')).toHaveTextContent(
			'Imported 2 questions (2 questions already here). You now have 4 questions.'
		);
		expect(await screen.findByText('4 questions answered, 1 right (25%).')).toBeInTheDocument();
		expect(store.size()).toBe(4);
	});

	it('resets only after confirmation', async () => {
		const store = await showPage(history());
		const user = userEvent.setup();
		await user.click(screen.getByRole('button', { name: 'Reset progress…' }));
		const dialog = screen.getByRole('dialog', { name: 'Delete all your progress?' });
		await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
		expect(store.size()).toBe(4);
		await user.click(screen.getByRole('button', { name: 'Reset progress…' }));
		await user.click(within(dialog).getByRole('button', { name: 'Yes, delete everything' }));
		expect(await screen.findByText(/No question answered on this device yet/)).toBeInTheDocument();
		expect(screen.getByRole('status')).toHaveTextContent('Deleted 4 answers.');
		expect(store.size()).toBe(0);
	});

	it('follows the store as another tab changes it, and the reset dialog counts what is kept', async () => {
		const store = await showPage(history().slice(0, 1));
		expect(screen.getByText('1 question answered, 0 right (0%).')).toBeInTheDocument();
		await store.put(attempt(selfPick, rightSelfPick, { at: new Date() }));
		await store.put(attempt(selfPick, rightSelfPick, { at: new Date() }));
		expect(await screen.findByText('3 questions answered, 2 right (67%).')).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Reset progress…' }));
		const dialog = screen.getByRole('dialog', { name: 'Delete all your progress?' });
		expect(dialog).toHaveTextContent('This deletes the 3 answers kept on this device');
		await store.put(attempt(selfPick, rightSelfPick, { at: new Date() }));
		await waitFor(() =>
			expect(dialog).toHaveTextContent('This deletes the 4 answers kept on this device')
		);
	});

	it('shows a tampered import graded again', async () => {
		const store = await showPage(history().slice(1, 2));
		const file = JSON.parse(exportJson([history()[0]!])) as { attempts: Record<string, unknown>[] };
		Object.assign(file.attempts[0]!, { correct: true, wrong: [], misconceptions: [], extra: 1 });
		await userEvent.upload(
			screen.getByLabelText('Import a progress file'),
			fileOf(JSON.stringify(file))
		);
		const plan = await screen.findByRole('region', { name: 'This file adds 1 question' });
		expect(plan).toHaveTextContent('1 question graded again: the file said otherwise');
		expect(plan).toHaveTextContent(
			'a field this app does not know, which is not imported: question 1: extra'
		);
		await userEvent.click(within(plan).getByRole('button', { name: 'Add 1 question' }));
		expect(await screen.findByText('2 questions answered, 1 right (50%).')).toBeInTheDocument();
		expect(store.size()).toBe(2);
	});

	it('keeps the answers when the page is opened again (same storage)', async () => {
		const store = memoryProgressStore();
		useProgressStore(store);
		const first = render(Page);
		await screen.findByText(/No question answered/);
		await store.put(attempt(selfPick, rightSelfPick));
		first.unmount();
		render(Page);
		expect(await screen.findByText('1 question answered, 1 right (100%).')).toBeInTheDocument();
		await waitFor(() =>
			expect(
				within(screen.getByText('Self-picked').closest('li')!).getByText('1 of 1 right.')
			).toBeInTheDocument()
		);
	});
});
