/**
 * The class sessions service (issue 4; split by job in issue 11; async on any store in issue 19):
 * who may do what, and what each audience sees. Every command runs through `SessionRunner`
 * (decide → append → apply → publish); the refusals come from `decide` and the predicates of
 * `$lib/class/rules` as they are. `TeacherSessions` (`./teaching`) has the teacher's commands
 * and the public views; this file adds the students (their tokens, joins, answers) and the
 * streams, under the per-address limits. Routes and form actions call these methods and
 * nothing else: `create` fills in the seed, `joinOrResume` gives a browser that already joined
 * its identity back, `follow` opens a stream after every check.
 */
import { studentRefusal } from '$lib/class/rules';
import type { StudentView } from '$lib/class/types';
import { studentView } from '$lib/class/student-view';
import { scenarioAt } from '$lib/class/data';
import { ClassError, tooMany } from './errors';
import { checkFields, type AnswerSubmission } from './grading';
import type { Audience } from './hub';
import type { SseSink } from './streams';
import { gradeFor } from './registry';
import { hashHex, newId, newSecret } from './secrets';
import { TeacherSessions } from './teaching';

export type { ClassServiceOptions, Limit } from './runner';
export type { CreateInput } from './teaching';

/** Who opens a stream: the audience asked for (`as`), the credentials sent, the client address. */
export interface FollowRequest {
	as: 'teacher' | 'screen' | 'student';
	secret: string | null;
	token: string | null;
	address: string;
	/** The last event id the client saw (`Last-Event-ID`), or null. */
	lastEventId: number | null;
}

/** A stream allowed to open: `attach` starts sending to `sink` and returns the function that ends it. */
export interface Follower {
	attach(sink: SseSink): () => void;
}

const notJoined = () =>
	new ClassError(401, 'not-joined', 'Only students who joined this session can answer.');

/**
 * The class-mode service: the teacher's side (`TeacherSessions`), the students and the streams;
 * one per process (see `classService()` in `./service`).
 */
export class ClassService extends TeacherSessions {
	// ---- students ------------------------------------------------------------------------

	/** The id of the student holding `token` in this session (removed students too), or null. */
	async studentFor(code: string, token: string | null | undefined): Promise<string | null> {
		return this.registry.studentOf(await this.runtime(code, true), token);
	}

	/**
	 * Joins a student: 429 `too-many-joins` past the limit per `address` (with Retry-After), else
	 * the refusals of `decide` (400 `invalid-name`, 409 `name-taken`, `session-ended`, 423
	 * `session-locked`). Returns the student's id, their identity token (for the cookie) and view.
	 */
	async join(code: string, rawName: string, address: string) {
		const limit = await (await this.limits()).joins.take(address);
		if (!limit.ok) throw tooMany('too-many-joins', 'joins', limit.retryAfter);
		const rt = await this.runtime(code);
		const id = newId();
		const token = newSecret();
		const tokenHash = hashHex(token);
		await this.run(rt, { type: 'join', id, name: rawName }, () => ({ facts: { tokenHash } }));
		return { studentId: id, token, view: studentView(rt.data, id, this.now()) };
	}

	/**
	 * A browser that already holds a valid identity of this session (`token`, not removed) gets
	 * it back (`resumed`, no new token); one whose student was removed is refused (403 `removed`,
	 * under any name, until the teacher lets them back in); any other joins as `join` does (and
	 * gets a `token`).
	 */
	async joinOrResume(
		code: string,
		rawName: string,
		token: string | null | undefined,
		address: string
	): Promise<{ studentId: string; token: string | null; resumed: boolean; view: StudentView }> {
		const rt = await this.runtime(code, true);
		const id = await this.registry.studentOf(rt, token);
		const refused = id ? studentRefusal(rt.data.context, id) : null;
		if (refused) throw ClassError.of(refused);
		if (id) {
			return {
				studentId: id,
				token: null,
				resumed: true,
				view: studentView(rt.data, id, this.now())
			};
		}
		return { ...(await this.join(code, rawName, address)), resumed: false };
	}

	/**
	 * The student's view; 401 `not-joined` without a valid token, 403 `removed` (and nothing of
	 * the session) once the teacher removed them.
	 */
	async studentView(code: string, token: string | null | undefined): Promise<StudentView> {
		const rt = await this.runtime(code, true);
		const id = await this.registry.studentOf(rt, token);
		if (!id) throw notJoined();
		const refused = studentRefusal(rt.data.context, id);
		if (refused) throw ClassError.of(refused);
		return studentView(rt.data, id, this.now());
	}

	/**
	 * Takes a student's answer to the open question, graded at once (shown only after reveal).
	 * 401 `not-joined`; the refusals of `decide`; 400 `invalid-answer` for missing or extra amounts.
	 */
	async submit(code: string, token: string | null | undefined, answer: AnswerSubmission) {
		const rt = await this.runtime(code);
		const id = await this.registry.studentOf(rt, token);
		if (!id) throw notJoined();
		await this.run(rt, { type: 'answer', studentId: id, question: answer.question }, () => {
			const scenario = scenarioAt(rt.data, answer.question);
			if (!scenario) throw new ClassError(409, 'wrong-question', 'No such question.');
			const given = checkFields(scenario, answer);
			return { facts: { answer: given }, graded: gradeFor(rt, answer.question, given) };
		});
		return studentView(rt.data, id, this.now());
	}

	// ---- streams ---------------------------------------------------------------------------

	/**
	 * Checks who is asking for a stream and takes a place under the cap: 403 `teacher-only`, 401
	 * `not-joined`, 403 `removed`, 429 `too-many-streams` (per student, per session for the
	 * teacher, per address for the projector; across instances on a shared store). The stream
	 * starts with `retry`, then the audience's view with `id:` the last event's seq, unless
	 * `lastEventId` is already that seq (a resumed stream that missed nothing).
	 */
	async follow(code: string, request: FollowRequest): Promise<Follower> {
		const rt = await this.runtime(code, true);
		let audience: Audience;
		let key: string;
		const session = rt.data.code;
		if (request.as === 'teacher') {
			await this.teacherRuntime(code, request.secret);
			audience = { kind: 'teacher' };
			key = `teacher:${session}`;
		} else if (request.as === 'student') {
			const id = await this.registry.studentOf(rt, request.token);
			const refused = studentRefusal(rt.data.context, id ?? '');
			if (!id || refused) throw refused ? ClassError.of(refused) : notJoined();
			audience = { kind: 'student', id };
			key = `student:${session}:${id}`;
		} else {
			audience = { kind: 'screen' };
			key = `screen:${request.address}`;
		}
		const release = await (await this.limits()).streams.take(key);
		if (!release) {
			throw new ClassError(
				429,
				'too-many-streams',
				'Too many streams open from this client: close one first.',
				{ 'retry-after': '10' }
			);
		}
		return {
			attach: (sink) => {
				const stop = this.hub.subscribe(rt.data, audience, request.lastEventId, {
					write: (...chunks) => sink.write(...chunks),
					close: () => {
						release();
						sink.close();
					}
				});
				return () => {
					stop();
					release();
				};
			}
		};
	}
}
