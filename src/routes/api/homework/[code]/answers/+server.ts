/**
 * POST /api/homework/[code]/answers `{answers: [{question, pays, total, answeredAt}]}`: keeps a
 * student's answers (the token as cookie or `Authorization: Bearer`). 200 `{kept, late}`: the
 * question indexes newly kept (one already answered is left as it was) and those marked late.
 * 400 bad body or answer, 401 not joined, 404 unknown code, 429 `too-many-answers` from this address.
 */
import { normalizeCode } from '$lib/class/codes';
import { homeworkToken } from '$lib/server/homework-cookies';
import { homeworkService } from '$lib/server/homework-service';
import { guard, okJson } from '$lib/server/http';
import { parseBody, readJson } from '$lib/server/body';
import { clientAddress } from '$lib/server/origin';
import { HomeworkAnswersBody } from '$lib/server/schemas';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, cookies, params, platform, getClientAddress }) =>
	guard(async () => {
		const code = normalizeCode(params.code) ?? params.code;
		const body = parseBody(HomeworkAnswersBody, await readJson(request, platform?.req));
		const token = homeworkToken(request, cookies, code);
		const address = clientAddress({ getClientAddress, platform });
		return okJson(await homeworkService().submit(code, token, body.answers, address));
	});
