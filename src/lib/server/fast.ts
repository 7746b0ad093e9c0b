/**
 * The fast path of the class API (issue 19): `POST /api/class/:code/answers`, the teacher's
 * `POST /api/class/:code/actions` and the students' and teacher's
 * `GET /api/class/:code/events`, answered straight from Node's request and
 * response, before SvelteKit's request pipeline (which costs more than taking the answer: a
 * web `Request` and its body stream, a web `Response`, the hooks). Same service calls
 * (`./class-routes`), same answers, same headers as the SvelteKit routes, which still serve
 * these URLs in development and whenever this path declines (a bad `%` escape, another
 * method, the projector's stream, which its limit per address guards in the hooks).
 * `server.js` (what `npm start` runs) puts it in front of adapter-node's handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asClassError } from './errors';
import { studentCookie, teacherCookie } from './http';
import { readNodeJson } from './body';
import {
	EVENT_STREAM_HEADERS,
	openEvents,
	routeCode,
	submitAnswer,
	teacherAction
} from './class-routes';
import type { ClassService } from './sessions';

/** Answers a request and returns true, or returns false to let SvelteKit answer it. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Where `server.js` finds the fast path the app registered at start. */
export const FAST_PATH = Symbol.for('mahjong-coach.fast-path');

const ANSWERS = /^\/api\/class\/([^/?#]+)\/answers\/?(?:\?|$)/;
const ACTIONS = /^\/api\/class\/([^/?#]+)\/actions\/?(?:\?|$)/;
const EVENTS = /^\/api\/class\/([^/?#]+)\/events\/?(?:\?(.*))?$/;
/** What the hooks add to every class response. */
const CLASS_HEADERS = { 'referrer-policy': 'same-origin', 'x-content-type-options': 'nosniff' };

/** The fast path over `service()` (read on every request: tests swap the service). */
export function fastPath(service: () => ClassService): FastPath {
	return (req, res) => {
		const url = req.url ?? '';
		if (req.method === 'POST') {
			const code = segment(ANSWERS.exec(url)?.[1]);
			if (code !== null) {
				void answer(service(), routeCode(code), req, res);
				return true;
			}
			const acted = segment(ACTIONS.exec(url)?.[1]);
			if (acted === null) return false;
			void action(service(), routeCode(acted), req, res);
			return true;
		}
		if (req.method === 'GET') {
			const match = EVENTS.exec(url);
			const code = segment(match?.[1]);
			if (code === null) return false;
			const query = new URLSearchParams(match?.[2] ?? '');
			const as = query.get('as');
			if (as !== 'student' && as !== 'teacher') return false;
			void events(service(), routeCode(code), as, query, req, res);
			return true;
		}
		return false;
	};
}

function segment(raw: string | undefined): string | null {
	if (raw === undefined) return null;
	try {
		return decodeURIComponent(raw);
	} catch {
		return null;
	}
}

async function answer(
	service: ClassService,
	code: string,
	req: IncomingMessage,
	res: ServerResponse
): Promise<void> {
	try {
		const body = await readNodeJson(req);
		const view = await submitAnswer(service, code, cookie(req, studentCookie(code)), body);
		json(res, 201, view);
	} catch (thrown) {
		fail(res, thrown);
	}
}

async function action(
	service: ClassService,
	code: string,
	req: IncomingMessage,
	res: ServerResponse
): Promise<void> {
	try {
		const body = await readNodeJson(req);
		json(res, 200, await teacherAction(service, code, secret(req, code), body));
	} catch (thrown) {
		fail(res, thrown);
	}
}

/** The teacher secret a request carries: `Authorization: Bearer`, else the teacher cookie. */
function secret(req: IncomingMessage, code: string): string | null {
	const bearer = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
	return bearer ?? cookie(req, teacherCookie(code.toUpperCase()));
}

async function events(
	service: ClassService,
	code: string,
	as: 'student' | 'teacher',
	query: URLSearchParams,
	req: IncomingMessage,
	res: ServerResponse
): Promise<void> {
	try {
		const last = req.headers['last-event-id'];
		const follower = await openEvents(service, {
			code,
			as,
			secret: secret(req, code),
			token: cookie(req, studentCookie(code)),
			address: req.socket.remoteAddress ?? 'unknown',
			lastEventId: (Array.isArray(last) ? last[0] : last) ?? query.get('lastEventId')
		});
		res.writeHead(200, { ...EVENT_STREAM_HEADERS, ...CLASS_HEADERS });
		res.flushHeaders();
		const stop = follower.attach({
			write: (...chunks) => {
				if (res.writableEnded || res.destroyed) throw new Error('stream closed');
				res.cork();
				for (const chunk of chunks) res.write(chunk);
				res.uncork();
			},
			close: () => res.end()
		});
		res.once('close', stop);
	} catch (thrown) {
		fail(res, thrown);
	}
}

/** The value of cookie `name` in the request's Cookie header, or null. */
function cookie(req: IncomingMessage, name: string): string | null {
	const header = req.headers.cookie;
	if (!header) return null;
	for (const part of header.split(';')) {
		const eq = part.indexOf('=');
		if (eq > 0 && part.slice(0, eq).trim() === name) {
			const value = part.slice(eq + 1).trim();
			try {
				return decodeURIComponent(value);
			} catch {
				return value;
			}
		}
	}
	return null;
}

function json(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {}
): void {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'content-type': 'application/json',
		'cache-control': 'no-store',
		'content-length': Buffer.byteLength(text),
		...CLASS_HEADERS,
		...headers
	});
	res.end(text);
}

function fail(res: ServerResponse, thrown: unknown): void {
	if (res.headersSent) {
		res.destroy();
		return;
	}
	const error = asClassError(thrown);
	if (!error) console.error('[class api]', thrown);
	const status = error?.status ?? 500;
	const code = error?.code ?? 'internal';
	const message = error?.message ?? 'Something went wrong on the server.';
	json(res, status, { error: { code, message } }, error?.headers ?? {});
}
