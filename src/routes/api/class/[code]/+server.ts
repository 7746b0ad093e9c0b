/** GET /api/class/[code]: whether the session exists, its phase and number of questions (public). */
import { classService } from '$lib/server/service';
import { guard, okJson } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ params }) =>
	guard(async () => okJson(await classService().summary(params.code)));
