import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import Timer from './Timer.svelte';

describe('Timer', () => {
	it('counts down to the deadline', () => {
		render(Timer, { deadline: Date.now() + 95_000, offset: 0 });
		expect(screen.getByRole('timer')).toHaveTextContent(/1:3[45]/);
		expect(screen.queryByTestId('timer-stale')).toBeNull();
	});

	it('counts nothing while the stream is down: it waits for the server (issue 20)', () => {
		render(Timer, { deadline: Date.now() + 95_000, offset: 0, stale: true });
		expect(screen.getByRole('timer')).toHaveTextContent('Timer: waiting for the server');
		expect(screen.getByRole('timer')).not.toHaveTextContent(/\d:\d\d/);
		expect(screen.getByTestId('timer-stale')).toBeInTheDocument();
	});

	it('says nothing is up while stale, even past the deadline', () => {
		render(Timer, { deadline: Date.now() - 5_000, offset: 0, stale: true });
		expect(screen.getByRole('timer')).not.toHaveTextContent('Time is up');
	});
});
