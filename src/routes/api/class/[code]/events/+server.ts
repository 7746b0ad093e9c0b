/**
 * GET /api/class/[code]/events?as=screen|teacher|student: the session's Server-Sent Events. Every
 * message is `event: state` with `id:` the session's last event id and the audience's whole view
 * as `data:`. A reconnect sends `Last-Event-ID` (or `?lastEventId=`): when nothing was missed no
 * message is repeated. 403 teacher without the secret, 401 student without the cookie, 403
 * `removed` for a removed student, 429 `too-many-streams` past the cap of open streams per
 * client (per student, per session for the teacher, per address for the projector).
 */
import { classService } from '$lib/server/service';
import { errorJson, guard, studentCookie, teacherSecret } from '$lib/server/http';
import { streamCap } from '$lib/server/limits';
import { normalizeCode } from '$lib/class/codes';
import type { Audience } from '$lib/server/hub';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ request, cookies, params, url, getClientAddress }) =>
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
			if (service.studentView(code, cookies.get(studentCookie(code))).me.removed) {
				return errorJson(403, 'removed', 'The teacher removed you from this session.');
			}
			audience = { kind: 'student', id };
		} else if (as === 'screen') audience = { kind: 'screen' };
		else return errorJson(400, 'invalid-query', 'as must be screen, teacher or student.');
		const key =
			audience.kind === 'student'
				? `student:${code}:${audience.id}`
				: audience.kind === 'teacher'
					? `teacher:${code}`
					: `screen:${getClientAddress()}`;
		const release = streamCap().take(key);
		if (!release) {
			return errorJson(
				429,
				'too-many-streams',
				'Too many streams open from this client: close one first.'
			);
		}
		const raw = request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId');
		const lastEventId = raw !== null && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
		const encoder = new TextEncoder();
		let unsubscribe: (() => void) | null = null;
		const stop = () => {
			unsubscribe?.();
			release();
		};
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				unsubscribe = service.subscribe(code, audience, lastEventId, {
					write: (text) => controller.enqueue(encoder.encode(text)),
					close: () => {
						release();
						try {
							controller.close();
						} catch {
							/* already closed */
						}
					}
				});
			},
			cancel: stop
		});
		request.signal?.addEventListener('abort', stop);
		return new Response(stream, {
			headers: {
				'content-type': 'text/event-stream; charset=utf-8',
				'cache-control': 'no-store',
				'x-accel-buffering': 'no'
			}
		});
	});
