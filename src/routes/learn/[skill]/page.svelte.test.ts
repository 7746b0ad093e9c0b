import { render, screen, waitFor, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { amountOf, misconception, wrongAnswerFor } from '$lib/payments';
import { listAttempts, memoryProgressStore, useProgressStore } from '$lib/progress';
import { lessonAt, rightEntries } from '$lib/lessons/fixtures';
import { currentQuestion, type LessonContext } from '$lib/lessons/flow';
import { askedFields } from '$lib/lessons/asked';
import { readSavedLesson } from '$lib/lessons/saved';
import { memoryLessonStore, useLessonStore, type LessonStore } from '$lib/lessons/store';
import { settledOf } from '$lib/scenarios/settled';
import type { LessonSkill } from '$lib/lessons/order';
import Page from './+page.svelte';
import { openHere } from './draw';
import { keepOpened } from './open';

/** The page's data, as its load gives it (drawn here rather than by the server). */
async function pageData(skill: LessonSkill) {
	const opened = await openHere(skill);
	keepOpened(opened);
	return { skill, ...opened };
}

/** The question's sentence as shown (its glossary terms are buttons within it). */
const narrative = () => document.querySelector('.narrative')?.textContent?.trim();

type Plan = Parameters<typeof lessonAt>[1];
let lessons: LessonStore;
let progress: ReturnType<typeof memoryProgressStore>;

beforeEach(() => {
	// jsdom does not scroll.
	Element.prototype.scrollIntoView = vi.fn();
	lessons = memoryLessonStore();
	progress = memoryProgressStore();
	useLessonStore(lessons);
	useProgressStore(progress);
});

/** Types `entries` into the lesson's fields (by their labels) and presses Enter. */
async function answer(
	user: ReturnType<typeof userEvent.setup>,
	context: LessonContext,
	entries: Record<string, string>
) {
	for (const field of askedFields(context)) {
		const input = screen.getByLabelText(field.label);
		await user.clear(input);
		await user.type(input, entries[field.key] ?? '');
	}
	await user.keyboard('{Enter}');
}

describe('a lesson', () => {
	it('goes worked example -> partly worked -> practice, retries a wrong answer, and ends done', async () => {
		const user = userEvent.setup();
		render(Page, { data: await pageData('discard') });
		expect(screen.getByText('Lesson 1 of 10')).toBeInTheDocument();
		expect(screen.getByRole('heading', { level: 1, name: 'Called discard' })).toBeInTheDocument();
		expect(screen.getByRole('link', { name: 'Rule P2: called discard' })).toHaveAttribute(
			'href',
			'/rules#P2'
		);
		expect(screen.getByRole('link', { name: /Back to the path/ })).toHaveAttribute(
			'href',
			'/learn'
		);

		// 1. The worked example, step by step.
		expect(await screen.findByRole('heading', { name: 'Worked example' })).toBeInTheDocument();
		expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
		// Its body (the question and the steps) loads as it is shown.
		const every = await screen.findByRole('button', { name: 'Show every step' });
		expect(screen.queryByRole('button', { name: 'Now try one yourself' })).toBeNull();
		await user.click(every);
		expect(screen.getByText(/receives the sum of the payments/)).toBeInTheDocument();
		await user.click(screen.getByRole('button', { name: 'Now try one yourself' }));

		// 2. Partly worked: the discarder's amount is given and explained; the rest is asked.
		const partial = lessonAt('discard', ['next']).view.context;
		const scenario = currentQuestion(partial);
		const discarder = scenario.outcome.kind === 'win' ? scenario.outcome.discarder! : 'east';
		const settlement = settledOf(scenario).settlement;
		// The machine and the later steps' views load on the way (the first "Show every step").
		expect(
			await screen.findByRole('heading', { name: 'Partly worked question' }, { timeout: 5000 })
		).toHaveFocus();
		expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
		const given = screen.getByRole('region', { name: 'Filled in for you' });
		const paid = settlement.breakdown.find((b) => b.seat === discarder)!.points;
		expect(within(given).getByText(new RegExp(`pays ${paid} points`))).toBeInTheDocument();
		expect(within(given).getByText(/threw the tile, so .* pays double/)).toBeInTheDocument();
		expect(screen.queryByLabelText(new RegExp(`^${discarder} pays`, 'i'))).toBeNull();
		// A bad entry: a message by the field; what else was typed stays.
		await answer(user, partial, { ...rightEntries(partial), total: 'lots' });
		expect(screen.getByText(/"lots" is not a whole number of points/)).toBeInTheDocument();
		expect(screen.getByLabelText(/receives \(total\)/)).toHaveFocus();
		await answer(user, partial, rightEntries(partial));
		expect(
			await screen.findByRole('heading', { name: 'Right! Every amount is correct.' })
		).toBeInTheDocument();
		expect(screen.getByRole('status')).toHaveTextContent('Right! Every amount is correct.');
		expect(screen.getByRole('row', { name: /pays \(filled in\)/ })).toBeInTheDocument();
		await user.click(screen.getByRole('button', { name: 'Next: Practice question 1 of 3' }));

		// 3. Practice: a wrong answer names its mistake, then a fresh question.
		const practice = lessonAt('discard', ['next', 'right', 'next']).view.context;
		const q = currentQuestion(practice);
		expect(
			await screen.findByRole('heading', { name: 'Practice question 1 of 3' })
		).toBeInTheDocument();
		expect(narrative()).toBe(q.narrative);
		const { outcome, settlement: s } = settledOf(q);
		const slip = wrongAnswerFor('discarder-not-doubled', outcome, s)!;
		await answer(
			user,
			practice,
			Object.fromEntries(askedFields(practice).map((f) => [f.key, String(amountOf(slip, f.key))]))
		);
		expect(await screen.findByRole('heading', { name: 'Not quite.' })).toBeInTheDocument();
		expect(screen.getByRole('status')).toHaveTextContent('Not quite.');
		expect(
			screen.getByText(`${misconception('discarder-not-doubled').title}.`)
		).toBeInTheDocument();
		expect(screen.getAllByText('✗ wrong').length).toBeGreaterThan(0);
		expect(screen.queryByRole('button', { name: /^Next/ })).toBeNull();
		// The focus moves in the frame that paints the feedback.
		await waitFor(() =>
			expect(screen.getByRole('button', { name: 'Try a new question' })).toHaveFocus()
		);
		await user.click(screen.getByText('Show every step, rule by rule'));
		expect(screen.getAllByTestId('payer').length).toBe(3);
		await user.click(screen.getByRole('button', { name: 'Try a new question' }));

		let plan: Plan = ['next', 'right', 'next', 'wrong', 'retry'];
		expect(
			await screen.findByRole('heading', { name: 'Practice question 1 of 3' })
		).toBeInTheDocument();
		const fresh = lessonAt('discard', plan).view.context;
		expect(currentQuestion(fresh).id).not.toBe(q.id);
		expect(narrative()).toBe(currentQuestion(fresh).narrative);
		for (const field of askedFields(fresh))
			expect(screen.getByLabelText(field.label)).toHaveValue('');
		for (const n of [1, 2, 3]) {
			const context = lessonAt('discard', plan).view.context;
			await answer(user, context, rightEntries(context));
			await screen.findByRole('heading', { name: 'Right! Every amount is correct.' });
			const next = n < 3 ? `Next: Practice question ${n + 1} of 3` : 'Finish the lesson';
			await user.click(screen.getByRole('button', { name: next }));
			plan = [...plan, 'right', 'next'];
		}

		// 4. Done, with the next lesson.
		expect(
			await screen.findByRole('heading', { name: 'Lesson done: Called discard' })
		).toBeInTheDocument();
		expect(screen.getByRole('link', { name: 'Next lesson: 2. Self-picked' })).toHaveAttribute(
			'href',
			'/learn/self-pick'
		);
		expect(screen.getAllByRole('link', { name: 'Back to the path' }).at(-1)).toHaveAttribute(
			'href',
			'/learn'
		);
		const kept = readSavedLesson(await lessons.get('discard'));
		expect(kept).toMatchObject({ mode: 'done', context: { completed: true } });
		// Every checked answer counts as an attempt (not the worked example).
		await vi.waitFor(async () => expect(await listAttempts(progress)).toHaveLength(5));
		const attempts = await listAttempts(progress);
		expect(new Set(attempts.map((a) => a.roundId))).toEqual(new Set(['lesson:discard']));
		expect(attempts.map((a) => a.correct)).toEqual([true, false, true, true, true]);
		expect(attempts[1]!.misconceptions).toContain('discarder-not-doubled');
	});

	it('resumes where the learner was, with what was typed', async () => {
		const { saved } = lessonAt('jokerless', [
			'next',
			'right',
			'next',
			'right',
			'next',
			'right',
			'next'
		]);
		const typed = askedFields(saved.context)[0]!;
		await lessons.put({ ...saved, context: { ...saved.context, entries: { [typed.key]: '40' } } });
		render(Page, { data: await pageData('jokerless') });
		expect(
			await screen.findByRole('heading', { name: 'Practice question 3 of 3' }, { timeout: 5000 })
		).toBeInTheDocument();
		expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
		expect(screen.getByLabelText(typed.label)).toHaveValue('40');
		// The jokerless lesson's last question shows the P8 trap on the rack (which loads when shown).
		expect(
			await screen.findByText(/took its joker earlier\. No joker now: jokerless \(P8\)/)
		).toBeInTheDocument();
	});
});
