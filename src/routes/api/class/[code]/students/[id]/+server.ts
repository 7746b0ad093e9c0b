/**
 * DELETE /api/class/[code]/students/[id]: the teacher removes a student (403 without the secret,
 * 404 unknown student); their device cannot join again until let back in.
 * PUT /api/class/[code]/students/[id]: the teacher lets a removed student back in (404 when no
 * removed student has this id, 409 `name-taken` when someone took their name since).
 * Both answer the teacher's view.
 */
import { classService } from '$lib/server/service';
import { guard, okJson, teacherSecret } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const DELETE: RequestHandler = ({ request, cookies, params }) =>
	guard(async () => {
		const secret = teacherSecret(request, cookies, params.code);
		return okJson(await classService().removeStudent(params.code, secret, params.id));
	});

export const PUT: RequestHandler = ({ request, cookies, params }) =>
	guard(async () => {
		const secret = teacherSecret(request, cookies, params.code);
		return okJson(await classService().readmitStudent(params.code, secret, params.id));
	});
