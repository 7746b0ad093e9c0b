/**
 * The class sessions service (issue 4, split by job in issue 11): a thin shell around the pure
 * rules. Every command goes decide (`$lib/class/decide`) → commit (SQLite, one transaction,
 * before it takes effect) → evolve (the session in memory) → publish (the stream hub). The
 * refusals come from `decide` as they are; this file only adds who is asking (secrets, tokens,
 * join limits), the answers' grading and the time limit's timer.
 */
import { settlementOf } from '$lib/scenarios/settled';
import type { Scenario } from '$lib/scenarios/types';
import { closesAt, decide, type ClassCommand, type TeacherAction } from '$lib/class/decide';
import { nameKey, type ClassEvent, type ClassPhase } from '$lib/class/machine';
import { IDLE_MS } from '$lib/class/rules';
import { reportCsv, type ReportTable } from '$lib/class/report';
import type {
	ClassConfig,
	ClassReport,
	ScreenView,
	StudentView,
	TeacherView
} from '$lib/class/types';
import { classReport, screenView, studentView, teacherView } from '$lib/class/views';
import type { Db } from './db';
import { ClassError, withStorage } from './errors';
import { addAnswer, checkFields, gradeOnce, type AnswerSubmission } from './grading';
import { StreamHub, safely, type Audience, type SseSink } from './hub';
import { RateLimiter } from './rate-limit';
import { SessionRegistry, type Runtime } from './registry';
import { hashHex, newId, newSecret, randomCode, secretMatches } from './secrets';
import type { EventWrites } from './store';

/** A token-bucket limit: a burst of `capacity`, refilled at `perSecond`. */
export interface Limit {
	capacity: number;
	perSecond: number;
}

/** Settings of the service; `open` (re)opens the database, `generate` makes the questions. */
export interface ClassServiceOptions {
	open: () => Db;
	generate: (config: ClassConfig) => Scenario[];
	now?: () => number;
	/** Joins per client address (default a burst of 120, then 5 per second). */
	joinLimit?: Limit;
	/** Sessions created per client address (default a burst of 10, then one a minute). */
	createLimit?: Limit;
	/** Answer and join counts reach the teacher and the projector at most this often (ms, default 100; 0 = at once). */
	coalesceMs?: number;
	/** Keep-alive comment on every stream this often (ms, default 20 000). */
	heartbeatMs?: number;
}

/** The class-mode service; one per process (see `classService()` in `./service`). */
export class ClassService {
	private readonly now: () => number;
	private readonly generate: (config: ClassConfig) => Scenario[];
	private readonly registry: SessionRegistry;
	private readonly hub: StreamHub;
	private readonly joins: RateLimiter;
	private readonly creations: RateLimiter;

	/** A service over the database that `options.open` opens (lazily, and again after `closeDatabase`). */
	constructor(options: ClassServiceOptions) {
		this.now = options.now ?? (() => Date.now());
		this.generate = options.generate;
		this.registry = new SessionRegistry(options.open);
		this.hub = new StreamHub({
			now: this.now,
			coalesceMs: options.coalesceMs ?? 100,
			heartbeatMs: options.heartbeatMs ?? 20_000
		});
		const now = this.now;
		this.joins = new RateLimiter({ capacity: 120, perSecond: 5, ...options.joinLimit, now });
		this.creations = new RateLimiter({
			capacity: 10,
			perSecond: 1 / 60,
			...options.createLimit,
			now
		});
	}

	/** Closes the database connection; the next call that needs it opens it again. */
	closeDatabase(): void {
		this.registry.closeDatabase();
	}

	/** Forgets every session held in memory and ends their streams (as a restart would). */
	forgetSessions(): void {
		this.hub.close();
		this.registry.forgetAll();
	}

	/** Stops timers, ends every stream and closes the database. */
	shutdown(): void {
		this.forgetSessions();
		this.closeDatabase();
	}

	private runtime(code: string): Runtime {
		const known = this.registry.get(code);
		if (known.timer === null) this.schedule(known);
		if (known.data.phase !== 'ended' && this.now() - known.data.context.lastActivity >= IDLE_MS) {
			this.run(known, { type: 'idle' });
		}
		return known;
	}

	/** decide → commit → evolve → publish; a refusal throws its ClassError and changes nothing. */
	private run(
		rt: Runtime,
		command: ClassCommand,
		writes: (e: ClassEvent) => EventWrites = () => ({})
	): ClassEvent {
		const decision = decide(rt.state, command, this.now());
		if (!decision.ok) throw ClassError.of(decision.refusal);
		const { event, next } = decision;
		const extra = writes(event);
		const seq = rt.data.seq + 1;
		const phase = next.value as ClassPhase;
		withStorage(() => this.registry.store().commit(rt.data.code, seq, event, phase, extra));
		this.registry.evolve(rt, next, seq);
		if (extra.answer) addAnswer(rt.data.answers, extra.answer);
		this.schedule(rt);
		this.hub.publish(rt.data, event);
		return event;
	}

	/** Arms the time limit of an open question: answers close at the deadline plus the grace. */
	private schedule(rt: Runtime): void {
		if (rt.timer) clearTimeout(rt.timer);
		rt.timer = null;
		const at = closesAt(rt.state);
		if (at === null) return;
		const seq = rt.data.seq;
		rt.timer = setTimeout(
			() => {
				rt.timer = null;
				if (rt.data.seq === seq) safely(() => this.run(rt, { type: 'timer' }));
			},
			Math.max(0, at - this.now())
		);
		rt.timer.unref?.();
	}

	/**
	 * Ends every session idle for 12 hours (in memory or only in the database) and forgets ended
	 * sessions nobody watches. Returns the codes it ended.
	 */
	expireIdle(): string[] {
		const ended = new Set<string>();
		const cutoff = this.now() - IDLE_MS;
		const stored = withStorage(() => this.registry.store().idleSessions(cutoff));
		for (const code of [...stored, ...[...this.registry.all()].map((rt) => rt.data.code)]) {
			const rt = this.registry.get(code);
			if (rt.data.phase !== 'ended' && this.now() - rt.data.context.lastActivity >= IDLE_MS) {
				this.run(rt, { type: 'idle' });
				ended.add(code);
			}
			if (rt.data.phase === 'ended' && this.hub.count(code) === 0) {
				this.hub.close(code);
				this.registry.forget(code);
			}
		}
		return [...ended];
	}

	// ---- teacher -------------------------------------------------------------------------

	/**
	 * Creates a session in the lobby with a fresh join code and teacher secret (only its SHA-256
	 * is stored); 429 `too-many-sessions` past the limit per `address`, 400 `no-questions`.
	 */
	create(
		config: ClassConfig,
		address = 'local'
	): { code: string; secret: string; view: TeacherView } {
		const limit = this.creations.take(address);
		if (!limit.ok) {
			throw new ClassError(
				429,
				'too-many-sessions',
				`Too many new sessions from this address: try again in ${limit.retryAfter} s.`,
				{ 'retry-after': String(limit.retryAfter) }
			);
		}
		const questions = this.generate(config);
		if (questions.length === 0)
			throw new ClassError(400, 'no-questions', 'No question matches these skills.');
		for (const q of questions) settlementOf(q, config.unit);
		const store = this.registry.store();
		let code = '';
		for (let attempt = 0; attempt < 50 && code === ''; attempt++) {
			const candidate = randomCode();
			if (!withStorage(() => store.codeExists(candidate))) code = candidate;
		}
		if (code === '')
			throw new ClassError(503, 'no-code', 'No free join code was found; try again.');
		const secret = newSecret();
		const createdAt = this.now();
		const stored = { ...config, questionCount: questions.length };
		withStorage(() =>
			store.insertSession({
				code,
				teacherHash: hashHex(secret),
				config: stored,
				questions,
				createdAt
			})
		);
		return { code, secret, view: teacherView(this.runtime(code).data, createdAt) };
	}

	/** True when `secret` is this session's teacher secret (constant-time compare). */
	isTeacher(code: string, secret: string | null | undefined): boolean {
		return secretMatches(this.runtime(code).teacherHash, secret);
	}

	private teacherRuntime(code: string, secret: string | null | undefined): Runtime {
		const rt = this.runtime(code);
		if (!secretMatches(rt.teacherHash, secret)) {
			throw new ClassError(403, 'teacher-only', "Only the session's teacher can do this.");
		}
		return rt;
	}

	/** The teacher's view; 403 without the secret. */
	teacherView(code: string, secret: string | null | undefined): TeacherView {
		return teacherView(this.teacherRuntime(code, secret).data, this.now());
	}

	/** Applies a teacher action; 403 without the secret, else the refusals of `decide`. */
	act(code: string, secret: string | null | undefined, action: TeacherAction): TeacherView {
		const rt = this.teacherRuntime(code, secret);
		this.run(rt, { type: 'teacher', action });
		return teacherView(rt.data, this.now());
	}

	/** Removes a student (their answers leave the counts and the report, their cookie stops working). */
	removeStudent(code: string, secret: string | null | undefined, studentId: string): TeacherView {
		const rt = this.teacherRuntime(code, secret);
		this.run(rt, { type: 'remove', studentId }, () => ({ removed: studentId }));
		return teacherView(rt.data, this.now());
	}

	/** The class report so far (teacher only). */
	report(code: string, secret: string | null | undefined): ClassReport {
		return classReport(this.teacherRuntime(code, secret).data);
	}

	/** The class report as CSV (teacher only). */
	reportCsv(code: string, secret: string | null | undefined, table: ReportTable): string {
		return reportCsv(this.report(code, secret), table);
	}

	/** The projector's view (public: it never holds a name nor, before reveal, an amount). */
	screenView(code: string): ScreenView {
		return screenView(this.runtime(code).data, this.now());
	}

	/** The code's session phase and counts (public), or a 404. */
	summary(code: string): {
		code: string;
		phase: ClassPhase;
		questionCount: number;
		locked: boolean;
	} {
		const { data } = this.runtime(code);
		return {
			code: data.code,
			phase: data.phase,
			questionCount: data.questions.length,
			locked: data.context.locked
		};
	}

	// ---- students ------------------------------------------------------------------------

	private studentId(rt: Runtime, token: string | null | undefined): string | null {
		if (!token || token.length > 200) return null;
		const hash = hashHex(token);
		const cached = rt.tokens.get(hash);
		if (cached) return cached;
		const id = withStorage(() => this.registry.store().studentByToken(rt.data.code, hash));
		if (id) rt.tokens.set(hash, id);
		return id;
	}

	/** The id of the student holding `token` in this session (removed students too), or null. */
	studentFor(code: string, token: string | null | undefined): string | null {
		return this.studentId(this.runtime(code), token);
	}

	/**
	 * Joins a student: 429 `too-many-joins` past the limit per `address` (with Retry-After), else
	 * the refusals of `decide` (400 `invalid-name`, 409 `name-taken`, `session-ended`, 423
	 * `session-locked`). Returns the student's id, their identity token (for the cookie) and view.
	 */
	join(
		code: string,
		rawName: string,
		address: string
	): { studentId: string; token: string; view: StudentView } {
		const limit = this.joins.take(address);
		if (!limit.ok) {
			throw new ClassError(
				429,
				'too-many-joins',
				`Too many joins from this address: try again in ${limit.retryAfter} s.`,
				{ 'retry-after': String(limit.retryAfter) }
			);
		}
		const rt = this.runtime(code);
		const id = newId();
		const token = newSecret();
		const tokenHash = hashHex(token);
		this.run(rt, { type: 'join', id, name: rawName }, (event) => {
			const name = event.type === 'student.join' ? event.name : '';
			return {
				student: {
					id,
					code: rt.data.code,
					tokenHash,
					name,
					nameKey: nameKey(name),
					joinedAt: event.at
				}
			};
		});
		rt.tokens.set(tokenHash, id);
		return { studentId: id, token, view: studentView(rt.data, id, this.now()) };
	}

	/** The student's view (a removed student sees only that); 401 `not-joined` without a valid token. */
	studentView(code: string, token: string | null | undefined): StudentView {
		const rt = this.runtime(code);
		const id = this.studentId(rt, token);
		if (!id)
			throw new ClassError(401, 'not-joined', 'Only students who joined this session can answer.');
		return studentView(rt.data, id, this.now());
	}

	/**
	 * Takes a student's answer to the open question, graded at once (shown only after reveal).
	 * 401 `not-joined`; the refusals of `decide`; 400 `invalid-answer` for missing or extra amounts.
	 */
	submit(code: string, token: string | null | undefined, answer: AnswerSubmission): StudentView {
		const rt = this.runtime(code);
		const id = this.studentId(rt, token);
		if (!id)
			throw new ClassError(401, 'not-joined', 'Only students who joined this session can answer.');
		this.run(rt, { type: 'answer', studentId: id, question: answer.question }, (event) => {
			const scenario = rt.data.questions[answer.question]!;
			const given = checkFields(scenario, answer);
			const graded = gradeOnce(scenario, given, rt.data.config.unit);
			return {
				answer: { studentId: id, question: answer.question, at: event.at, answer: given, graded }
			};
		});
		return studentView(rt.data, id, this.now());
	}

	// ---- events --------------------------------------------------------------------------

	/**
	 * Adds a stream for `audience` (the caller checked who it is; a removed student is 403
	 * `removed`). Sends `retry`, then the current view with `id:` the last event id, unless
	 * `lastEventId` is already that id. Returns the function that removes it.
	 */
	subscribe(
		code: string,
		audience: Audience,
		lastEventId: number | null,
		sink: SseSink
	): () => void {
		const rt = this.runtime(code);
		if (
			audience.kind === 'student' &&
			rt.state.context.students.find((s) => s.id === audience.id)?.removed !== false
		) {
			throw new ClassError(403, 'removed', 'The teacher removed you from this session.');
		}
		return this.hub.subscribe(rt.data, audience, lastEventId, sink);
	}

	/** How many streams are open on a session (for tests and the bench). */
	streamCount(code: string): number {
		return this.hub.count(this.runtime(code).data.code);
	}
}
