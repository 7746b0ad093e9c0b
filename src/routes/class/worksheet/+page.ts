import { error, redirect } from '@sveltejs/kit';
import { questionKey, readWorksheetQuery, worksheetQuestions } from '$lib/class/worksheet';
import { newSeed } from '$lib/progress/params';
import type { PageLoad } from './$types';

/**
 * The worksheet of the address's settings (issue 20): its questions and their keys; 400 with the
 * reason. The bare address has no worksheet yet: the page shows the form that makes one
 * (`setup: null`, with a fresh seed to offer). Sent with the seed left blank, it gets a fresh one
 * (307), so every printed worksheet has a seed to make it again.
 */
/**
 * The worksheet is paper: it ships no JavaScript (first load is its HTML and CSS alone, and it
 * prints the moment it arrives). Its form sends with GET and `/print.js` works its Print button.
 */
export const csr = false;

export const load: PageLoad = ({ url }) => {
	const query = url.searchParams;
	if (query.size === 0) return { setup: null, questions: [], seed: newSeed(), scriptless: true };
	if ((query.get('seed') ?? '').trim() === '') {
		const withSeed = new URLSearchParams(query);
		withSeed.set('seed', newSeed());
		redirect(307, `${url.pathname}?${withSeed}`);
	}
	const setup = readWorksheetQuery(query);
	if (typeof setup === 'string') error(400, setup);
	const questions = worksheetQuestions(setup).map((scenario) => ({
		scenario,
		key: questionKey(scenario, setup.unit)
	}));
	return { setup, questions, seed: setup.seed, scriptless: true };
};
