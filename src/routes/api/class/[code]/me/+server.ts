/** GET /api/class/[code]/me: the student's own view (401 without the student cookie). */
import { classService } from '$lib/server/service';
import { guard, okJson, studentCookie } from '$lib/server/http';
import { normalizeCode } from '$lib/class/codes';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ cookies, params }) =>
	guard(async () => {
		const code = normalizeCode(params.code) ?? params.code;
		return okJson(await classService().studentView(code, cookies.get(studentCookie(code))));
	});
