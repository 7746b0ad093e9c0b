/** GET /api/class/[code]/screen: the projector's view (public: no names, no amounts before reveal). */
import { classService } from '$lib/server/service';
import { guard, okJson } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ params }) =>
	guard(async () => okJson(await classService().screenView(params.code)));
