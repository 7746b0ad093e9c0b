/**
 * POST /api/class/[code]/answers `{question, pays, total}`: the student's answer, in points. 201
 * with the student's view. 401 without the student cookie, 403 removed, 409 already answered /
 * answers closed / wrong question / session ended, 400 invalid body or answer. (Under
 * `node server.js` the fast path answers it first, the same way: `$lib/server/fast`.)
 */
import { classService } from '$lib/server/service';
import { guard, okJson, studentCookie } from '$lib/server/http';
import { readJson } from '$lib/server/body';
import { routeCode, submitAnswer } from '$lib/server/class-routes';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, cookies, params, platform }) =>
	guard(async () => {
		const code = routeCode(params.code);
		const body = await readJson(request, platform?.req);
		const token = cookies.get(studentCookie(code));
		return okJson(await submitAnswer(classService(), code, token, body), 201);
	});
