import { fail, redirect } from '@sveltejs/kit';
import { normalizeCode } from '$lib/class/codes';
import { ClassError } from '$lib/server/errors';
import { setCookie, studentCookie } from '$lib/server/http';
import { classService } from '$lib/server/service';
import type { Actions } from './$types';

const BAD_CODE =
	'A join code is the 6 letters and digits shown on the screen. Codes never use 0, O, 1, I or L.';

/**
 * Joining as a form action (issue 11): it works before the page's JavaScript has loaded and
 * without it. A refusal comes back with what was typed and the reason (`fail`); a join sets the
 * student cookie and goes to the class (303). A browser that already joined goes straight back.
 */
export const actions: Actions = {
	default: async ({ request, cookies, url, platform, getClientAddress }) => {
		const form = await request.formData();
		const typed = { code: String(form.get('code') ?? ''), name: String(form.get('name') ?? '') };
		const code = normalizeCode(typed.code);
		if (!code) return fail(400, { ...typed, problem: BAD_CODE });
		const service = classService();
		try {
			const existing = cookies.get(studentCookie(code));
			if (!(
				existing &&
				service.studentFor(code, existing) &&
				!service.studentView(code, existing).me.removed
			)) {
				const joined = service.join(code, typed.name, getClientAddress());
				await service.settled();
				setCookie(cookies, { url, platform }, studentCookie(code), joined.token);
			}
		} catch (error) {
			if (error instanceof ClassError)
				return fail(error.status, { ...typed, problem: error.message });
			throw error;
		}
		redirect(303, `/class/${code}`);
	}
};
