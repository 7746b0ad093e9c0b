/** GET /api/class/[code]/control: the teacher's view (403 without the teacher secret). */
import { classService } from '$lib/server/service';
import { guard, okJson, teacherSecret } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ request, cookies, params }) =>
	guard(async () =>
		okJson(
			await classService().teacherView(params.code, teacherSecret(request, cookies, params.code))
		)
	);
