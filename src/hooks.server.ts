/**
 * Server hooks: start the class mode's idle sweep (sessions end after 12 idle hours, issue 4)
 * and print the addresses students can use; end the event streams on shutdown so the server can
 * stop at once. On every request (issue 11): form posts must come from this site (the check is
 * made here, protocol-agnostic, so a plain-http LAN address works), the class API takes no form
 * posts (415), code look-ups and projector views are limited per client (429), and every refusal
 * under /api/class is the documented JSON error, also the framework's own (404, 405, a bad `%`
 * escape). Class pages go out with `Referrer-Policy: same-origin` (a control link carries the
 * teacher's key, which must never reach another site; `no-referrer` would also blank the
 * `Origin` of the page's own form posts). A refusal the framework meets itself (4xx) is not
 * logged as a crash (`handleError`). A class page whose load was refused (`locals.refused`)
 * answers that status on its `__data.json` too (issue 20).
 */
import type { Handle, HandleServerError, ServerInit } from '@sveltejs/kit';
import { dev } from '$app/environment';
import { asJsonError, errorJson, isFormPost } from '$lib/server/http';
import { clientAddress, joinAddresses, sameSite } from '$lib/server/origin';
import { FAST_PATH, fastPath } from '$lib/server/fast';
import { classService, startIdleSweep } from '$lib/server/service';
import { storeLabel } from '$lib/server/store';

export const init: ServerInit = () => {
	startIdleSweep();
	if (dev) return;
	// `node server.js` (npm start) asks this before SvelteKit: answers and streams, faster.
	(globalThis as Record<symbol, unknown>)[FAST_PATH] = fastPath(() => classService());
	const port = process.env.PORT ?? '3000';
	if (!process.env.SOCKET_PATH) {
		console.log(
			`Students join at:\n${joinAddresses(port)
				.map((a) => `  ${a}`)
				.join('\n')}`
		);
	}
	console.log(`Class sessions are kept in ${storeLabel()}.`);
	// adapter-node stops on SIGTERM/SIGINT once open connections end: end the event streams.
	const endStreams = () => void classService().forgetSessions();
	process.once('SIGTERM', endStreams);
	process.once('SIGINT', endStreams);
	process.once('sveltekit:shutdown', () => void classService().shutdown());
};

const CLASS_PATHS = /^\/(class|join|homework|api\/class|api\/homework)(\/|$)/;
/** The class API and the homework API (issue 20): JSON bodies only, JSON errors. */
const API = /^\/api\/(class|homework)(\/|$)/;
/**
 * A code's summary, the projector's view and page, and the event stream (screen unless `as` says);
 * a homework's view and its results (issue 20).
 */
const LOOKUP =
	/^\/(api\/class\/[^/]+(\/screen|\/events)?|class\/[^/]+\/screen|api\/homework\/[^/]+(\/results)?)\/?$/;

export const handle: Handle = async ({ event, resolve }) => {
	const { request, url } = event;
	const api = API.test(url.pathname);
	if (api && !decodable(url.pathname)) {
		return errorJson(400, 'bad-request', 'The address could not be read (a bad % escape).');
	}
	if (isFormPost(request)) {
		if (api) return errorJson(415, 'unsupported-media-type', 'Send the body as application/json.');
		if (!sameSite(request, url)) {
			return new Response('Cross-site form submissions are forbidden', { status: 403 });
		}
	}
	if (request.method === 'GET' && isLookup(url)) {
		const lookups = await classService()
			.limits()
			.then((l) => l.lookups.take(clientAddress(event)))
			.catch(() => ({ ok: true }) as const);
		if (!lookups.ok) {
			// Every 429 is the documented JSON error with Retry-After, the projector's page too.
			const message = `Too many requests from this address: try again in ${lookups.retryAfter} s.`;
			const headers = { 'retry-after': String(lookups.retryAfter) };
			return errorJson(429, 'too-many-requests', message, headers);
		}
	}
	let response = await resolve(event);
	if (api) response = await asJsonError(response);
	if (event.isDataRequest && event.locals.refused && response.status === 200) {
		// A page's load was refused (a removed student): its data answers the same status.
		const { headers, body } = response;
		response = new Response(body, { status: event.locals.refused, headers });
	}
	if (CLASS_PATHS.test(url.pathname)) {
		try {
			response.headers.set('referrer-policy', 'same-origin');
			response.headers.set('x-content-type-options', 'nosniff');
		} catch {
			/* immutable headers (a proxied response): leave them */
		}
	}
	return response;
};

/**
 * Errors the framework met while serving: a refusal (4xx: a body over `BODY_SIZE_LIMIT` posted to
 * a form, an unknown page) is not a crash and is not logged as one; anything else is logged.
 */
export const handleError: HandleServerError = ({ error, status, message }) => {
	if (status < 500) return { message };
	console.error(error);
	return { message };
};

function decodable(pathname: string): boolean {
	try {
		// The result is used, so a bundler cannot drop the call as free of side effects.
		return typeof decodeURI(pathname) === 'string';
	} catch {
		return false;
	}
}

function isLookup(url: URL): boolean {
	if (!LOOKUP.test(url.pathname)) return false;
	if (!url.pathname.replace(/\/$/, '').endsWith('/events')) return true;
	const as = url.searchParams.get('as');
	return as === null || as === 'screen';
}
