import { redirect } from '@sveltejs/kit';
import { classService } from '$lib/server/service';
import { setCookie, teacherCookie } from '$lib/server/http';
import { orError } from '$lib/server/pages';
import { reachableOrigin } from '$lib/server/origin';
import { normalizeCode } from '$lib/class/codes';
import type { PageServerLoad } from './$types';

/**
 * The teacher's control view. A control link (`?key=<secret>`, for a second device) sets the
 * teacher cookie and redirects to the clean URL; without the secret the page is a 403.
 * `joinOrigin`: the address phones can reach (the laptop's LAN address when the page was opened
 * on localhost), for the join link and its QR code (issue 11).
 */
export const load: PageServerLoad = async ({ params, url, cookies, platform }) => {
	const service = classService();
	const code = normalizeCode(params.code) ?? params.code;
	const key = url.searchParams.get('key');
	if (key !== null) {
		const ok = await orError(() => service.isTeacher(code, key));
		if (ok) {
			setCookie(cookies, { url, platform }, teacherCookie(code), key);
			redirect(303, `/class/${code}/control`);
		}
	}
	const secret = cookies.get(teacherCookie(code)) ?? null;
	const view = await orError(() => service.teacherView(code, secret));
	return {
		view,
		controlLink: `/class/${code}/control?key=${encodeURIComponent(secret ?? '')}`,
		joinOrigin: reachableOrigin({ url, platform })
	};
};
