/**
 * GET /api/class/[code]/report: the class report as JSON (teacher only), or with
 * `?format=csv&table=questions|students` as a CSV download.
 */
import { classService } from '$lib/server/service';
import { errorJson, guard, okJson, teacherSecret } from '$lib/server/http';
import { normalizeCode } from '$lib/class/codes';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ request, cookies, params, url }) =>
	guard(async () => {
		const code = normalizeCode(params.code) ?? params.code;
		const secret = teacherSecret(request, cookies, code);
		const format = url.searchParams.get('format') ?? 'json';
		if (format === 'json') return okJson(await classService().report(code, secret));
		const table = url.searchParams.get('table') ?? 'questions';
		if (format !== 'csv' || (table !== 'questions' && table !== 'students')) {
			return errorJson(
				400,
				'invalid-query',
				'Use format=json, or format=csv with table=questions or table=students.'
			);
		}
		return new Response(await classService().reportCsv(code, secret, table), {
			headers: {
				'content-type': 'text/csv; charset=utf-8',
				'content-disposition': `attachment; filename="class-${code}-${table}.csv"`,
				'cache-control': 'no-store'
			}
		});
	});
