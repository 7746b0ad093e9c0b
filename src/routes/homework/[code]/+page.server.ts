import { normalizeCode } from '$lib/class/codes';
import { homeworkService } from '$lib/server/homework-service';
import { orError } from '$lib/server/pages';
import type { PageServerLoad } from './$types';

/** A student's homework page (issue 20): the assignment's questions, once; 404 unknown code. */
export const load: PageServerLoad = async ({ params }) => {
	const code = normalizeCode(params.code) ?? params.code;
	return { homework: await orError(() => homeworkService().view(code)) };
};
