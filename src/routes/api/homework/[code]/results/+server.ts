/**
 * GET /api/homework/[code]/results: the teacher's results as JSON, or with `?format=csv` one row
 * per student as a CSV download. 403 without the teacher secret, 404 unknown code, 400 another format.
 */
import { normalizeCode } from '$lib/class/codes';
import { homeworkSecret } from '$lib/server/homework-cookies';
import { homeworkService } from '$lib/server/homework-service';
import { errorJson, guard, okJson } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ request, cookies, params, url }) =>
	guard(async () => {
		const code = normalizeCode(params.code) ?? params.code;
		const secret = homeworkSecret(request, cookies, code);
		const format = url.searchParams.get('format') ?? 'json';
		if (format === 'json') return okJson(await homeworkService().results(code, secret));
		if (format !== 'csv') return errorJson(400, 'invalid-query', 'Use format=json or format=csv.');
		return new Response(await homeworkService().resultsCsv(code, secret), {
			headers: {
				'content-type': 'text/csv; charset=utf-8',
				'content-disposition': `attachment; filename="homework-${code}.csv"`,
				'cache-control': 'no-store'
			}
		});
	});
