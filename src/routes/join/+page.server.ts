import { fail, redirect } from '@sveltejs/kit';
import { normalizeCode } from '$lib/class/codes';
import { asClassError } from '$lib/server/errors';
import { setCookie, studentCookie } from '$lib/server/http';
import { clientAddress } from '$lib/server/origin';
import { classService } from '$lib/server/service';
import { homeworkService } from '$lib/server/homework-service';
import type { Actions, PageServerLoad } from './$types';

const BAD_CODE =
	'A join code is the 6 letters and digits shown on the screen. Codes never use 0, O, 1, I or L.';

/** True when `code` is a homework assignment's (a lookup that fails counts as no). */
const isHomework = (code: string) =>
	homeworkService()
		.view(code)
		.then(() => true)
		.catch(() => false);

/** The homework page of `code`, with the name typed here (the page fills it in). */
const homeworkPage = (code: string, name = '') =>
	`/homework/${code}${name.trim() ? `?name=${encodeURIComponent(name.trim())}` : ''}`;

/**
 * A join link (`/join?code=...`, the QR code) whose code is a homework assignment's goes to the
 * homework (issue 20: its QR is the class's); any other code stays here for the class form.
 */
export const load: PageServerLoad = async ({ url }) => {
	const code = normalizeCode(url.searchParams.get('code') ?? '');
	if (code && (await isHomework(code))) {
		redirect(303, homeworkPage(code, url.searchParams.get('name') ?? ''));
	}
	return {};
};

/**
 * Joining as a form action (issue 11): it works before the page's JavaScript has loaded and
 * without it. A refusal comes back with what was typed and the reason (`fail`; a 429 with its
 * `Retry-After`); a join sets the student cookie and goes to the class (303). A browser that
 * already joined goes straight back (`joinOrResume`).
 */
export const actions: Actions = {
	default: async ({ request, cookies, url, platform, getClientAddress, setHeaders }) => {
		const form = await request.formData();
		const typed = { code: String(form.get('code') ?? ''), name: String(form.get('name') ?? '') };
		const code = normalizeCode(typed.code);
		if (!code) return fail(400, { ...typed, problem: BAD_CODE });
		try {
			const held = cookies.get(studentCookie(code));
			const joined = await classService().joinOrResume(
				code,
				typed.name,
				held,
				clientAddress({ getClientAddress, platform })
			);
			if (joined.token) setCookie(cookies, { url, platform }, studentCookie(code), joined.token);
		} catch (thrown) {
			const error = asClassError(thrown);
			if (!error) throw thrown;
			// A homework code typed here (the homework page says to) goes to the homework.
			if (error.code === 'session-not-found' && (await isHomework(code))) {
				redirect(303, homeworkPage(code, typed.name));
			}
			if (error.headers['retry-after']) setHeaders({ 'retry-after': error.headers['retry-after'] });
			return fail(error.status, { ...typed, problem: error.message });
		}
		redirect(303, `/class/${code}`);
	}
};
