/**
 * The class sessions' repository (issue 19): the queries of the class mode, written once with
 * Kysely for SQLite and PostgreSQL, over any `Store`. A session is a stream of events numbered
 * from 1; `append` succeeds only at the expected sequence number (Emmett's expected version), so
 * two instances can never both append event 42: the loser gets `ConflictError('sequence')`,
 * catches up and decides again. Every append tells the bus `class:CODE` is at its last seq.
 */
import type { Seat } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import { nameKey, type ClassEvent, type ClassPhase } from '$lib/class/machine';
import {
	sessionTopic,
	type ClassRecord,
	type EventFacts,
	type KeptAnswer,
	type NewRecord,
	type SessionRow
} from './class-records';
import type { ClassConfig } from '$lib/class/types';
import { insertUnlessTaken, type Store, type Write } from './store';
import { prepared, preparedInsert } from './store/prepared';

/** The class queries over one store. */
export class ClassRepository {
	/** The append's statements, compiled once per shape (`./store/prepared`). */
	private readonly q;

	/** Queries over `store`. */
	constructor(readonly store: Store) {
		const db = store.db;
		this.q = {
			moveOn: prepared<{ code: string; expected: number; seq: number; phase: string; at: number }>(
				(p) =>
					db
						.updateTable('sessions')
						.set({ seq: p('seq'), phase: p('phase'), updated_at: p('at') })
						.where('code', '=', p('code'))
						.where('seq', '=', p('expected'))
						.compile()
			),
			removed: prepared<{ id: string; at: number }>((p) =>
				db
					.updateTable('students')
					.set({ removed_at: p('at') })
					.where('id', '=', p('id'))
					.compile()
			),
			events: preparedInsert(db, 'events', ['session_code', 'seq', 'type', 'data', 'at', 'facts']),
			students: preparedInsert(db, 'students', [
				'id',
				'session_code',
				'token_hash',
				'name',
				'name_key',
				'joined_at'
			]),
			answers: preparedInsert(db, 'answers', [
				'session_code',
				'question',
				'student_id',
				'pays',
				'total',
				'at',
				'correct',
				'wrong',
				'misconceptions'
			])
		};
	}

	/** Stores a new session in the lobby at seq 0; false when the code is taken. */
	async insertSession(row: Omit<SessionRow, 'phase' | 'seq' | 'updatedAt'>): Promise<boolean> {
		const query = this.store.db
			.insertInto('sessions')
			.values({
				code: row.code,
				teacher_hash: row.teacherHash,
				config: JSON.stringify(row.config),
				questions: JSON.stringify(row.questions),
				created_at: row.createdAt,
				updated_at: row.createdAt,
				phase: 'lobby',
				seq: 0
			})
			.compile();
		return insertUnlessTaken(this.store, { query });
	}

	/** True when a session with this code was ever stored. */
	async codeExists(code: string): Promise<boolean> {
		const row = await this.store.db
			.selectFrom('sessions')
			.select('code')
			.where('code', '=', code)
			.executeTakeFirst();
		return row !== undefined;
	}

	/** The session row, or null. */
	async session(code: string): Promise<SessionRow | null> {
		const raw = await this.store.db
			.selectFrom('sessions')
			.selectAll()
			.where('code', '=', code)
			.executeTakeFirst();
		if (!raw) return null;
		return {
			code: raw.code,
			teacherHash: raw.teacher_hash,
			config: JSON.parse(raw.config) as ClassConfig,
			questions: JSON.parse(raw.questions) as Scenario[],
			createdAt: Number(raw.created_at),
			updatedAt: Number(raw.updated_at),
			phase: raw.phase as ClassPhase,
			seq: Number(raw.seq)
		};
	}

	/** The session's events after sequence number `after` (0: all), in order. */
	async events(code: string, after = 0): Promise<ClassRecord[]> {
		const rows = await this.store.db
			.selectFrom('events')
			.select(['seq', 'data', 'facts'])
			.where('session_code', '=', code)
			.where('seq', '>', after)
			.orderBy('seq')
			.execute();
		return rows.map((r) => ({
			seq: Number(r.seq),
			event: JSON.parse(r.data) as ClassEvent,
			facts: r.facts === null ? null : (JSON.parse(r.facts) as EventFacts)
		}));
	}

	/** The amounts of the session's answers as the `answers` table keeps them (for older files). */
	async keptAnswers(code: string): Promise<KeptAnswer[]> {
		const rows = await this.store.db
			.selectFrom('answers')
			.select(['student_id', 'question', 'pays', 'total', 'at'])
			.where('session_code', '=', code)
			.execute();
		return rows.map((r) => ({
			studentId: r.student_id,
			question: Number(r.question),
			answer: {
				pays: JSON.parse(r.pays) as Partial<Record<Seat, number>>,
				total: Number(r.total)
			},
			at: Number(r.at)
		}));
	}

	/** The id of the student of this session holding the token with this hash, or null. */
	async studentByToken(code: string, tokenHash: string): Promise<string | null> {
		const row = await this.store.db
			.selectFrom('students')
			.select('id')
			.where('session_code', '=', code)
			.where('token_hash', '=', tokenHash)
			.executeTakeFirst();
		return row?.id ?? null;
	}

	/** Codes of sessions not ended whose last activity is at or before `before` (ms). */
	async idleSessions(before: number): Promise<string[]> {
		const rows = await this.store.db
			.selectFrom('sessions')
			.select('code')
			.where('phase', '!=', 'ended')
			.where('updated_at', '<=', before)
			.execute();
		return rows.map((r) => r.code);
	}

	/**
	 * Appends `records` as events `expectedSeq + 1`… in one transaction, with the session's new
	 * `phase` and last activity, and their rows in `students` and `answers`; then tells the bus.
	 * Throws `ConflictError('sequence')` when the session is no longer at `expectedSeq` (another
	 * instance appended first: nothing was written), `StorageError` when it cannot be written.
	 */
	async append(
		code: string,
		expectedSeq: number,
		records: readonly NewRecord[],
		phase: ClassPhase
	): Promise<void> {
		if (records.length === 0) return;
		const last = expectedSeq + records.length;
		const at = records[records.length - 1]!.event.at;
		const writes: Write[] = [
			{
				query: this.q.moveOn({ code, expected: expectedSeq, seq: last, phase, at }),
				expectRows: 1,
				conflict: 'sequence'
			},
			{
				query: this.q.events(
					records.map((r, i) => ({
						session_code: code,
						seq: expectedSeq + i + 1,
						type: r.event.type,
						data: JSON.stringify(r.event),
						at: r.event.at,
						facts: JSON.stringify(r.facts)
					}))
				)
			}
		];
		const joins = records.flatMap((r) =>
			r.event.type === 'student.join' && r.facts.tokenHash
				? [{ ...r.event, hash: r.facts.tokenHash }]
				: []
		);
		if (joins.length > 0) {
			const rows = joins.map((j) => ({
				id: j.id,
				session_code: code,
				token_hash: j.hash,
				name: j.name,
				name_key: nameKey(j.name),
				joined_at: j.at
			}));
			writes.push({ query: this.q.students(rows) });
		}
		for (const r of records) {
			if (r.event.type !== 'student.remove') continue;
			writes.push({ query: this.q.removed({ id: r.event.id, at: r.event.at }) });
		}
		const answers = records.flatMap((r) =>
			r.event.type === 'answer.submit' && r.facts.answer
				? [{ ...r, event: r.event, answer: r.facts.answer }]
				: []
		);
		if (answers.length > 0) {
			const rows = answers.map((a) => ({
				session_code: code,
				question: a.event.question,
				student_id: a.event.studentId,
				pays: JSON.stringify(a.answer.pays),
				total: a.answer.total ?? 0,
				at: a.event.at,
				correct: a.graded?.correct ? 1 : 0,
				wrong: JSON.stringify(a.graded?.wrong ?? []),
				misconceptions: JSON.stringify(a.graded?.misconceptions ?? [])
			}));
			writes.push({ query: this.q.answers(rows) });
		}
		await this.store.write(writes, [{ topic: sessionTopic(code), seq: last }]);
	}
}
