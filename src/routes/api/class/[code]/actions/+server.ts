/**
 * POST /api/class/[code]/actions `{type}`: a teacher action (`question.open`, `answers.close`,
 * `question.reveal`, `question.next`, `session.end`). 403 without the teacher secret (cookie or
 * `Authorization: Bearer`), 409 when the phase does not allow it. Answers the teacher's view.
 */
import { classService } from '$lib/server/service';
import { ActionBody } from '$lib/server/schemas';
import { errorJson, guard, okJson, parseBody, readJson, teacherSecret } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, cookies, params }) =>
	guard(async () => {
		const secret = teacherSecret(request, cookies, params.code);
		const service = classService();
		if (!service.isTeacher(params.code, secret)) {
			return errorJson(403, 'teacher-only', "Only the session's teacher can do this.");
		}
		const { type } = parseBody(ActionBody, await readJson(request));
		const view = service.act(params.code, secret, type);
		await service.settled();
		return okJson(view);
	});
