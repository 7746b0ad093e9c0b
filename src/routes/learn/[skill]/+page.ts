import { error } from '@sveltejs/kit';
import { isLessonSkill } from '$lib/lessons/order';
import { keepOpened, openLesson } from './open';
import type { PageLoad } from './$types';

// Rendered on the server like /rules (the lesson's introduction), then the lesson runs in the
// browser from where the learner was; the service worker keeps every lesson for offline use.
// The lesson's words and first questions are drawn by the server (offline, here: ./open.ts).
export const load: PageLoad = async ({ params, fetch }) => {
	if (!isLessonSkill(params.skill)) error(404, 'There is no lesson with that name.');
	const opened = await openLesson(params.skill, fetch).catch(() => {
		error(
			503,
			'The lesson could not be loaded: this device is offline and the app is not kept on it yet. Try again once you are back online.'
		);
	});
	keepOpened(opened);
	return { skill: params.skill, ...opened };
};
