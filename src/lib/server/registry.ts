/**
 * The sessions an instance holds in memory (issue 11; issue 19: loaded from any store). A
 * session is loaded on first use by replaying its stored events through the machine, and kept
 * up to date by applying the events this instance commits or reads back from the store (an
 * instance catches up on what the others appended). A copy, never the truth: the store is.
 * Unknown or malformed codes are 404 `session-not-found`.
 */
import { normalizeCode } from '$lib/class/codes';
import { evolve, phaseOf, replay, type ClassState } from '$lib/class/evolve';
import type { ClassConfig, ClassData } from '$lib/class/types';
import { SEATS, type Answer, type Graded } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import { ClassRepository } from './class-repo';
import type { ClassRecord, NewRecord } from './class-records';
import { ClassError, sessionNotFound } from './errors';
import { addAnswer, gradeOnce } from './grading';
import { hashHex, newSecret, randomCode } from './secrets';
import type { ClassCommand } from '$lib/class/decide';
import { sourceOf, type ClassContext, type ClassEvent } from '$lib/class/machine';

/** A command waiting for its session's next append, and how its caller hears the outcome. */
export interface Pending {
	command: ClassCommand;
	/** The facts to store with the event (may throw a ClassError: the command is refused). */
	facts: (event: ClassEvent) => Omit<NewRecord, 'event'>;
	resolve: (event: ClassEvent) => void;
	reject: (error: unknown) => void;
}

/**
 * A session in memory: what the views read (`data`, with the machine's state), the teacher
 * secret's hash, the student tokens (hash to id), the time limit's timer, the commands waiting
 * to be committed, the highest seq the bus has announced, and the chain that runs this
 * session's commits and catch-ups one at a time.
 */
export interface Runtime {
	data: ClassData;
	teacherHash: Buffer;
	tokens: Map<string, string>;
	timer: ReturnType<typeof setTimeout> | null;
	queue: Pending[];
	/** A commit of `queue` is scheduled on `chain`. */
	committing: boolean;
	/** A catch-up is scheduled on `chain`. */
	catchingUp: boolean;
	knownSeq: number;
	chain: Promise<void>;
	/** Grades of the answers given so far, by question and amounts (a class gives few different answers). */
	grades: Map<string, Graded>;
}

/**
 * The grade of `answer` (points) to question `question` of `rt`'s session: graded once per
 * different answer (`gradeOnce`), then the same result for every student who gave it.
 */
export function gradeFor(
	rt: Runtime,
	question: number,
	answer: Answer,
	context: ClassContext = rt.data.context
): Graded {
	const source = sourceOf(context, question);
	const key = `${source}|${answer.total ?? ''}|${SEATS.map((s) => answer.pays[s] ?? '').join(',')}`;
	let graded = rt.grades.get(key);
	if (!graded) {
		graded = gradeOnce(rt.data.questions[source]!, answer, rt.data.config.unit);
		if (rt.grades.size >= 5_000) rt.grades.clear();
		rt.grades.set(key, graded);
	}
	return graded;
}

/** The sessions in memory over one repository. */
export class SessionRegistry {
	private readonly runtimes = new Map<string, Runtime>();
	private readonly loading = new Map<string, Promise<Runtime | null>>();

	/** A registry reading from `repo` (a function: the store opens lazily, and again after a close). */
	constructor(private readonly repo: () => Promise<ClassRepository>) {}

	/** The session with this code (as typed: case and dashes ignored), loaded if needed; else 404. */
	async get(rawCode: string): Promise<Runtime> {
		const code = normalizeCode(rawCode);
		if (code === null) throw sessionNotFound(rawCode);
		const known = this.runtimes.get(code);
		if (known) return known;
		let loading = this.loading.get(code);
		if (!loading) {
			loading = this.load(code).finally(() => this.loading.delete(code));
			this.loading.set(code, loading);
		}
		const rt = await loading;
		if (!rt) throw sessionNotFound(code);
		return rt;
	}

	/** The session if it is in memory, without loading it. */
	cached(code: string): Runtime | undefined {
		return this.runtimes.get(code);
	}

	/** Every session in memory. */
	all(): Runtime[] {
		return [...this.runtimes.values()];
	}

	/** Forgets one session (its timer stops); it loads again from the store on next use. */
	forget(code: string): void {
		const rt = this.runtimes.get(code);
		if (rt?.timer) clearTimeout(rt.timer);
		this.runtimes.delete(code);
	}

	/** Forgets every session, as a restart would. */
	forgetAll(): void {
		for (const code of [...this.runtimes.keys()]) this.forget(code);
	}

	/**
	 * Stores a new session in the lobby under a fresh join code with a fresh teacher secret (only
	 * its SHA-256 is kept) and loads it. 503 `no-code` when no free code turns up.
	 */
	async insert(
		config: ClassConfig,
		questions: Scenario[],
		createdAt: number
	): Promise<{ rt: Runtime; secret: string }> {
		const repo = await this.repo();
		const secret = newSecret();
		const stored = { ...config, questionCount: questions.length };
		const teacherHash = hashHex(secret);
		for (let attempt = 0; attempt < 50; attempt++) {
			const code = randomCode();
			if (await repo.codeExists(code)) continue;
			const row = { code, teacherHash, config: stored, questions, createdAt };
			if (await repo.insertSession(row)) return { rt: await this.get(code), secret };
		}
		throw new ClassError(503, 'no-code', 'No free join code was found; try again.');
	}

	/** The id of the student of `rt` holding `token` (removed students too), or null. */
	async studentOf(rt: Runtime, token: string | null | undefined): Promise<string | null> {
		if (!token || token.length > 200) return null;
		const hash = hashHex(token);
		const cached = rt.tokens.get(hash);
		if (cached) return cached;
		// A join stored before issue 19 kept its token hash only in the students table.
		const id = await (await this.repo()).studentByToken(rt.data.code, hash);
		if (id) rt.tokens.set(hash, id);
		return id;
	}

	/**
	 * Applies stored records (in order, right after `rt`'s seq) to the session in memory: the
	 * machine's state (`final` when the caller already has the state after them), the answers
	 * (graded once: `graded` when this instance took the answer, else graded here from the stored
	 * amounts), the token hashes of joins.
	 */
	apply(
		rt: Runtime,
		records: readonly (ClassRecord & { graded?: Graded })[],
		final?: ClassState
	): void {
		let state = rt.data.state;
		const { data } = rt;
		for (const r of records) {
			if (r.seq !== data.seq + 1) {
				throw new Error(`event ${r.seq} of ${data.code} follows ${data.seq}: out of order`);
			}
			if (!final) state = evolve(state, r.event);
			data.seq = r.seq;
			if (r.event.type === 'answer.submit' && r.facts?.answer) {
				const context = (final ?? state).context;
				if (data.questions[sourceOf(context, r.event.question)]) {
					const answer = r.facts.answer;
					const graded = r.graded ?? gradeFor(rt, r.event.question, answer, context);
					const { studentId, question, at } = r.event;
					addAnswer(data.answers, { studentId, question, at, answer, graded });
				}
			}
			if (r.event.type === 'student.join' && r.facts?.tokenHash) {
				rt.tokens.set(r.facts.tokenHash, r.event.id);
			}
		}
		if (final) state = final;
		data.state = state;
		data.phase = phaseOf(state);
		data.context = state.context;
		rt.knownSeq = Math.max(rt.knownSeq, data.seq);
	}

	private async load(code: string): Promise<Runtime | null> {
		const repo = await this.repo();
		const row = await repo.session(code);
		if (!row) return null;
		const records = await repo.events(code);
		const input = {
			questionCount: row.questions.length,
			limitMs: row.config.limitSeconds === null ? null : row.config.limitSeconds * 1000,
			createdAt: row.createdAt
		};
		const state = replay(input, []);
		const rt: Runtime = {
			data: {
				code,
				config: row.config,
				createdAt: row.createdAt,
				questions: row.questions,
				seq: 0,
				state,
				phase: phaseOf(state),
				context: state.context,
				answers: new Map()
			},
			teacherHash: Buffer.from(row.teacherHash, 'hex'),
			tokens: new Map(),
			timer: null,
			queue: [],
			committing: false,
			catchingUp: false,
			knownSeq: 0,
			chain: Promise.resolve(),
			grades: new Map()
		};
		this.apply(rt, records);
		if (records.some((r) => r.event.type === 'answer.submit' && !r.facts?.answer)) {
			// Written before issue 19: the amounts are only in the answers table.
			for (const a of await repo.keptAnswers(code)) {
				if (!row.questions[a.question] || rt.data.answers.get(a.question)?.has(a.studentId)) {
					continue;
				}
				addAnswer(rt.data.answers, { ...a, graded: gradeFor(rt, a.question, a.answer) });
			}
		}
		const raced = this.runtimes.get(code);
		if (raced) return raced;
		this.runtimes.set(code, rt);
		return rt;
	}
}
