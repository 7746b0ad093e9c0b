/**
 * POST /api/class/[code]/join `{name}`: joins as a student; sets the httpOnly student cookie and
 * answers 201 with the student's id and view. A browser that already holds a valid identity for
 * this session gets it back (200, `resumed: true`) instead of a second identity. 400 bad name,
 * 404 unknown code, 409 name taken or session ended, 423 locked, 429 too many joins from this
 * address.
 */
import { classService } from '$lib/server/service';
import { JoinBody } from '$lib/server/schemas';
import { guard, okJson, setCookie, studentCookie } from '$lib/server/http';
import { parseBody, readJson } from '$lib/server/body';
import { normalizeCode } from '$lib/class/codes';
import { clientAddress } from '$lib/server/origin';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({
	request,
	cookies,
	params,
	url,
	platform,
	getClientAddress
}) =>
	guard(async () => {
		const code = normalizeCode(params.code) ?? params.code;
		const body = parseBody(JoinBody, await readJson(request, platform?.req));
		const held = cookies.get(studentCookie(code));
		const joined = await classService().joinOrResume(
			code,
			body.name,
			held,
			clientAddress({ getClientAddress, platform })
		);
		if (joined.token) setCookie(cookies, { url, platform }, studentCookie(code), joined.token);
		const { studentId, resumed, view } = joined;
		return okJson({ studentId, resumed, view }, resumed ? 200 : 201);
	});
