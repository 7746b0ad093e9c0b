/**
 * The class API's busiest routes (issue 19), once for both ways a request arrives: through
 * SvelteKit (`routes/api/class/[code]/answers`, `…/actions` and `…/events`) and straight from Node
 * (`./fast`, which skips SvelteKit's request pipeline for them when the app runs as
 * `node server.js`). Each
 * takes what the request carries and calls the service; the transports only read and write.
 */
import { normalizeCode } from '$lib/class/codes';
import type { StudentView, TeacherView } from '$lib/class/types';
import { ClassError } from './errors';
import { parseBody } from './body';
import { ActionBody, AnswerBody } from './schemas';
import type { ClassService, Follower } from './sessions';

/** The session code as the routes read it: normalized when it is a code, else as typed (a 404 follows). */
export const routeCode = (raw: string): string => normalizeCode(raw) ?? raw;

/** POST /api/class/:code/answers: the body (JSON, already read) checked, then the answer taken. */
export function submitAnswer(
	service: ClassService,
	code: string,
	token: string | null | undefined,
	body: unknown
): Promise<StudentView> {
	return service.submit(code, token, parseBody(AnswerBody, body));
}

/** POST /api/class/:code/actions: the body (JSON, already read) checked, then the teacher's action taken. */
export function teacherAction(
	service: ClassService,
	code: string,
	secret: string | null,
	body: unknown
): Promise<TeacherView> {
	return service.act(code, secret, parseBody(ActionBody, body).type);
}

const AUDIENCES = ['screen', 'teacher', 'student'] as const;

/** What a stream request carries. */
export interface EventsRequest {
	code: string;
	as: string | null;
	secret: string | null;
	token: string | null;
	address: string;
	/** `Last-Event-ID`, else `?lastEventId=`, as sent. */
	lastEventId: string | null;
}

/**
 * GET /api/class/:code/events: 400 `invalid-query` for an audience other than screen, teacher or
 * student, then `follow`'s checks. A `lastEventId` that is not a whole number counts as none.
 */
export function openEvents(service: ClassService, request: EventsRequest): Promise<Follower> {
	const as = AUDIENCES.find((a) => a === (request.as ?? 'screen'));
	if (!as) {
		throw new ClassError(400, 'invalid-query', 'as must be screen, teacher or student.');
	}
	const raw = request.lastEventId?.trim() ?? '';
	return service.follow(request.code, {
		as,
		secret: request.secret,
		token: request.token,
		address: request.address,
		lastEventId: /^\d{1,15}$/.test(raw) ? Number(raw) : null
	});
}

/** The headers of an event stream (nginx reads `x-accel-buffering: no` as: do not buffer it). */
export const EVENT_STREAM_HEADERS = {
	'content-type': 'text/event-stream; charset=utf-8',
	'cache-control': 'no-store',
	'x-accel-buffering': 'no'
};
