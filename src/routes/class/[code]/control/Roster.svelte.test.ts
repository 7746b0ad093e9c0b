import { render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import Roster from './Roster.svelte';

const entry = { id: 'a', name: '', answered: false, answeredCount: 0, right: 0 };

describe('Roster', () => {
	it('says the names are hidden and how to show them, as two sentences', () => {
		render(Roster, {
			roster: [entry] as never,
			removed: [],
			open: false,
			ended: false,
			busy: false,
			names: false,
			remove: vi.fn(),
			readmit: vi.fn()
		});
		expect(screen.getByText(/^Names are hidden\./).textContent?.trim()).toBe(
			'Names are hidden. Choose Show names to see who is who or to remove someone.'
		);
	});
});
