/**
 * GET /api/class/[code]/events?as=screen|teacher|student: the session's Server-Sent Events. Every
 * message is `event: state` with `id:` the seq of the session's last event and the audience's
 * whole view as `data:`. A reconnect sends `Last-Event-ID` (or `?lastEventId=`), on any
 * instance: when nothing was missed no message is repeated. The checks are `follow`'s (403
 * teacher without the secret, 401 student without the cookie, 403 `removed`, 429
 * `too-many-streams`); 400 for another `as`.
 */
import { classService } from '$lib/server/service';
import { errorJson, guard, studentCookie, teacherSecret } from '$lib/server/http';
import { normalizeCode } from '$lib/class/codes';
import { clientAddress } from '$lib/server/origin';
import type { RequestHandler } from './$types';

const AUDIENCES = ['screen', 'teacher', 'student'] as const;

export const GET: RequestHandler = ({
	request,
	cookies,
	params,
	url,
	platform,
	getClientAddress
}) =>
	guard(async () => {
		const code = normalizeCode(params.code) ?? params.code;
		const as = AUDIENCES.find((a) => a === (url.searchParams.get('as') ?? 'screen'));
		if (!as) return errorJson(400, 'invalid-query', 'as must be screen, teacher or student.');
		const raw = request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId');
		const follower = await classService().follow(code, {
			as,
			secret: teacherSecret(request, cookies, code),
			token: cookies.get(studentCookie(code)) ?? null,
			address: clientAddress({ getClientAddress, platform }),
			lastEventId: raw !== null && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null
		});
		const encoder = new TextEncoder();
		let stop: (() => void) | null = null;
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				stop = follower.attach({
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
			cancel: () => stop?.()
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
