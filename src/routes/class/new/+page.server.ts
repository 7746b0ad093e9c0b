import { fail, redirect } from '@sveltejs/kit';
import * as v from 'valibot';
import { asClassError } from '$lib/server/errors';
import { setCookie, teacherCookie } from '$lib/server/http';
import { clientAddress } from '$lib/server/origin';
import { CreateBody } from '$lib/server/schemas';
import { classService } from '$lib/server/service';
import { newSeed } from '$lib/progress/params';
import { readSwaps } from '$lib/scenarios/swaps';
import { firstPreview } from '$lib/class/preview';
import type { Actions, PageServerLoad } from './$types';

/**
 * The form's fields as the create body: skills (repeated), numbers, `limit` "none" or seconds,
 * `swaps` as `swapsText` writes them ("2:1,5:3"); null swaps when that text is not readable.
 */
function bodyOf(form: FormData): Record<string, unknown> {
	const number = (key: string) => Number(form.get(key) ?? NaN);
	const limit = String(form.get('limit') ?? 'none');
	const questionCount = number('questionCount');
	return {
		skills: form.getAll('skills').map(String),
		questionCount,
		unit: String(form.get('unit') ?? 'points'),
		seed: String(form.get('seed') ?? ''),
		limitSeconds: limit === 'none' ? null : Number(limit),
		swaps: readSwaps(String(form.get('swaps') ?? ''), questionCount)
	};
}

/**
 * A fresh seed filled in, and its questions at the form's first settings (issue 20): the preview
 * shows them before the teacher types anything, without the page loading the question generator
 * (`DrawnPreview` brings it when she changes a setting or swaps a question).
 */
export const load: PageServerLoad = () => firstPreview(newSeed());

/**
 * Creating a session as a form action (issue 11): it works before the page's JavaScript has
 * loaded and without it (a quick tap no longer reloads the form with its defaults). It sets the
 * teacher cookie and goes to the control view (303); a refusal comes back with the reason and
 * what was chosen.
 */
export const actions: Actions = {
	default: async ({ request, cookies, url, platform, getClientAddress, setHeaders }) => {
		const form = await request.formData();
		const raw = bodyOf(form);
		if (raw.swaps === null) {
			return fail(400, {
				values: raw,
				problem: 'swaps: The swapped questions are not readable (for example 2:1,5:3).'
			});
		}
		const parsed = v.safeParse(CreateBody, raw);
		if (!parsed.success) {
			const issue = parsed.issues[0];
			const path = issue ? v.getDotPath(issue) : null;
			return fail(400, {
				values: raw,
				problem: `${path ? `${path}: ` : ''}${issue?.message ?? 'Check the form.'}`
			});
		}
		let code: string;
		try {
			const created = await classService().create(
				parsed.output,
				clientAddress({ getClientAddress, platform })
			);
			setCookie(cookies, { url, platform }, teacherCookie(created.code), created.secret);
			code = created.code;
		} catch (thrown) {
			const error = asClassError(thrown);
			if (!error) throw thrown;
			if (error.headers['retry-after']) setHeaders({ 'retry-after': error.headers['retry-after'] });
			return fail(error.status, { values: raw, problem: error.message });
		}
		redirect(303, `/class/${code}/control`);
	}
};
