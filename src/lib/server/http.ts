/**
 * HTTP helpers of the class API (issue 4): JSON answers and errors `{error:{code,message}}`, the
 * httpOnly cookies and the teacher secret, and the guard that turns a `ClassError` into its 4xx.
 * Reading a request's body is `./body`.
 */
import type { Cookies } from '@sveltejs/kit';
import { asClassError } from './errors';
import { MAX_BODY_BYTES } from './body';
import { isHttps, type RequestFacts } from './origin';

/** Cookie holding the teacher secret of session `code`. */
export const teacherCookie = (code: string) => `class_t_${code}`;
/** Cookie holding a student's identity token in session `code`. */
export const studentCookie = (code: string) => `class_s_${code}`;

/** Cookie lifetime: 13 hours (sessions end after 12 idle hours). */
const COOKIE_MAX_AGE = 13 * 60 * 60;

/**
 * Sets an httpOnly, SameSite=Lax cookie on path `/`; `Secure` only when the request really came
 * over https (`isHttps`: a phone on `http://<LAN address>:3000` would drop a Secure cookie).
 */
export function setCookie(cookies: Cookies, from: RequestFacts, name: string, value: string): void {
	cookies.set(name, value, {
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: isHttps(from),
		maxAge: COOKIE_MAX_AGE
	});
}

/** The teacher secret of a request: `Authorization: Bearer <secret>`, else the teacher cookie. */
export function teacherSecret(request: Request, cookies: Cookies, code: string): string | null {
	const auth = request.headers.get('authorization');
	const bearer = auth?.match(/^Bearer\s+(\S+)$/i)?.[1];
	return bearer ?? cookies.get(teacherCookie(code.toUpperCase())) ?? null;
}

/** A JSON response `{error:{code,message}}` with `status` (and extra headers). */
export function errorJson(
	status: number,
	code: string,
	message: string,
	headers: Record<string, string> = {}
): Response {
	return new Response(JSON.stringify({ error: { code, message } }), {
		status,
		headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers }
	});
}

/** A JSON response with `cache-control: no-store`. */
export function okJson(
	body: unknown,
	status = 200,
	headers: Record<string, string> = {}
): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers }
	});
}

/**
 * Runs an endpoint: a `ClassError` becomes its JSON error response; anything else is logged and
 * answered 500 `internal` (never for bad input, which always raises a ClassError).
 */
export async function guard(fn: () => Response | Promise<Response>): Promise<Response> {
	try {
		return await fn();
	} catch (thrown) {
		const error = asClassError(thrown);
		if (error) return errorJson(error.status, error.code, error.message, error.headers);
		console.error('[class api]', thrown);
		return errorJson(500, 'internal', 'Something went wrong on the server.');
	}
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/** True for a POST, PUT, PATCH or DELETE whose body is a form (what browsers send cross-site). */
export function isFormPost(request: Request): boolean {
	if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
		return false;
	}
	return FORM_TYPES.test((request.headers.get('content-type') ?? '').trim());
}

const STATUS_CODES: Record<number, [string, string]> = {
	400: ['bad-request', 'The address could not be read (a bad % escape?).'],
	404: ['not-found', 'There is nothing at this address of the class API.'],
	405: ['method-not-allowed', 'This address of the class API does not take this method.'],
	413: ['body-too-large', `The body is larger than ${MAX_BODY_BYTES} bytes.`],
	415: ['unsupported-media-type', 'Send the body as application/json.']
};

/**
 * A refusal from the framework itself (plain text or an HTML error page: a 404, a 405, a bad `%`
 * escape) as the documented JSON error, keeping its status and `Allow` header; JSON responses
 * and successes pass unchanged.
 */
export async function asJsonError(response: Response): Promise<Response> {
	if (response.status < 400) return response;
	if (/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return response;
	await response.body?.cancel().catch(() => undefined);
	const [code, message] = STATUS_CODES[response.status] ?? [
		response.status >= 500 ? 'internal' : 'refused',
		response.status >= 500 ? 'Something went wrong on the server.' : 'The request was refused.'
	];
	const allow = response.headers.get('allow');
	return errorJson(response.status, code, message, allow ? { allow } : {});
}
