/**
 * The class sessions service (issue 4; split by job in issue 11; async on any store in issue 19):
 * who may do what, and what each audience sees. Every command runs through `SessionRunner`
 * (decide → append → apply → publish); the refusals come from `decide` and the predicates of
 * `$lib/class/rules` as they are. This file adds who is asking (the teacher secret, the student
 * tokens, the per-address limits) and the views. Routes and form actions call these methods and
 * nothing else: `create` fills in the seed, `joinOrResume` gives a browser that already joined
 * its identity back, `follow` opens a stream after every check.
 */
import { randomBytes } from 'node:crypto';
import { settlementOf } from '$lib/scenarios/settled';
import type { TeacherAction } from '$lib/class/decide';
import type { ClassPhase } from '$lib/class/machine';
import { reportCsv, type ReportTable } from '$lib/class/report';
import { studentRefusal } from '$lib/class/rules';
import type { ClassConfig, ScreenView, StudentView, TeacherView } from '$lib/class/types';
import type { ClassReport } from '$lib/class/report-types';
import { studentView } from '$lib/class/student-view';
import { scenarioAt } from '$lib/class/data';
import { classReport, mostMissed } from '$lib/class/scores';
import { screenView, teacherView } from '$lib/class/views';
import { ClassError, tooMany } from './errors';
import { checkFields, type AnswerSubmission } from './grading';
import type { Audience } from './hub';
import type { SseSink } from './streams';
import { gradeFor, type Runtime } from './registry';
import { SessionRunner } from './runner';
import { hashHex, newId, newSecret, secretMatches } from './secrets';

export type { ClassServiceOptions, Limit } from './runner';

/** A session's settings as asked: a blank `seed` is replaced by a random one. */
export type CreateInput = Omit<ClassConfig, 'seed'> & { seed: string };

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

/** The class-mode service; one per process (see `classService()` in `./service`). */
export class ClassService extends SessionRunner {
	// ---- teacher -------------------------------------------------------------------------

	/**
	 * Creates a session in the lobby with a fresh join code and teacher secret (only its SHA-256
	 * is stored) and a random seed when `seed` is blank; 429 `too-many-sessions` past the limit
	 * per `address`, 400 `no-questions`.
	 */
	async create(
		input: CreateInput,
		address = 'local'
	): Promise<{ code: string; secret: string; view: TeacherView }> {
		const limit = await (await this.limits()).creations.take(address);
		if (!limit.ok) throw tooMany('too-many-sessions', 'new sessions', limit.retryAfter);
		const config: ClassConfig = {
			...input,
			seed: input.seed.trim() === '' ? randomBytes(4).toString('hex') : input.seed.trim()
		};
		const questions = this.generate(config);
		if (questions.length === 0) {
			throw new ClassError(400, 'no-questions', 'No question matches these skills.');
		}
		for (const q of questions) settlementOf(q, config.unit);
		const createdAt = this.now();
		const { rt, secret } = await this.registry.insert(config, questions, createdAt);
		this.schedule(rt);
		return { code: rt.data.code, secret, view: teacherView(rt.data, createdAt) };
	}

	/** True when `secret` is this session's teacher secret (constant-time compare). */
	async isTeacher(code: string, secret: string | null | undefined): Promise<boolean> {
		return secretMatches((await this.runtime(code)).teacherHash, secret);
	}

	private async teacherRuntime(
		code: string,
		secret: string | null | undefined,
		fresh = false
	): Promise<Runtime> {
		const rt = await this.runtime(code, fresh);
		if (!secretMatches(rt.teacherHash, secret)) {
			throw new ClassError(403, 'teacher-only', "Only the session's teacher can do this.");
		}
		return rt;
	}

	/** The teacher's view; 403 `teacher-only` without the secret. */
	async teacherView(code: string, secret: string | null | undefined): Promise<TeacherView> {
		return teacherView((await this.teacherRuntime(code, secret, true)).data, this.now());
	}

	/** Applies a teacher action; 403 without the secret, else the refusals of `decide`. */
	async act(code: string, secret: string | null | undefined, action: TeacherAction) {
		const rt = await this.teacherRuntime(code, secret, action === 'questions.again');
		const again = action === 'questions.again' ? mostMissed(rt.data) : undefined;
		await this.run(rt, { type: 'teacher', action, ...(again ? { again } : {}) });
		return teacherView(rt.data, this.now());
	}

	/**
	 * Removes a student: their answers leave the counts (the report keeps them, marked removed),
	 * their cookie stops working, and their device cannot join again until `readmit`.
	 */
	async removeStudent(code: string, secret: string | null | undefined, studentId: string) {
		const rt = await this.teacherRuntime(code, secret);
		await this.run(rt, { type: 'remove', studentId });
		return teacherView(rt.data, this.now());
	}

	/** Lets a removed student back in (same id, answers and device); the refusals of `decide`. */
	async readmitStudent(code: string, secret: string | null | undefined, studentId: string) {
		const rt = await this.teacherRuntime(code, secret);
		await this.run(rt, { type: 'readmit', studentId });
		return teacherView(rt.data, this.now());
	}

	/** The class report so far (teacher only). */
	async report(code: string, secret: string | null | undefined): Promise<ClassReport> {
		return classReport((await this.teacherRuntime(code, secret, true)).data);
	}

	/** The class report as CSV (teacher only). */
	async reportCsv(code: string, secret: string | null | undefined, table: ReportTable) {
		return reportCsv(await this.report(code, secret), table);
	}

	/** The projector's view (public: it never holds a name nor, before reveal, an amount). */
	async screenView(code: string): Promise<ScreenView> {
		return screenView((await this.runtime(code, true)).data, this.now());
	}

	/** The code's session phase and counts (public), or a 404. */
	async summary(
		code: string
	): Promise<{ code: string; phase: ClassPhase; questionCount: number; locked: boolean }> {
		const { data } = await this.runtime(code, true);
		const { phase, questions, context } = data;
		return { code: data.code, phase, questionCount: questions.length, locked: context.locked };
	}

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
