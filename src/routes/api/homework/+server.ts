/**
 * POST /api/homework (JSON, docs/class-api.md): makes a homework assignment; sets the teacher's
 * cookie and answers 201 with its code, the teacher secret, the students' link and what a student's
 * phone sees. 400 with the reason for a bad body (swaps included) or a due time already past, 429
 * `too-many-homework` past the limit per address.
 */
import { homeworkService } from '$lib/server/homework-service';
import { guard, okJson, setCookie } from '$lib/server/http';
import { parseBody, readJson } from '$lib/server/body';
import { HomeworkBody } from '$lib/server/schemas';
import { homeworkTeacherCookie } from '$lib/server/homework-cookies';
import { clientAddress } from '$lib/server/origin';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, cookies, url, platform, getClientAddress }) =>
	guard(async () => {
		const body = parseBody(HomeworkBody, await readJson(request, platform?.req));
		const swaps = Object.fromEntries(Object.entries(body.swaps).map(([k, n]) => [Number(k), n]));
		const made = await homeworkService().create(
			{ ...body, swaps },
			clientAddress({ getClientAddress, platform })
		);
		setCookie(cookies, { url, platform }, homeworkTeacherCookie(made.code), made.secret);
		return okJson({ ...made, link: `/homework/${made.code}` }, 201);
	});
