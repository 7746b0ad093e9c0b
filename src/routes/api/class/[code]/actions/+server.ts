/**
 * POST /api/class/[code]/actions `{type}`: a teacher action (`question.open`, `answers.close`,
 * `question.reveal`, `question.next`, `session.lock`, `session.unlock`, `session.end`). 403
 * without the teacher secret (cookie or `Authorization: Bearer`), 409 when the phase does not
 * allow it. Answers the teacher's view.
 */
import { classService } from '$lib/server/service';
import { teacherAction } from '$lib/server/class-routes';
import { guard, okJson, teacherSecret } from '$lib/server/http';
import { readJson } from '$lib/server/body';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, cookies, params, platform }) =>
	guard(async () => {
		const secret = teacherSecret(request, cookies, params.code);
		const body = await readJson(request, platform?.req);
		return okJson(await teacherAction(classService(), params.code, secret, body));
	});
