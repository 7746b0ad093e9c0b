import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { misconception } from '$lib/payments';
import { answered, jokerlessDiscard } from '$lib/quiz/fixtures';
import type { QuizSummary } from '$lib/quiz/round';
import RoundSummary from './RoundSummary.svelte';

const summary: QuizSummary = {
	score: 1,
	total: 2,
	answered: 2,
	hintsUsed: 0,
	accuracy: { 'self-pick': { attempts: 1, correct: 1 }, jokerless: { attempts: 1, correct: 0 } },
	mistakes: [answered(jokerlessDiscard, { pays: { south: 60, east: 60, north: 60 }, total: 180 })]
};

describe('RoundSummary', () => {
	it('gives the score, each skill, and each mistake with its right amounts', () => {
		render(RoundSummary, { summary, unit: 'points', againHref: '/practice?n=2', onsame: vi.fn() });
		expect(screen.getByRole('heading', { name: 'Round done: 1 of 2 right' })).toBeTruthy();
		const skills = screen.getByRole('table', { name: 'Accuracy per skill' });
		expect(
			within(skills)
				.getAllByRole('row')
				.map((r) => r.textContent)
		).toEqual(['SkillRight', expect.stringMatching(/1 of 1$/), expect.stringMatching(/0 of 1$/)]);
		const [mistake] = within(screen.getByRole('list')).getAllByRole('listitem');
		expect(mistake!.textContent).toContain(jokerlessDiscard.narrative);
		// West calls South's discard for a jokerless 30-point hand (P2, P5).
		expect(mistake!.textContent).toMatch(/You said: .*South pays 60 points, .*180 points\. Right:/);
		expect(mistake!.textContent).toMatch(/Right: .*South pays 120 points/);
		expect(mistake!.textContent).toMatch(/West receives \(total\) 240 points/);
		expect(mistake!.textContent).toMatch(/Your mistake: .*and /);
		expect(mistake!.textContent).toContain(misconception('discarder-not-doubled').title);
	});

	it('offers new questions, the same questions again, and the review', async () => {
		const onsame = vi.fn();
		render(RoundSummary, { summary, unit: 'points', againHref: '/practice?n=2', onsame });
		expect(screen.getByRole('link', { name: 'New questions' }).getAttribute('href')).toBe(
			'/practice?n=2'
		);
		expect(screen.getByRole('link', { name: 'Review my mistakes' }).getAttribute('href')).toBe(
			'/review'
		);
		await userEvent.click(screen.getByRole('button', { name: 'Same questions again' }));
		expect(onsame).toHaveBeenCalledOnce();
	});

	it('has no mistakes list on a perfect round', () => {
		render(RoundSummary, {
			summary: { ...summary, score: 2, mistakes: [] },
			unit: 'points',
			againHref: '/practice',
			onsame: vi.fn()
		});
		expect(screen.queryByRole('heading', { name: "This round's mistakes" })).toBeNull();
		expect(screen.queryByRole('list')).toBeNull();
	});
});
