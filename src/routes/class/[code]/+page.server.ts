import { redirect } from '@sveltejs/kit';
import { classService } from '$lib/server/service';
import { studentCookie } from '$lib/server/http';
import { orError } from '$lib/server/pages';
import { normalizeCode } from '$lib/class/codes';
import type { PageServerLoad } from './$types';

/**
 * The student's page. The identity is the httpOnly cookie set at join, so a refresh, a lost
 * connection or a phone that slept comes back to the same student; without it, to /join. A
 * removed student gets 403 (the page and its `__data.json`), and nothing of the session.
 */
export const load: PageServerLoad = async ({ params, cookies, locals }) => {
	const service = classService();
	const code = normalizeCode(params.code) ?? params.code;
	const token = cookies.get(studentCookie(code));
	const id = await orError(() => service.studentFor(code, token));
	if (!id) redirect(303, `/join?code=${encodeURIComponent(code)}`);
	return { view: await orError(() => service.studentView(code, token), locals) };
};
