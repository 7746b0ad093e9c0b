import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryProgressStore, useProgressStore } from '$lib/progress';
import { LOAD_ERROR } from '$lib/lessons/lesson.svelte';
import { memoryLessonStore, useLessonStore } from '$lib/lessons/store';
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

// The lesson's machine cannot be fetched until `network.online` (a device offline, say).
const network = vi.hoisted(() => ({ online: false }));
vi.mock('$lib/lessons/machine', async (importOriginal) => {
	if (!network.online) throw new Error('Failed to fetch dynamically imported module');
	return importOriginal();
});

beforeEach(() => {
	useLessonStore(memoryLessonStore());
	useProgressStore(memoryProgressStore());
});

describe('a lesson whose machine cannot be fetched yet', () => {
	it('shows the worked example, says so when it cannot go on, and goes on after Try again', async () => {
		const user = userEvent.setup();
		render(Page, { data: await pageData('discard') });
		await user.click(await screen.findByRole('button', { name: 'Show every step' }));
		await user.click(screen.getByRole('button', { name: 'Now try one yourself' }));
		expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_ERROR);
		expect(screen.getByRole('heading', { name: 'Worked example' })).toBeInTheDocument();
		network.online = true;
		await user.click(screen.getByRole('button', { name: 'Try again' }));
		expect(
			await screen.findByRole('heading', { name: 'Partly worked question' }, { timeout: 5000 })
		).toBeInTheDocument();
		expect(screen.queryByRole('alert')).toBeNull();
	});
});
