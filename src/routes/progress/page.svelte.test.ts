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
		const text = exportJson(history()).replace('"unit":"points"', '"unit":"yen"');
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
		expect(store.size()).toBe(0);
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
