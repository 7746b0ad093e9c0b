/**
 * POST /api/class: creates a class session (docs/class-api.md). Sets the httpOnly teacher cookie
 * and answers 201 with the join code, the teacher secret, the control link for a second device,
 * the projector and join paths, and the teacher's view.
 */
import { classService } from '$lib/server/service';
import { CreateBody } from '$lib/server/schemas';
import { guard, okJson, setCookie, teacherCookie } from '$lib/server/http';
import { parseBody, readJson } from '$lib/server/body';
import { clientAddress } from '$lib/server/origin';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, cookies, url, platform, getClientAddress }) =>
	guard(async () => {
		const body = parseBody(CreateBody, await readJson(request, platform?.req));
		const { code, secret, view } = await classService().create(
			body,
			clientAddress({ getClientAddress, platform })
		);
		setCookie(cookies, { url, platform }, teacherCookie(code), secret);
		return okJson(
			{
				code,
				secret,
				controlUrl: `/class/${code}/control?key=${encodeURIComponent(secret)}`,
				screenUrl: `/class/${code}/screen`,
				joinUrl: `/join?code=${code}`,
				view
			},
			201
		);
	});
