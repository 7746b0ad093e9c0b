import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ReportTable from './ReportTable.svelte';

describe('ReportTable', () => {
	it('says there is nothing per question when no answer was revealed, with no empty table', () => {
		render(ReportTable, { questions: [] });
		expect(screen.getByText(/No answer was revealed in this session/)).toBeInTheDocument();
		expect(screen.queryByRole('table', { name: 'Per question' })).toBeNull();
	});

	it('lists each revealed question with its share right', () => {
		render(ReportTable, {
			questions: [
				{
					index: 0,
					narrative: 'East self-picks.',
					answered: 4,
					right: 3,
					shareRight: 0.75,
					topMisconception: null
				}
			]
		});
		const table = screen.getByRole('table', { name: 'Per question' });
		expect(table.textContent).toContain('75%');
		expect(table.textContent).toContain('3 of 4');
	});
});
