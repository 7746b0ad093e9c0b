/**
 * GET /api/class/[code]/events?as=screen|teacher|student: the session's Server-Sent Events. Every
 * message is `event: state` with `id:` the seq of the session's last event and the audience's
 * whole view as `data:`. A reconnect sends `Last-Event-ID` (or `?lastEventId=`), on any
 * instance: when nothing was missed no message is repeated. The checks are `follow`'s (403
 * teacher without the secret, 401 student without the cookie, 403 `removed`, 429
 * `too-many-streams`); 400 for another `as`. (Under `node server.js` the fast path serves the
 * students' and the teacher's streams first, the same way: `$lib/server/fast`.)
 */
import { classService } from '$lib/server/service';
import { guard, studentCookie, teacherSecret } from '$lib/server/http';
import { EVENT_STREAM_HEADERS, openEvents, routeCode } from '$lib/server/class-routes';
import { clientAddress } from '$lib/server/origin';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({
	request,
	cookies,
	params,
	url,
	platform,
	getClientAddress
}) =>
	guard(async () => {
		const code = routeCode(params.code);
		const follower = await openEvents(classService(), {
			code,
			as: url.searchParams.get('as'),
			secret: teacherSecret(request, cookies, code),
			token: cookies.get(studentCookie(code)) ?? null,
			address: clientAddress({ getClientAddress, platform }),
			lastEventId: request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId')
		});
		const encoder = new TextEncoder();
		let stop: (() => void) | null = null;
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				stop = follower.attach({
					write: (...chunks) => {
						for (const c of chunks)
							controller.enqueue(typeof c === 'string' ? encoder.encode(c) : c);
					},
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
		return new Response(stream, { headers: EVENT_STREAM_HEADERS });
	});
