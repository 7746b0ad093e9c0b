/**
 * DELETE /api/class/[code]/students/[id]: the teacher removes a student (403 without the secret,
 * 404 unknown student). Answers the teacher's view.
 */
import { classService } from '$lib/server/service';
import { guard, okJson, teacherSecret } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const DELETE: RequestHandler = ({ request, cookies, params }) =>
	guard(async () => {
		const secret = teacherSecret(request, cookies, params.code);
		return okJson(await classService().removeStudent(params.code, secret, params.id));
	});
