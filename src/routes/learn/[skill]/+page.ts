import { error } from '@sveltejs/kit';
import { isLessonSkill } from '$lib/lessons/order';
import type { PageLoad } from './$types';

// Rendered on the server like /rules (the lesson's introduction), then the lesson runs in the
// browser from where the learner was; the service worker keeps every lesson for offline use.
export const load: PageLoad = ({ params }) => {
	if (!isLessonSkill(params.skill)) error(404, 'There is no lesson with that name.');
	return { skill: params.skill };
};
