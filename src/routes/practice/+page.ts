import { SKILLS, type Skill } from '$lib/payments';
import { error, redirect } from '@sveltejs/kit';
import { newSeed, readRoundParams, roundSearch } from './params';
import { drawRound } from './draw';
import type { PageLoad } from './$types';

// The drill runs in the browser (and offline, from the service worker's cache).
export const ssr = false;

export const load: PageLoad = async ({ url, fetch }) => {
	if (url.searchParams.get('mode') === 'weak' && !url.searchParams.has('seed')) {
		// "Practise my weak spots": the skills come from this device's progress (spaced repetition).
		// Module by module: a dynamic import of the index would bundle all of progress (and
		// ts-fsrs) into the chunk the progress pages load too.
		const [{ listAttempts }, { progressStore }, { searchText }, { weakRoundParams }] =
			await Promise.all([
				import('$lib/progress/progress'),
				import('$lib/progress/store'),
				import('$lib/progress/params'),
				import('$lib/progress/spaced')
			]);
		const attempts = await listAttempts(progressStore()).catch(() => []);
		redirect(307, `/practice?${searchText(weakRoundParams(attempts, new Date()))}`);
	}
	const round = readRoundParams(url.searchParams);
	if (round.seed === null) {
		// Every round has a seed in its URL, so it can be shared and replayed exactly.
		redirect(307, `/practice${roundSearch({ ...round, seed: newSeed() })}`);
	}
	// A "weak spots" round may open with a worked example of the skill missed again and again.
	const asked = url.searchParams.get('worked');
	const worked = (SKILLS as readonly string[]).includes(asked ?? '') ? (asked as Skill) : null;
	const config = { ...round, seed: round.seed };
	// Drawn by the server when it answers, else here (offline): the same questions either way.
	const drawn = await drawRound({ ...config, worked }, fetch).catch(() => {
		error(
			503,
			'The questions could not be loaded: this device is offline and the app is not kept on it yet. Try again once you are back online.'
		);
	});
	return { config, weak: url.searchParams.get('mode') === 'weak', worked, drawn };
};
