import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { classQuestions, outcomeLine } from '$lib/class/preview';
import DrawnPreview from './DrawnPreview.svelte';

describe('DrawnPreview', () => {
	it("lists the seed's questions with the swaps, as the server makes them, and a Swap on each", async () => {
		const swaps = { 1: 2 };
		const onswap = vi.fn();
		render(DrawnPreview, { seed: 'hw-prev', questionCount: 4, skills: [], swaps, onswap });
		const made = classQuestions({ seed: 'hw-prev', questionCount: 4, skills: [], swaps });
		const rows = screen.getAllByRole('listitem');
		expect(rows).toHaveLength(4);
		made.forEach((q, i) => expect(rows[i]).toHaveTextContent(outcomeLine(q.outcome)));
		expect(rows[1]).toHaveTextContent('swapped');
		expect(rows[0]).not.toHaveTextContent('swapped');
		await fireEvent.click(screen.getByRole('button', { name: 'Swap question 3' }));
		expect(onswap).toHaveBeenCalledWith(2);
	});

	it.each([0, 500, 2.5])('says how many it can ask when asked for %s questions', (count) => {
		render(DrawnPreview, {
			seed: 's',
			questionCount: count,
			skills: [],
			swaps: {},
			onswap: () => {}
		});
		expect(screen.getByText('Ask from 1 to 50 questions: a whole number.')).toBeInTheDocument();
	});
});
