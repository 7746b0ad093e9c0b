import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFields, type Outcome } from '$lib/payments';
import type { QuestionView } from '$lib/class/types';
import AnswerForm from './AnswerForm.svelte';

const outcome: Outcome = { kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 1 };
const question: QuestionView = {
	index: 0,
	outcome,
	narrative: 'East picked the winning tile from the wall.',
	groups: [],
	skills: ['self-pick'],
	fields: answerFields(outcome)
};

afterEach(() => vi.unstubAllGlobals());

/** A server that takes any answer; the bodies it was sent. */
function server() {
	const bodies: unknown[] = [];
	vi.stubGlobal(
		'fetch',
		vi.fn(async (_url: string, init?: RequestInit) => {
			bodies.push(JSON.parse(String(init?.body)));
			return new Response(JSON.stringify({ ok: true }), { status: 200 });
		})
	);
	return bodies;
}

describe('a class answer in money mode', () => {
	it('shows "1" as $0.01 while typed, and sends nothing, so locks nothing, before the student confirms', async () => {
		const bodies = server();
		const onanswer = vi.fn();
		render(AnswerForm, { code: 'ABCD', question, unit: 'money', onanswer });
		for (const label of ['South pays', 'West pays', 'North pays']) {
			await userEvent.type(screen.getByLabelText(label), '1');
		}
		await userEvent.type(screen.getByLabelText('East receives (total)'), '3');
		// Shown before anything is sent: as it will be read, with the fix.
		expect(screen.getAllByText(/1 → \$0\.01\. Did you mean \$1\.00\?/)).toHaveLength(3);
		expect(screen.getByText(/3 → \$0\.03\. Did you mean \$3\.00\?/)).toBeVisible();

		await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
		expect(bodies).toEqual([]);
		expect(onanswer).not.toHaveBeenCalled();
		expect(screen.getByRole('alert')).toHaveTextContent('Nothing is sent yet');

		// One tap per field fixes it; then it goes at once, in dollars.
		for (const button of screen.getAllByRole('button', { name: /^Use \$/ })) {
			await userEvent.click(button);
		}
		expect(screen.queryByText(/Did you mean/)).toBeNull();
		await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
		await vi.waitFor(() => expect(onanswer).toHaveBeenCalled());
		expect(bodies).toEqual([
			{ question: 0, pays: { south: 100, west: 100, north: 100 }, total: 300 }
		]);
	});

	it('sends the cents as shown once the student confirms them', async () => {
		const bodies = server();
		const onanswer = vi.fn();
		render(AnswerForm, { code: 'ABCD', question, unit: 'money', onanswer });
		for (const label of ['South pays', 'West pays', 'North pays', 'East receives (total)']) {
			await userEvent.type(screen.getByLabelText(label), label.startsWith('East') ? '150' : '50');
		}
		await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
		expect(bodies).toEqual([]);
		await userEvent.click(screen.getByRole('button', { name: 'Send as shown' }));
		await vi.waitFor(() => expect(onanswer).toHaveBeenCalled());
		expect(bodies).toEqual([{ question: 0, pays: { south: 50, west: 50, north: 50 }, total: 150 }]);
	});

	it('sends at once what cannot be misread', async () => {
		const bodies = server();
		const onanswer = vi.fn();
		render(AnswerForm, { code: 'ABCD', question, unit: 'money', onanswer });
		for (const label of ['South pays', 'West pays', 'North pays', 'East receives (total)']) {
			await userEvent.type(
				screen.getByLabelText(label),
				label.startsWith('East') ? '$1.50' : '50¢'
			);
		}
		await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
		await vi.waitFor(() => expect(onanswer).toHaveBeenCalled());
		expect(bodies).toHaveLength(1);
	});
});
