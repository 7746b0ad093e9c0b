/**
 * POST /api/homework/[code]/join `{name}`: joins as a student (no account): sets the httpOnly
 * device-token cookie and answers 201 with the id, the name and the token (the phone keeps it to
 * send answers later). A device that already joined gets its identity back (200, token null).
 * 400 bad name, 404 unknown code, 409 name taken, 429 `too-many-joins` from this address.
 */
import { normalizeCode } from '$lib/class/codes';
import { homeworkStudentCookie, homeworkToken } from '$lib/server/homework-cookies';
import { homeworkService } from '$lib/server/homework-service';
import { guard, okJson, setCookie } from '$lib/server/http';
import { parseBody, readJson } from '$lib/server/body';
import { clientAddress } from '$lib/server/origin';
import { JoinBody } from '$lib/server/schemas';
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
		const held = homeworkToken(request, cookies, code);
		const joined = await homeworkService().join(
			code,
			body.name,
			held,
			clientAddress({ getClientAddress, platform })
		);
		if (joined.token)
			setCookie(cookies, { url, platform }, homeworkStudentCookie(code), joined.token);
		return okJson(joined, joined.token ? 201 : 200);
	});
