/**
 * POST /api/class/[code]/answers `{question, pays, total}`: the student's answer, in points. 201
 * with the student's view. 401 without the student cookie, 403 removed, 409 already answered /
 * answers closed / wrong question / session ended, 400 invalid body or answer.
 */
import { classService } from '$lib/server/service';
import { AnswerBody } from '$lib/server/schemas';
import { guard, okJson, parseBody, readJson, studentCookie } from '$lib/server/http';
import { normalizeCode } from '$lib/class/codes';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, cookies, params, platform }) =>
	guard(async () => {
		const code = normalizeCode(params.code) ?? params.code;
		const body = parseBody(AnswerBody, await readJson(request, platform?.req));
		return okJson(await classService().submit(code, cookies.get(studentCookie(code)), body), 201);
	});
