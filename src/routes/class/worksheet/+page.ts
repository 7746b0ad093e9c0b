import { error } from '@sveltejs/kit';
import { questionKey, readWorksheetQuery, worksheetQuestions } from '$lib/class/worksheet';
import type { PageLoad } from './$types';

/** The worksheet of the address's settings (issue 20): its questions and their keys; 400 with the reason. */
export const load: PageLoad = ({ url }) => {
	const setup = readWorksheetQuery(url.searchParams);
	if (typeof setup === 'string') error(400, setup);
	const questions = worksheetQuestions(setup).map((scenario) => ({
		scenario,
		key: questionKey(scenario, setup.unit)
	}));
	return { setup, questions };
};
