/** GET /api/homework/[code]: what a student's phone needs (public): title, unit, due time, questions. 404 unknown code. */
import { normalizeCode } from '$lib/class/codes';
import { homeworkService } from '$lib/server/homework-service';
import { guard, okJson } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ params }) =>
	guard(async () =>
		okJson(await homeworkService().view(normalizeCode(params.code) ?? params.code))
	);
