import { SKILLS, type Skill } from '$lib/payments';
import { redirect } from '@sveltejs/kit';
import { newSeed, readRoundParams, roundSearch } from './params';
import type { PageLoad } from './$types';

// The drill runs in the browser (and offline, from the service worker's cache).
export const ssr = false;

export const load: PageLoad = async ({ url }) => {
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
	const worked = url.searchParams.get('worked');
	return {
		config: { ...round, seed: round.seed },
		weak: url.searchParams.get('mode') === 'weak',
		worked: (SKILLS as readonly string[]).includes(worked ?? '') ? (worked as Skill) : null
	};
};
