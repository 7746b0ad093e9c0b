/**
 * The class sessions service (issue 4): creates sessions, applies teacher actions, joins and
 * answers through each session's XState machine, keeps every accepted event in SQLite before it
 * takes effect, rebuilds sessions from the stored events after a restart, schedules time limits,
 * ends idle sessions and pushes per-audience views as Server-Sent Events. Endpoints stay thin:
 * they parse the request, call one method here and turn a `ClassError` into a 4xx.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createActor, type Actor } from 'xstate';
import { answerFields, grade, type Answer, type AmountUnit, type Seat } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import { settlementOf } from '$lib/scenarios/settled';
import {
	CODE_ALPHABET,
	CODE_LENGTH,
	codeFromDraws,
	normalizeCode,
	normalizeName
} from '$lib/class/codes';
import {
	ANSWER_GRACE_MS,
	IDLE_MS,
	classMachine,
	findStudent,
	nameKey,
	nameTaken,
	phaseAfter,
	type ClassEvent,
	type ClassPhase
} from '$lib/class/machine';
import { reportCsv, type ReportTable } from '$lib/class/report';
import type {
	ClassConfig,
	ClassData,
	ClassReport,
	ScreenView,
	StoredAnswer,
	StudentView,
	TeacherView
} from '$lib/class/types';
import {
	classReport,
	screenView,
	studentOwnView,
	studentSharedView,
	studentView,
	teacherView
} from '$lib/class/views';
import type { Db } from './db';
import { RateLimiter } from './rate-limit';
import { ClassStore, type EventWrites } from './store';

/** A refusal with its HTTP status, a stable `code` and a plain-English message. */
export class ClassError extends Error {
	/** `status` is the HTTP status (4xx, or 503 when the database cannot be written). */
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly headers: Record<string, string> = {}
	) {
		super(message);
		this.name = 'ClassError';
	}
}

/** Who is listening to a session's events. */
export type Audience = { kind: 'teacher' } | { kind: 'screen' } | { kind: 'student'; id: string };

/** Where a stream's text goes (an SSE response body); `close` ends the response. */
export interface SseSink {
	write(chunk: string): void;
	close(): void;
}

/** The teacher's actions, named as the machine's events. */
export const TEACHER_ACTIONS = [
	'question.open',
	'answers.close',
	'question.reveal',
	'question.next',
	'session.end'
] as const;

/** One teacher action. */
export type TeacherAction = (typeof TEACHER_ACTIONS)[number];

/** An answer as posted: the question's index and the amounts in points (the total included). */
export interface AnswerSubmission extends Answer {
	question: number;
	total: number;
}

/** Settings of the service; `open` (re)opens the database, `generate` makes the questions. */
export interface ClassServiceOptions {
	open: () => Db;
	generate: (config: ClassConfig) => Scenario[];
	now?: () => number;
	/** Joins per client address: burst and refill per second (defaults 120 and 2). */
	joinLimit?: { capacity: number; perSecond: number };
	/** Answer and join counts reach the teacher and the projector at most this often (ms, default 100; 0 = at once). */
	coalesceMs?: number;
	/** Keep-alive comment on every stream this often (ms, default 20 000). */
	heartbeatMs?: number;
}

type ClassActor = Actor<typeof classMachine>;

interface Client {
	audience: Audience;
	sink: SseSink;
}

interface Runtime {
	data: ClassData;
	actor: ClassActor;
	teacherHash: Buffer;
	tokens: Map<string, string>;
	/** Every stream; `staff` the teacher's and the projector's, `students` each student's. */
	clients: Set<Client>;
	staff: Set<Client>;
	students: Map<string, Set<Client>>;
	timer: ReturnType<typeof setTimeout> | null;
	staffTimer: ReturnType<typeof setTimeout> | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

const STUDENT_LABEL = 'Only students who joined this session can answer.';

/** The class-mode service; one per process (see `classService()` in `./service`). */
export class ClassService {
	private readonly options: Required<Omit<ClassServiceOptions, 'joinLimit'>>;
	private readonly runtimes = new Map<string, Runtime>();
	private readonly joins: RateLimiter;
	private storeRef: ClassStore | null = null;
	private heartbeat: ReturnType<typeof setInterval> | null = null;

	/** A service over the database that `options.open` opens (lazily, and again after `closeDatabase`). */
	constructor(options: ClassServiceOptions) {
		this.options = { now: () => Date.now(), coalesceMs: 100, heartbeatMs: 20_000, ...options };
		const limit = options.joinLimit ?? { capacity: 120, perSecond: 2 };
		this.joins = new RateLimiter({ ...limit, now: this.options.now });
	}

	// ---- storage -------------------------------------------------------------------------

	private store(): ClassStore {
		if (!this.storeRef || !this.storeRef.db.open)
			this.storeRef = new ClassStore(this.options.open());
		return this.storeRef;
	}

	/** Closes the database connection; the next call that needs it opens it again. */
	closeDatabase(): void {
		if (this.storeRef?.db.open) this.storeRef.db.close();
		this.storeRef = null;
	}

	/** Forgets every session held in memory (as a restart would); they load again from the database. */
	forgetSessions(): void {
		for (const rt of this.runtimes.values()) this.dropRuntime(rt);
		this.runtimes.clear();
	}

	/** Stops timers, ends every stream and closes the database. */
	shutdown(): void {
		this.forgetSessions();
		if (this.heartbeat) clearInterval(this.heartbeat);
		this.heartbeat = null;
		this.closeDatabase();
	}

	private dropRuntime(rt: Runtime): void {
		if (rt.timer) clearTimeout(rt.timer);
		if (rt.staffTimer) clearTimeout(rt.staffTimer);
		for (const c of rt.clients) safely(() => c.sink.close());
		rt.clients.clear();
		rt.staff.clear();
		rt.students.clear();
		rt.actor.stop();
	}

	private load(code: string): Runtime | null {
		const store = this.store();
		const row = store.session(code);
		if (!row) return null;
		const input = {
			questionCount: row.questions.length,
			limitMs: row.config.limitSeconds === null ? null : row.config.limitSeconds * 1000,
			createdAt: row.createdAt
		};
		const actor = createActor(classMachine, { input });
		actor.start();
		for (const event of store.events(code)) actor.send(event);
		const snapshot = actor.getSnapshot();
		const answers: ClassData['answers'] = new Map();
		for (const a of store.answers(code)) {
			const scenario = row.questions[a.question];
			if (scenario)
				addAnswer(answers, { ...a, graded: gradeOnce(scenario, a.answer, row.config.unit) });
		}
		const rt: Runtime = {
			data: {
				code,
				config: row.config,
				createdAt: row.createdAt,
				questions: row.questions,
				seq: row.seq,
				phase: snapshot.value as ClassPhase,
				context: snapshot.context,
				answers
			},
			actor,
			teacherHash: Buffer.from(row.teacherHash, 'hex'),
			tokens: new Map(),
			clients: new Set(),
			staff: new Set(),
			students: new Map(),
			timer: null,
			staffTimer: null
		};
		this.runtimes.set(code, rt);
		this.schedule(rt);
		this.endIfIdle(rt);
		return rt;
	}

	private runtime(rawCode: string): Runtime {
		const code = normalizeCode(rawCode);
		if (code === null) {
			throw new ClassError(404, 'session-not-found', `No class session has the code "${rawCode}".`);
		}
		const rt = this.runtimes.get(code) ?? this.wrapStorage(() => this.load(code));
		if (!rt)
			throw new ClassError(404, 'session-not-found', `No class session has the code ${code}.`);
		return rt;
	}

	private wrapStorage<T>(fn: () => T): T {
		try {
			return fn();
		} catch (error) {
			if (error instanceof ClassError) throw error;
			if (error instanceof Error && /sqlite|database/i.test(`${error.name} ${error.message}`)) {
				throw new ClassError(503, 'storage-unavailable', 'The class database is not available.');
			}
			throw error;
		}
	}

	// ---- the machine ---------------------------------------------------------------------

	/** Applies an accepted event: stored first (one transaction), then sent to the session's machine. */
	private apply(rt: Runtime, event: ClassEvent, writes: EventWrites = {}): void {
		if (!rt.actor.getSnapshot().can(event)) {
			throw new ClassError(
				409,
				'invalid-transition',
				`"${event.type}" is not possible while the session is ${rt.data.phase}.`
			);
		}
		const seq = rt.data.seq + 1;
		const phase = phaseAfter(rt.data.phase, event);
		this.wrapStorage(() => this.store().commit(rt.data.code, seq, event, phase, writes));
		rt.actor.send(event);
		const next = rt.actor.getSnapshot();
		if (next.value !== phase)
			console.error(`[class] ${rt.data.code}: ${next.value} after ${event.type}, stored ${phase}`);
		rt.data.seq = seq;
		rt.data.phase = phase;
		rt.data.context = next.context;
		if (writes.answer) addAnswer(rt.data.answers, writes.answer);
		this.schedule(rt);
		this.announce(rt, event);
	}

	/** Arms the time limit of an open question (an `answers.close` by the timer at the deadline). */
	private schedule(rt: Runtime): void {
		if (rt.timer) clearTimeout(rt.timer);
		rt.timer = null;
		const deadline = rt.data.context.deadline;
		if (rt.data.phase !== 'open' || deadline === null) return;
		const question = rt.data.context.index;
		rt.timer = setTimeout(
			() => {
				rt.timer = null;
				if (rt.data.phase !== 'open' || rt.data.context.index !== question) return;
				safely(() =>
					this.apply(rt, {
						type: 'answers.close',
						by: 'timer',
						at: Math.max(this.options.now(), deadline)
					})
				);
			},
			Math.max(0, deadline - this.options.now())
		);
		rt.timer.unref?.();
	}

	private endIfIdle(rt: Runtime): boolean {
		const at = this.options.now();
		if (rt.data.phase === 'ended' || at - rt.data.context.lastActivity < IDLE_MS) return false;
		this.apply(rt, { type: 'session.end', reason: 'idle', at });
		return true;
	}

	/**
	 * Ends every session idle for 12 hours (in memory or only in the database) and forgets ended
	 * sessions nobody watches. Returns the codes it ended.
	 */
	expireIdle(): string[] {
		const ended: string[] = [];
		const cutoff = this.options.now() - IDLE_MS;
		for (const code of this.wrapStorage(() => this.store().idleSessions(cutoff))) {
			const cached = this.runtimes.get(code);
			if (cached ? this.endIfIdle(cached) : this.wrapStorage(() => this.load(code)) !== null) {
				ended.push(code);
			}
		}
		for (const [code, rt] of this.runtimes) {
			if (rt.data.phase !== 'ended' && this.endIfIdle(rt) && !ended.includes(code))
				ended.push(code);
			if (rt.data.phase === 'ended' && rt.clients.size === 0) {
				this.dropRuntime(rt);
				this.runtimes.delete(code);
			}
		}
		return ended;
	}

	// ---- teacher -------------------------------------------------------------------------

	/**
	 * Creates a session in the lobby with a fresh join code and teacher secret (32 random bytes,
	 * base64url; only its SHA-256 is stored). Returns the code, the secret and the teacher's view.
	 */
	create(config: ClassConfig): { code: string; secret: string; view: TeacherView } {
		const questions = this.options.generate(config);
		if (questions.length === 0) {
			throw new ClassError(400, 'no-questions', 'No question matches these skills.');
		}
		for (const q of questions) settlementOf(q, config.unit);
		const store = this.store();
		let code = '';
		for (let attempt = 0; attempt < 50 && code === ''; attempt++) {
			const draws = Array.from({ length: CODE_LENGTH }, () => randomInt(CODE_ALPHABET.length));
			const candidate = codeFromDraws(draws);
			if (!this.wrapStorage(() => store.codeExists(candidate))) code = candidate;
		}
		if (code === '')
			throw new ClassError(503, 'no-code', 'No free join code was found; try again.');
		const secret = randomBytes(32).toString('base64url');
		const createdAt = this.options.now();
		const stored = { ...config, questionCount: questions.length };
		this.wrapStorage(() =>
			store.insertSession({
				code,
				teacherHash: sha256(secret).toString('hex'),
				config: stored,
				questions,
				createdAt
			})
		);
		const rt = this.runtime(code);
		return { code, secret, view: teacherView(rt.data, createdAt) };
	}

	/** True when `secret` is this session's teacher secret (constant-time compare). */
	isTeacher(code: string, secret: string | null | undefined): boolean {
		const rt = this.runtime(code);
		return secret ? timingSafeEqual(sha256(secret), rt.teacherHash) : false;
	}

	private teacherRuntime(code: string, secret: string | null | undefined): Runtime {
		const rt = this.runtime(code);
		if (!secret || !timingSafeEqual(sha256(secret), rt.teacherHash)) {
			throw new ClassError(403, 'teacher-only', "Only the session's teacher can do this.");
		}
		return rt;
	}

	/** The teacher's view; 403 without the secret. */
	teacherView(code: string, secret: string | null | undefined): TeacherView {
		return teacherView(this.teacherRuntime(code, secret).data, this.options.now());
	}

	/**
	 * Applies a teacher action (`question.open`, `answers.close`, `question.reveal`,
	 * `question.next`, `session.end`). 403 without the secret; 409 `invalid-transition` when the
	 * phase does not allow it, `no-more-questions` for `question.next` after the last question.
	 */
	act(code: string, secret: string | null | undefined, action: TeacherAction): TeacherView {
		const rt = this.teacherRuntime(code, secret);
		const at = this.options.now();
		const { phase, context } = rt.data;
		if (
			action === 'question.next' &&
			phase === 'revealed' &&
			context.index + 1 >= context.questionCount
		) {
			throw new ClassError(
				409,
				'no-more-questions',
				'That was the last question: end the session.'
			);
		}
		const event: ClassEvent =
			action === 'answers.close'
				? { type: action, by: 'teacher', at }
				: action === 'session.end'
					? { type: action, reason: 'teacher', at }
					: { type: action, at };
		this.apply(rt, event);
		return teacherView(rt.data, at);
	}

	/** Removes a student (their answers leave the counts and the report). 403 / 404 / 409 when not possible. */
	removeStudent(code: string, secret: string | null | undefined, studentId: string): TeacherView {
		const rt = this.teacherRuntime(code, secret);
		const student = findStudent(rt.data.context, studentId);
		if (!student || student.removed) {
			throw new ClassError(404, 'student-not-found', 'No such student in this session.');
		}
		this.apply(
			rt,
			{ type: 'student.remove', id: studentId, at: this.options.now() },
			{ removed: studentId }
		);
		return teacherView(rt.data, this.options.now());
	}

	/** The class report so far (teacher only). */
	report(code: string, secret: string | null | undefined): ClassReport {
		return classReport(this.teacherRuntime(code, secret).data);
	}

	/** The class report as CSV (teacher only). */
	reportCsv(code: string, secret: string | null | undefined, table: ReportTable): string {
		return reportCsv(this.report(code, secret), table);
	}

	// ---- projector -----------------------------------------------------------------------

	/** The projector's view (public: it never holds a name nor, before reveal, an amount). */
	screenView(code: string): ScreenView {
		return screenView(this.runtime(code).data, this.options.now());
	}

	/** The code's session phase and counts (public), or a 404. */
	summary(code: string): { code: string; phase: ClassPhase; questionCount: number } {
		const { data } = this.runtime(code);
		return { code: data.code, phase: data.phase, questionCount: data.questions.length };
	}

	// ---- students ------------------------------------------------------------------------

	private studentId(rt: Runtime, token: string | null | undefined): string | null {
		if (!token || token.length > 200) return null;
		const hash = sha256(token).toString('hex');
		const cached = rt.tokens.get(hash);
		if (cached) return cached;
		const id = this.wrapStorage(() => this.store().studentByToken(rt.data.code, hash));
		if (id) rt.tokens.set(hash, id);
		return id;
	}

	/** The id of the student holding `token` in this session (removed students too), or null. */
	studentFor(code: string, token: string | null | undefined): string | null {
		return this.studentId(this.runtime(code), token);
	}

	/**
	 * Joins a student: rate-limited per `address` (429 `too-many-joins`, with Retry-After), a
	 * display name of 1 to 24 characters after trimming (400 `invalid-name`), unique among the
	 * session's students ignoring case (409 `name-taken`), not after the end (409 `session-ended`).
	 * Returns the student's id, their identity token (for the httpOnly cookie) and their view.
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
		const named = normalizeName(rawName);
		if (!named.ok) throw new ClassError(400, 'invalid-name', named.message);
		if (rt.data.phase === 'ended') {
			throw new ClassError(409, 'session-ended', 'This class session has ended.');
		}
		if (nameTaken(rt.data.context, named.name)) {
			throw new ClassError(
				409,
				'name-taken',
				`Someone in this session is already called "${named.name}".`
			);
		}
		const id = randomBytes(9).toString('base64url');
		const token = randomBytes(32).toString('base64url');
		const at = this.options.now();
		const tokenHash = sha256(token).toString('hex');
		this.apply(
			rt,
			{ type: 'student.join', id, name: named.name, at },
			{
				student: {
					id,
					code: rt.data.code,
					tokenHash,
					name: named.name,
					nameKey: nameKey(named.name),
					joinedAt: at
				}
			}
		);
		rt.tokens.set(tokenHash, id);
		return { studentId: id, token, view: studentView(rt.data, id, at) };
	}

	/** The student's view; 401 `not-joined` without a valid identity token. */
	studentView(code: string, token: string | null | undefined): StudentView {
		const rt = this.runtime(code);
		const id = this.studentId(rt, token);
		if (!id) throw new ClassError(401, 'not-joined', STUDENT_LABEL);
		return studentView(rt.data, id, this.options.now());
	}

	/**
	 * Takes a student's answer to the open question, graded at once (the grade is only shown after
	 * reveal). 401 `not-joined`; 403 `removed`; 409 `session-ended`, `answers-closed` (not open, or
	 * time is up), `wrong-question` (not the open question), `already-answered` (answers are
	 * locked once given); 400 `invalid-answer` when an amount is missing or not asked.
	 */
	submit(code: string, token: string | null | undefined, answer: AnswerSubmission): StudentView {
		const rt = this.runtime(code);
		const id = this.studentId(rt, token);
		if (!id) throw new ClassError(401, 'not-joined', STUDENT_LABEL);
		const { phase, context } = rt.data;
		const at = this.options.now();
		if (findStudent(context, id)?.removed !== false) {
			throw new ClassError(403, 'removed', 'The teacher removed you from this session.');
		}
		if (phase === 'ended')
			throw new ClassError(409, 'session-ended', 'This class session has ended.');
		if (phase !== 'open') {
			throw new ClassError(409, 'answers-closed', 'Answers are closed for this question.');
		}
		if (answer.question !== context.index) {
			throw new ClassError(
				409,
				'wrong-question',
				`Question ${answer.question + 1} is not the open question (${context.index + 1}).`
			);
		}
		if (context.answered.includes(id)) {
			throw new ClassError(
				409,
				'already-answered',
				'You already answered: answers are locked once sent.'
			);
		}
		if (context.deadline !== null && at > context.deadline + ANSWER_GRACE_MS) {
			throw new ClassError(409, 'answers-closed', 'Time is up for this question.');
		}
		const scenario = rt.data.questions[context.index]!;
		const given: Answer = { pays: checkFields(scenario, answer), total: answer.total };
		const stored: StoredAnswer = {
			studentId: id,
			question: context.index,
			at,
			answer: given,
			graded: gradeOnce(scenario, given, rt.data.config.unit)
		};
		this.apply(
			rt,
			{ type: 'answer.submit', studentId: id, question: context.index, at },
			{ answer: stored }
		);
		return studentView(rt.data, id, at);
	}

	// ---- events --------------------------------------------------------------------------

	/**
	 * Adds a stream for `audience` (the caller checked who it is). Sends `retry`, then the current
	 * view as an `event: state` with `id:` the session's last event id, unless `lastEventId` is
	 * already that id (a resumed stream that missed nothing). Returns the function that removes it.
	 */
	subscribe(
		code: string,
		audience: Audience,
		lastEventId: number | null,
		sink: SseSink
	): () => void {
		const rt = this.runtime(code);
		const client: Client = { audience, sink };
		addClient(rt, client);
		this.startHeartbeat();
		write(rt, client, 'retry: 2000\n\n');
		if (lastEventId === rt.data.seq) write(rt, client, ': resumed\n\n');
		else this.sendTo(rt, [client], null);
		return () => removeClient(rt, client);
	}

	/** How many streams are open on a session (for tests and the bench). */
	streamCount(code: string): number {
		return this.runtime(code).clients.size;
	}

	private startHeartbeat(): void {
		if (this.heartbeat) return;
		this.heartbeat = setInterval(() => {
			for (const rt of this.runtimes.values()) {
				for (const c of rt.clients) write(rt, c, ': ping\n\n');
			}
		}, this.options.heartbeatMs);
		this.heartbeat.unref?.();
	}

	/** Who hears of an event: counts reach the teacher and the projector (coalesced), phases everyone. */
	private announce(rt: Runtime, event: ClassEvent): void {
		switch (event.type) {
			case 'student.join':
				this.scheduleStaff(rt);
				return;
			case 'answer.submit':
				this.sendTo(rt, studentClients(rt, event.studentId), null);
				this.scheduleStaff(rt);
				return;
			case 'student.remove': {
				const removed = studentClients(rt, event.id);
				this.sendTo(rt, removed, null);
				for (const c of removed) {
					removeClient(rt, c);
					safely(() => c.sink.close());
				}
				this.sendTo(rt, staffClients(rt), null);
				return;
			}
			default:
				this.sendTo(rt, [...rt.clients], null);
		}
	}

	private scheduleStaff(rt: Runtime): void {
		if (this.options.coalesceMs === 0) {
			this.sendTo(rt, staffClients(rt), null);
			return;
		}
		if (rt.staffTimer) return;
		rt.staffTimer = setTimeout(() => {
			rt.staffTimer = null;
			this.sendTo(rt, staffClients(rt), null);
		}, this.options.coalesceMs);
		rt.staffTimer.unref?.();
	}

	/** Writes each client its own current view (the shared student part is serialized once). */
	private sendTo(rt: Runtime, clients: Client[], at: number | null): void {
		if (clients.length === 0) return;
		const now = at ?? this.options.now();
		if (clients.length === rt.clients.size && rt.staffTimer) {
			clearTimeout(rt.staffTimer);
			rt.staffTimer = null;
		}
		const head = `id: ${rt.data.seq}\nevent: state\ndata: `;
		let teacher: string | null = null;
		let screen: string | null = null;
		let shared: string | null = null;
		for (const c of clients) {
			const a = c.audience;
			let body: string;
			if (a.kind === 'teacher') body = teacher ??= JSON.stringify(teacherView(rt.data, now));
			else if (a.kind === 'screen') body = screen ??= JSON.stringify(screenView(rt.data, now));
			else {
				shared ??= JSON.stringify(studentSharedView(rt.data, now));
				body = `{"audience":"student","shared":${shared},"me":${JSON.stringify(studentOwnView(rt.data, a.id))}}`;
			}
			write(rt, c, `${head}${body}\n\n`);
		}
	}
}

function addClient(rt: Runtime, client: Client): void {
	rt.clients.add(client);
	const a = client.audience;
	if (a.kind !== 'student') rt.staff.add(client);
	else {
		const own = rt.students.get(a.id) ?? new Set<Client>();
		own.add(client);
		rt.students.set(a.id, own);
	}
}

function removeClient(rt: Runtime, client: Client): void {
	rt.clients.delete(client);
	rt.staff.delete(client);
	const a = client.audience;
	if (a.kind === 'student') {
		const own = rt.students.get(a.id);
		own?.delete(client);
		if (own?.size === 0) rt.students.delete(a.id);
	}
}

/** The teacher's and the projector's streams. */
const staffClients = (rt: Runtime): Client[] => [...rt.staff];

/** The streams of one student. */
const studentClients = (rt: Runtime, id: string): Client[] => [...(rt.students.get(id) ?? [])];

function write(rt: Runtime, client: Client, text: string): void {
	try {
		client.sink.write(text);
	} catch {
		removeClient(rt, client);
	}
}

function safely(fn: () => void): void {
	try {
		fn();
	} catch (error) {
		console.error('[class]', error);
	}
}

/**
 * The one grading of a student's answer (amounts in points; the explanations in the session's
 * unit). The question is the session's own and the answer was checked against its fields, so
 * grading cannot fail; if it ever did, that is a bug, and it throws.
 */
function gradeOnce(scenario: Scenario, answer: Answer, unit: AmountUnit) {
	const graded = grade(scenario.outcome, answer, unit);
	if ('error' in graded) throw new Error(`Ungradable answer: ${graded.error.message}`);
	return graded;
}

function addAnswer(answers: ClassData['answers'], answer: StoredAnswer): void {
	let byStudent = answers.get(answer.question);
	if (!byStudent) answers.set(answer.question, (byStudent = new Map()));
	byStudent.set(answer.studentId, answer);
}

/**
 * The answer's amounts for exactly the question's fields: every paying seat and the total. 400
 * `invalid-answer` when one is missing or a seat is given that does not pay.
 */
function checkFields(scenario: Scenario, answer: AnswerSubmission): Partial<Record<Seat, number>> {
	const seats = answerFields(scenario.outcome)
		.map((f) => f.key)
		.filter((k): k is Seat => k !== 'total');
	const given = Object.keys(answer.pays);
	const missing = seats.filter((s) => answer.pays[s] === undefined);
	const extra = given.filter((s) => !(seats as string[]).includes(s));
	if (missing.length > 0 || extra.length > 0) {
		const parts = [
			missing.length > 0 ? `missing: ${missing.join(', ')}` : '',
			extra.length > 0 ? `not asked: ${extra.join(', ')}` : ''
		].filter(Boolean);
		throw new ClassError(
			400,
			'invalid-answer',
			`The answer needs an amount for ${seats.join(', ')} and the total (${parts.join('; ')}).`
		);
	}
	const pays: Partial<Record<Seat, number>> = {};
	for (const s of seats) pays[s] = answer.pays[s]!;
	return pays;
}
