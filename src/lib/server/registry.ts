/**
 * The session registry of the class mode (issue 11): the sessions held in memory, each loaded
 * on first use from SQLite by replaying its stored events through the machine (`replay`) and
 * grading its stored answers again; the database connection, opened lazily and again after it
 * was closed. Unknown or malformed codes are 404 `session-not-found`.
 */
import { normalizeCode } from '$lib/class/codes';
import { replay, phaseOf, type ClassState } from '$lib/class/decide';
import type { ClassData } from '$lib/class/types';
import type { Db } from './db';
import { ClassError, sessionNotFound, withStorage } from './errors';
import { addAnswer, gradeOnce } from './grading';
import { hashHex, newSecret, randomCode } from './secrets';
import { ClassStore } from './store';
import type { ClassConfig } from '$lib/class/types';
import type { Scenario } from '$lib/scenarios/types';

/**
 * A session in memory: what the views read (`data`), the machine's state, the teacher secret's
 * hash, the student tokens seen so far (hash to id) and the time limit's timer.
 */
export interface Runtime {
	data: ClassData;
	state: ClassState;
	teacherHash: Buffer;
	tokens: Map<string, string>;
	timer: ReturnType<typeof setTimeout> | null;
}

/** The sessions in memory over one database. */
export class SessionRegistry {
	private readonly runtimes = new Map<string, Runtime>();
	private storeRef: ClassStore | null = null;

	/** A registry over the database `open` opens (on first use, and again after `closeDatabase`). */
	constructor(private readonly open: () => Db) {}

	/** The prepared statements over the open database. */
	store(): ClassStore {
		if (!this.storeRef || !this.storeRef.db.open) {
			this.storeRef = withStorage(() => new ClassStore(this.open()));
		}
		return this.storeRef;
	}

	/** Closes the database connection; the next call that needs it opens it again. */
	closeDatabase(): void {
		if (this.storeRef?.db.open) this.storeRef.db.close();
		this.storeRef = null;
	}

	/** The session with this code (as typed: case and dashes ignored), loaded if needed; else 404. */
	get(rawCode: string): Runtime {
		const code = normalizeCode(rawCode);
		if (code === null) throw sessionNotFound(rawCode);
		const rt = this.runtimes.get(code) ?? withStorage(() => this.load(code));
		if (!rt) throw sessionNotFound(code);
		return rt;
	}

	/** The session if it is in memory, without loading it. */
	cached(code: string): Runtime | undefined {
		return this.runtimes.get(code);
	}

	/** Every session in memory. */
	all(): IterableIterator<Runtime> {
		return this.runtimes.values();
	}

	/** Forgets one session (its timer stops); it loads again from the database on next use. */
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
	insert(
		config: ClassConfig,
		questions: Scenario[],
		createdAt: number
	): { rt: Runtime; secret: string } {
		const store = this.store();
		let code = '';
		for (let attempt = 0; attempt < 50 && code === ''; attempt++) {
			const candidate = randomCode();
			if (!withStorage(() => store.codeExists(candidate))) code = candidate;
		}
		if (code === '')
			throw new ClassError(503, 'no-code', 'No free join code was found; try again.');
		const secret = newSecret();
		const stored = { ...config, questionCount: questions.length };
		const teacherHash = hashHex(secret);
		withStorage(() =>
			store.insertSession({ code, teacherHash, config: stored, questions, createdAt })
		);
		return { rt: this.get(code), secret };
	}

	/** The id of the student of `rt` holding `token` (removed students too), or null. */
	studentOf(rt: Runtime, token: string | null | undefined): string | null {
		if (!token || token.length > 200) return null;
		const hash = hashHex(token);
		const cached = rt.tokens.get(hash);
		if (cached) return cached;
		const id = withStorage(() => this.store().studentByToken(rt.data.code, hash));
		if (id) rt.tokens.set(hash, id);
		return id;
	}

	/** Brings `rt` to the machine state `next` after event number `seq`. */
	evolve(rt: Runtime, next: ClassState, seq: number): void {
		rt.state = next;
		rt.data.seq = seq;
		rt.data.phase = phaseOf(next);
		rt.data.context = next.context;
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
		const state = replay(input, store.events(code));
		const answers: ClassData['answers'] = new Map();
		for (const a of store.answers(code)) {
			const scenario = row.questions[a.question];
			if (scenario) {
				addAnswer(answers, { ...a, graded: gradeOnce(scenario, a.answer, row.config.unit) });
			}
		}
		const rt: Runtime = {
			data: {
				code,
				config: row.config,
				createdAt: row.createdAt,
				questions: row.questions,
				seq: row.seq,
				phase: phaseOf(state),
				context: state.context,
				answers
			},
			state,
			teacherHash: Buffer.from(row.teacherHash, 'hex'),
			tokens: new Map(),
			timer: null
		};
		this.runtimes.set(code, rt);
		return rt;
	}
}
