import { normalizeCode } from '$lib/class/codes';
import { homeworkSecret } from '$lib/server/homework-cookies';
import { homeworkService } from '$lib/server/homework-service';
import { reachableOrigin } from '$lib/server/origin';
import { orError } from '$lib/server/pages';
import type { PageServerLoad } from './$types';

/** The teacher's results page (issue 20): 403 without the teacher's cookie, 404 unknown code. */
export const load: PageServerLoad = async ({ params, request, cookies, url, platform }) => {
	const code = normalizeCode(params.code) ?? params.code;
	const secret = homeworkSecret(request, cookies, code);
	const service = homeworkService();
	const results = await orError(() => service.results(code, secret));
	const view = await orError(() => service.view(code));
	return {
		results,
		unit: view.unit,
		questionCount: view.questions.length,
		seed: view.questions[0]?.seed ?? '',
		joinOrigin: reachableOrigin({ url, platform })
	};
};
