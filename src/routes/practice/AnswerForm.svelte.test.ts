import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { selfPick } from '$lib/quiz/fixtures';
import { LOAD_ERROR } from '$lib/quiz/quiz.svelte';
import type { QuizEvent } from '$lib/quiz/round';
import AnswerForm from './AnswerForm.svelte';

const base = {
	scenario: selfPick,
	unit: 'points' as const,
	entries: {},
	errors: {},
	hints: [],
	hasMoreHints: true
};

describe('AnswerForm', () => {
	it('sends what is typed and the Check', async () => {
		const sent: QuizEvent[] = [];
		const onintent = vi.fn();
		render(AnswerForm, { ...base, send: (e: QuizEvent) => void sent.push(e), onintent });
		await userEvent.type(screen.getByLabelText('South pays'), '50{Enter}');
		expect(sent).toEqual([
			{ type: 'entry.change', key: 'south', text: '5' },
			{ type: 'entry.change', key: 'south', text: '50' },
			{ type: 'answer.submit', entries: {} }
		]);
		expect(onintent).toHaveBeenCalled();
	});

	it('is read-only and says it is checking while the checker is on its way', () => {
		render(AnswerForm, { ...base, busy: true, send: () => {} });
		expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
		expect(screen.getByRole('button', { name: 'Show answer' })).toBeDisabled();
		expect(screen.getByLabelText('South pays')).toHaveAttribute('readonly');
		expect(screen.getByRole('form')).toHaveAttribute('aria-busy', 'true');
	});

	it('says so when the checker could not load, and lets the learner try again', () => {
		render(AnswerForm, { ...base, loadError: LOAD_ERROR, send: () => {} });
		expect(screen.getByRole('alert')).toHaveTextContent('cannot be checked yet');
		expect(screen.getByRole('button', { name: 'Check' })).toBeEnabled();
	});

	it('shows how a bare "1" is read in money mode before Check, with one tap to fix it', async () => {
		const sent: QuizEvent[] = [];
		render(AnswerForm, {
			...base,
			unit: 'money',
			entries: { south: '1', west: '$1', north: '1.00' },
			send: (e: QuizEvent) => void sent.push(e)
		});
		const south = screen.getByLabelText('South pays');
		expect(screen.getByText(/1 → \$0\.01\. Did you mean \$1\.00\?/)).toBeVisible();
		expect(south).toHaveAccessibleDescription(expect.stringContaining('1 → $0.01'));
		// One note: "$1" and "1.00" are read as they look.
		expect(screen.getAllByText(/Did you mean/)).toHaveLength(1);
		await userEvent.click(screen.getByRole('button', { name: 'Use $1.00' }));
		expect(sent).toEqual([{ type: 'entry.change', key: 'south', text: '$1.00' }]);
	});
});
