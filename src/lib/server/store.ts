/**
 * SQL of the class mode (issue 4): prepared statements over one open connection. Every write of
 * an accepted event goes through `commit`, one transaction per event, so a killed server keeps
 * every event it acknowledged.
 */
import type { Seat } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import type { ClassEvent, ClassPhase } from '$lib/class/machine';
import type { ClassConfig, StoredAnswer } from '$lib/class/types';
import type { Db } from './db';

/** A stored session row, parsed. */
export interface SessionRow {
	code: string;
	teacherHash: string;
	config: ClassConfig;
	questions: Scenario[];
	createdAt: number;
	updatedAt: number;
	phase: ClassPhase;
	seq: number;
}

/** A new student row. */
export interface StudentInsert {
	id: string;
	code: string;
	tokenHash: string;
	name: string;
	nameKey: string;
	joinedAt: number;
}

/** A stored answer as the database keeps it: who, which question, when, the amounts (points). */
export type KeptAnswer = Omit<StoredAnswer, 'graded'>;

/** Extra writes that belong to the same transaction as an event. */
export interface EventWrites {
	student?: StudentInsert;
	answer?: StoredAnswer;
	removed?: string;
}

interface RawSession {
	code: string;
	teacher_hash: string;
	config: string;
	questions: string;
	created_at: number;
	updated_at: number;
	phase: string;
	seq: number;
}

interface RawAnswer {
	question: number;
	student_id: string;
	pays: string;
	total: number;
	at: number;
	correct: number;
	wrong: string;
	misconceptions: string;
}

function prepare(db: Db) {
	return {
		insertSession: db.prepare(
			`INSERT INTO sessions (code, teacher_hash, config, questions, created_at, updated_at, phase, seq)
			 VALUES (?, ?, ?, ?, ?, ?, 'lobby', 0)`
		),
		session: db.prepare(`SELECT * FROM sessions WHERE code = ?`),
		codeExists: db.prepare(`SELECT 1 FROM sessions WHERE code = ?`),
		idle: db.prepare(`SELECT code FROM sessions WHERE phase != 'ended' AND updated_at <= ?`),
		events: db.prepare(`SELECT data FROM events WHERE session_code = ? ORDER BY seq`),
		answers: db.prepare(
			`SELECT * FROM answers WHERE session_code = ? ORDER BY question, at, rowid`
		),
		studentByToken: db.prepare(`SELECT id FROM students WHERE session_code = ? AND token_hash = ?`),
		insertEvent: db.prepare(
			`INSERT INTO events (session_code, seq, type, data, at) VALUES (?, ?, ?, ?, ?)`
		),
		updateSession: db.prepare(
			`UPDATE sessions SET phase = ?, seq = ?, updated_at = ? WHERE code = ?`
		),
		insertStudent: db.prepare(
			`INSERT INTO students (id, session_code, token_hash, name, name_key, joined_at)
			 VALUES (?, ?, ?, ?, ?, ?)`
		),
		removeStudent: db.prepare(`UPDATE students SET removed_at = ? WHERE id = ?`),
		insertAnswer: db.prepare(
			`INSERT INTO answers (session_code, question, student_id, pays, total, at, correct, wrong, misconceptions)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
		)
	};
}

type Statements = ReturnType<typeof prepare>;

/** Prepared statements over an open database. */
export class ClassStore {
	readonly db: Db;
	private readonly s: Statements;

	/** Prepares every statement on `db` (which must already have the schema). */
	constructor(db: Db) {
		this.db = db;
		this.s = prepare(db);
	}

	/** Stores a new session in the lobby. Throws on a duplicate code. */
	insertSession(row: Omit<SessionRow, 'phase' | 'seq' | 'updatedAt'>): void {
		this.s.insertSession.run(
			row.code,
			row.teacherHash,
			JSON.stringify(row.config),
			JSON.stringify(row.questions),
			row.createdAt,
			row.createdAt
		);
	}

	/** True when a session with this code was ever stored. */
	codeExists(code: string): boolean {
		return this.s.codeExists.get(code) !== undefined;
	}

	/** The session row, or null. */
	session(code: string): SessionRow | null {
		const raw = this.s.session.get(code) as RawSession | undefined;
		if (!raw) return null;
		return {
			code: raw.code,
			teacherHash: raw.teacher_hash,
			config: JSON.parse(raw.config) as ClassConfig,
			questions: JSON.parse(raw.questions) as Scenario[],
			createdAt: raw.created_at,
			updatedAt: raw.updated_at,
			phase: raw.phase as ClassPhase,
			seq: raw.seq
		};
	}

	/** Codes of sessions not ended whose last activity is at or before `before` (ms). */
	idleSessions(before: number): string[] {
		return (this.s.idle.all(before) as { code: string }[]).map((r) => r.code);
	}

	/** The session's accepted events, in order. */
	events(code: string): ClassEvent[] {
		return (this.s.events.all(code) as { data: string }[]).map(
			(r) => JSON.parse(r.data) as ClassEvent
		);
	}

	/**
	 * Every stored answer of the session, without its grading: the service grades the amounts
	 * again when it loads a session (the `correct`, `wrong` and `misconceptions` columns are kept
	 * for people reading the database).
	 */
	answers(code: string): KeptAnswer[] {
		return (this.s.answers.all(code) as RawAnswer[]).map((r) => ({
			studentId: r.student_id,
			question: r.question,
			answer: {
				pays: JSON.parse(r.pays) as Partial<Record<Seat, number>>,
				total: r.total
			},
			at: r.at
		}));
	}

	/** The id of the student of this session holding the token with this hash, or null. */
	studentByToken(code: string, tokenHash: string): string | null {
		const row = this.s.studentByToken.get(code, tokenHash) as { id: string } | undefined;
		return row?.id ?? null;
	}

	/**
	 * Stores accepted events, each with its extra rows and its session's new phase, all in one
	 * transaction (one disk sync with `synchronous = FULL`).
	 */
	commit(
		events: readonly {
			rt: { data: { code: string } };
			seq: number;
			event: ClassEvent;
			phase: ClassPhase;
			writes: EventWrites;
		}[]
	): void {
		this.db.transaction(() => {
			for (const e of events) this.commitOne(e.rt.data.code, e.seq, e.event, e.phase, e.writes);
		})();
	}

	private commitOne(
		code: string,
		seq: number,
		event: ClassEvent,
		phase: ClassPhase,
		writes: EventWrites
	): void {
		if (writes.student) {
			const st = writes.student;
			this.s.insertStudent.run(st.id, st.code, st.tokenHash, st.name, st.nameKey, st.joinedAt);
		}
		if (writes.removed) this.s.removeStudent.run(event.at, writes.removed);
		if (writes.answer) {
			const a = writes.answer;
			this.s.insertAnswer.run(
				code,
				a.question,
				a.studentId,
				JSON.stringify(a.answer.pays),
				a.answer.total ?? 0,
				a.at,
				a.graded.correct ? 1 : 0,
				JSON.stringify(a.graded.wrong),
				JSON.stringify(a.graded.misconceptions)
			);
		}
		this.s.insertEvent.run(code, seq, event.type, JSON.stringify(event), event.at);
		this.s.updateSession.run(phase, seq, event.at, code);
	}
}
