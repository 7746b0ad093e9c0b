/**
 * GET /api/class/[code]/events?as=screen|teacher|student: the session's Server-Sent Events. Every
 * message is `event: state` with `id:` the session's last event id and the audience's whole view
 * as `data:`. A reconnect sends `Last-Event-ID` (or `?lastEventId=`): when nothing was missed no
 * message is repeated. 403 teacher without the secret, 401 student without the cookie.
 */
import { classService } from '$lib/server/service';
import { errorJson, guard, studentCookie, teacherSecret } from '$lib/server/http';
import { normalizeCode } from '$lib/class/codes';
import type { Audience } from '$lib/server/hub';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ request, cookies, params, url }) =>
	guard(() => {
		const service = classService();
		const code = normalizeCode(params.code) ?? params.code;
		service.summary(code);
		const as = url.searchParams.get('as') ?? 'screen';
		let audience: Audience;
		if (as === 'teacher') {
			if (!service.isTeacher(code, teacherSecret(request, cookies, code))) {
				return errorJson(403, 'teacher-only', "Only the session's teacher can follow this stream.");
			}
			audience = { kind: 'teacher' };
		} else if (as === 'student') {
			const id = service.studentFor(code, cookies.get(studentCookie(code)));
			if (!id) return errorJson(401, 'not-joined', 'Join the session first.');
			audience = { kind: 'student', id };
		} else if (as === 'screen') audience = { kind: 'screen' };
		else return errorJson(400, 'invalid-query', 'as must be screen, teacher or student.');
		const raw = request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId');
		const lastEventId = raw !== null && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
		const encoder = new TextEncoder();
		let stop: (() => void) | null = null;
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				stop = service.subscribe(code, audience, lastEventId, {
					write: (text) => controller.enqueue(encoder.encode(text)),
					close: () => {
						try {
							controller.close();
						} catch {
							/* already closed */
						}
					}
				});
			},
			cancel() {
				stop?.();
			}
		});
		request.signal?.addEventListener('abort', () => stop?.());
		return new Response(stream, {
			headers: {
				'content-type': 'text/event-stream; charset=utf-8',
				'cache-control': 'no-store',
				'x-accel-buffering': 'no'
			}
		});
	});
