import { redirect } from '@sveltejs/kit';
import { newSeed, readRoundParams, roundSearch } from './params';
import type { PageLoad } from './$types';

// The drill runs in the browser (and offline, from the service worker's cache).
export const ssr = false;

export const load: PageLoad = ({ url }) => {
	const round = readRoundParams(url.searchParams);
	if (round.seed === null) {
		// Every round has a seed in its URL, so it can be shared and replayed exactly.
		redirect(307, `/practice${roundSearch({ ...round, seed: newSeed() })}`);
	}
	return { config: { ...round, seed: round.seed } };
};
