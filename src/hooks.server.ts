/**
 * Server hooks: start the class mode's idle sweep (sessions end after 12 idle hours, issue 4),
 * end its event streams on shutdown so the server can stop at once, and send the class pages
 * with `Referrer-Policy: no-referrer` (a control link carries the teacher's key).
 */
import type { Handle, ServerInit } from '@sveltejs/kit';
import { dev } from '$app/environment';
import { classService, startIdleSweep } from '$lib/server/service';

export const init: ServerInit = () => {
	startIdleSweep();
	if (dev) return;
	// adapter-node stops on SIGTERM/SIGINT once open connections end: end the event streams.
	const endStreams = () => classService().forgetSessions();
	process.once('SIGTERM', endStreams);
	process.once('SIGINT', endStreams);
	process.once('sveltekit:shutdown', () => classService().shutdown());
};

const CLASS_PATHS = /^\/(class|join|api\/class)(\/|$)/;

export const handle: Handle = async ({ event, resolve }) => {
	const response = await resolve(event);
	if (CLASS_PATHS.test(event.url.pathname)) {
		try {
			response.headers.set('referrer-policy', 'no-referrer');
			response.headers.set('x-content-type-options', 'nosniff');
		} catch {
			/* immutable headers (a proxied response): leave them */
		}
	}
	return response;
};
