import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { AnswerSummary } from '$lib/class/types';
import GroupBars from './GroupBars.svelte';

const summary: AnswerSummary = {
	answered: 4,
	right: 1,
	shareRight: 0.25,
	groups: [
		{ key: 'right', title: 'Right', count: 1, share: 0.25, names: ['Ann'] },
		{
			key: 'jokerless-bonus-missed',
			title: 'Jokerless bonus missed',
			count: 3,
			share: 0.75,
			names: ['<b>Ben</b>', 'Cy', 'Dee']
		}
	]
};

describe('GroupBars', () => {
	it('shows the share right and each group with its count and share', () => {
		render(GroupBars, { summary });
		expect(screen.getByRole('heading', { name: '25% right (1 of 4)' })).toBeInTheDocument();
		expect(screen.getByText('Jokerless bonus missed')).toBeInTheDocument();
		expect(screen.getByText('3 · 75%')).toBeInTheDocument();
	});

	it('never shows names unless asked (the projector), and shows them as text for the teacher', () => {
		const { unmount } = render(GroupBars, { summary });
		expect(screen.queryByText(/Ben/)).toBeNull();
		unmount();
		const { container } = render(GroupBars, { summary, names: true });
		expect(screen.getByText('<b>Ben</b>, Cy, Dee')).toBeInTheDocument();
		expect(container.querySelector('b')).toBeNull();
	});

	it('notes when an answer counts under more than one misconception', () => {
		const { unmount } = render(GroupBars, { summary });
		expect(screen.queryByText(/more than one misconception/)).toBeNull();
		unmount();
		const both: AnswerSummary = {
			...summary,
			groups: [
				...summary.groups,
				{ key: 'discarder-not-doubled', title: 'Discarder not doubled', count: 2, share: 0.5 }
			]
		};
		render(GroupBars, { summary: both });
		expect(screen.getByText(/more than one misconception/)).toBeInTheDocument();
	});

	it('says so when nobody answered', () => {
		render(GroupBars, { summary: { answered: 0, right: 0, shareRight: null, groups: [] } });
		expect(screen.getByRole('heading', { name: 'No answers' })).toBeInTheDocument();
	});

	it('with a limit, shows the first groups and counts the rest on one line', () => {
		const many: AnswerSummary = {
			...summary,
			groups: [
				...summary.groups,
				{ key: 'discarder-not-doubled', title: 'Discarder not doubled', count: 2, share: 0.5 },
				{ key: 'other', title: 'Wrong, no known misconception', count: 1, share: 0.25 }
			]
		};
		render(GroupBars, { summary: many, limit: 2 });
		expect(screen.getAllByRole('listitem')).toHaveLength(2);
		expect(
			screen.getByText(
				/2 more kinds of answer: Discarder not doubled \(2\); Wrong, no known misconception \(1\)/
			)
		).toBeInTheDocument();
	});
});
