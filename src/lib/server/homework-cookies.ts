/**
 * The homework's cookies (issue 20): the teacher's secret and a student's device token, per
 * assignment code, httpOnly (set with `setCookie`), and where a request carries them.
 */
import type { Cookies } from '@sveltejs/kit';

/** Cookie holding the teacher secret of assignment `code`. */
export const homeworkTeacherCookie = (code: string) => `homework_t_${code}`;
/** Cookie holding a student's device token in assignment `code`. */
export const homeworkStudentCookie = (code: string) => `homework_s_${code}`;

const bearer = (request: Request) =>
	request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;

/** The teacher secret of a request: `Authorization: Bearer <secret>`, else the cookie. */
export function homeworkSecret(request: Request, cookies: Cookies, code: string): string | null {
	return bearer(request) ?? cookies.get(homeworkTeacherCookie(code)) ?? null;
}

/** A student's token: `Authorization: Bearer <token>`, else the cookie. */
export function homeworkToken(request: Request, cookies: Cookies, code: string): string | null {
	return bearer(request) ?? cookies.get(homeworkStudentCookie(code)) ?? null;
}
