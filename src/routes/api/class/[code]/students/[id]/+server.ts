/**
 * DELETE /api/class/[code]/students/[id]: the teacher removes a student (403 without the secret,
 * 404 unknown student). Answers the teacher's view.
 */
import { classService } from '$lib/server/service';
import { guard, okJson, teacherSecret } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const DELETE: RequestHandler = ({ request, cookies, params }) =>
	guard(async () => {
		const service = classService();
		const secret = teacherSecret(request, cookies, params.code);
		const view = service.removeStudent(params.code, secret, params.id);
		await service.settled();
		return okJson(view);
	});
