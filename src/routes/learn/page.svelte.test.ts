import { render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { lessonAt } from '$lib/lessons/fixtures';
import { LESSONS } from '$lib/lessons/lessons';
import { memoryLessonStore, useLessonStore } from '$lib/lessons/store';
import LearnEntry from '../LearnEntry.svelte';
import Page from './+page.svelte';

const DONE = ['next', 'right', 'next', 'right', 'next', 'right', 'next', 'right', 'next'] as const;

/** The path's card of lesson `number` (1-based). */
const card = (number: number) => screen.getAllByRole('listitem')[number - 1]!;

beforeEach(() => useLessonStore(memoryLessonStore()));

describe('/learn', () => {
	it('lists every lesson in order, each openable, and starts with lesson 1', async () => {
		render(Page);
		expect(
			await screen.findByRole('link', { name: 'Start here: lesson 1, Called discard' })
		).toHaveAttribute('href', '/learn/discard');
		const items = screen.getAllByRole('listitem');
		expect(items).toHaveLength(10);
		LESSONS.forEach((lesson, i) => {
			const link = within(items[i]!).getByRole('link');
			expect(link).toHaveTextContent(`Lesson ${i + 1} ${lesson.title}`);
			// Skipping ahead: every lesson opens, whatever was done before.
			expect(link).toHaveAttribute('href', `/learn/${lesson.skill}`);
			expect(items[i]).toHaveTextContent('Not started');
		});
	});

	it('says where the learner stands and continues with the lesson in progress', async () => {
		useLessonStore(
			memoryLessonStore([
				lessonAt('discard', [...DONE], '2025-03-01T10:00:00Z').saved,
				lessonAt('jokerless', ['next', 'right', 'next'], '2025-03-02T10:00:00Z').saved
			])
		);
		render(Page);
		const go = await screen.findByRole('link', { name: 'Continue with lesson 3: Jokerless' });
		expect(go).toHaveAttribute('href', '/learn/jokerless');
		expect(screen.getByText('1 of 10 lessons done')).toBeInTheDocument();
		expect(card(1)).toHaveTextContent('Done');
		expect(card(2)).toHaveTextContent('Not started');
		expect(card(3)).toHaveTextContent('In progress: step 3 of 5');
		expect(within(card(10)).getByRole('link')).toHaveAttribute(
			'href',
			'/learn/undeclared-jokerless'
		);
	});

	it('says so when every lesson is done', async () => {
		useLessonStore(
			// A lesson's moves after done change nothing: the longest walk finishes every lesson.
			memoryLessonStore(LESSONS.map((l) => lessonAt(l.skill, [...DONE]).saved))
		);
		render(Page);
		expect(await screen.findByText('You have done every lesson.')).toBeInTheDocument();
		expect(screen.getByText('10 of 10 lessons done')).toBeInTheDocument();
		for (let n = 1; n <= 10; n++) expect(card(n)).toHaveTextContent('Done');
	});
});

describe('the home page’s Learn entry', () => {
	it('invites a newcomer to the lessons, then continues where the learner is', async () => {
		const first = render(LearnEntry);
		expect(await screen.findByRole('link', { name: 'Start with the lessons' })).toHaveAttribute(
			'href',
			'/learn'
		);
		expect(screen.getByText('New here?')).toBeInTheDocument();
		first.unmount();
		useLessonStore(
			memoryLessonStore([lessonAt('east', ['next']).saved, lessonAt('discard', [...DONE]).saved])
		);
		render(LearnEntry);
		expect(
			await screen.findByRole('link', { name: 'Continue: lesson 7, East winning or paying' })
		).toHaveAttribute('href', '/learn/east');
		expect(screen.getByText('1 of 10 lessons done')).toBeInTheDocument();
	});
});
