/**
 * The homework repository (issue 20): the queries of homework assignments, written once with
 * Kysely for SQLite and PostgreSQL over the same `Store` as the class mode. An assignment is a
 * row with its questions; its students and their answers are rows of their own. An answer sent
 * twice (a phone that lost the reply and sends again) keeps the first.
 */
import type { Seat } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import type { HomeworkConfig } from '$lib/homework/types';
import { insertUnlessTaken, type Store } from './store';

/** A stored assignment, parsed. */
export interface AssignmentRow {
	code: string;
	teacherHash: string;
	config: HomeworkConfig;
	questions: Scenario[];
	dueAt: number;
	createdAt: number;
}

/** A student of an assignment. */
export interface HomeworkStudentRow {
	id: string;
	name: string;
	joinedAt: number;
}

/** A kept answer (points). */
export interface HomeworkAnswerRow {
	studentId: string;
	question: number;
	pays: Partial<Record<Seat, number>>;
	total: number;
	answeredAt: number;
	receivedAt: number;
	late: boolean;
}

/** The homework queries over one store. */
export class HomeworkRepository {
	/** Queries over `store`. */
	constructor(readonly store: Store) {}

	/** Stores a new assignment; false when its code is taken (by an assignment or a class session). */
	async insertAssignment(row: AssignmentRow): Promise<boolean> {
		const db = this.store.db;
		const session = await db
			.selectFrom('sessions')
			.select('code')
			.where('code', '=', row.code)
			.executeTakeFirst();
		if (session) return false;
		const query = db
			.insertInto('assignments')
			.values({
				code: row.code,
				teacher_hash: row.teacherHash,
				config: JSON.stringify(row.config),
				questions: JSON.stringify(row.questions),
				due_at: row.dueAt,
				created_at: row.createdAt
			})
			.compile();
		return insertUnlessTaken(this.store, { query });
	}

	/** The assignment with this code, or null. */
	async assignment(code: string): Promise<AssignmentRow | null> {
		const raw = await this.store.db
			.selectFrom('assignments')
			.selectAll()
			.where('code', '=', code)
			.executeTakeFirst();
		if (!raw) return null;
		return {
			code: raw.code,
			teacherHash: raw.teacher_hash,
			config: JSON.parse(raw.config) as HomeworkConfig,
			questions: JSON.parse(raw.questions) as Scenario[],
			dueAt: Number(raw.due_at),
			createdAt: Number(raw.created_at)
		};
	}

	/**
	 * Adds a student; false when the name (its case-folded `nameKey`) is taken in this assignment.
	 */
	async insertStudent(
		code: string,
		student: HomeworkStudentRow & { tokenHash: string; nameKey: string }
	): Promise<boolean> {
		const query = this.store.db
			.insertInto('homework_students')
			.values({
				id: student.id,
				assignment_code: code,
				token_hash: student.tokenHash,
				name: student.name,
				name_key: student.nameKey,
				joined_at: student.joinedAt
			})
			.compile();
		return insertUnlessTaken(this.store, { query });
	}

	/** The student of this assignment holding the token with this hash, or null. */
	async studentByToken(code: string, tokenHash: string): Promise<HomeworkStudentRow | null> {
		const raw = await this.store.db
			.selectFrom('homework_students')
			.select(['id', 'name', 'joined_at'])
			.where('assignment_code', '=', code)
			.where('token_hash', '=', tokenHash)
			.executeTakeFirst();
		return raw ? { id: raw.id, name: raw.name, joinedAt: Number(raw.joined_at) } : null;
	}

	/** The assignment's students, in join order. */
	async students(code: string): Promise<HomeworkStudentRow[]> {
		const rows = await this.store.db
			.selectFrom('homework_students')
			.select(['id', 'name', 'joined_at'])
			.where('assignment_code', '=', code)
			.orderBy('joined_at')
			.orderBy('id')
			.execute();
		return rows.map((r) => ({ id: r.id, name: r.name, joinedAt: Number(r.joined_at) }));
	}

	/**
	 * Keeps `answers` of one student in one write; an answer to a question already answered is
	 * left as it was (the first one counts). Returns the question numbers newly kept.
	 */
	async insertAnswers(code: string, answers: readonly HomeworkAnswerRow[]): Promise<number[]> {
		if (answers.length === 0) return [];
		const db = this.store.db;
		const writes = answers.map((a) => ({
			query: db
				.insertInto('homework_answers')
				.values({
					assignment_code: code,
					student_id: a.studentId,
					question: a.question,
					pays: JSON.stringify(a.pays),
					total: a.total,
					answered_at: a.answeredAt,
					received_at: a.receivedAt,
					late: a.late ? 1 : 0
				})
				.onConflict((oc) => oc.columns(['assignment_code', 'student_id', 'question']).doNothing())
				.compile()
		}));
		const results = await this.store.write(writes);
		return answers.filter((_, i) => results[i]!.changes > 0).map((a) => a.question);
	}

	/** Every kept answer of the assignment, by student then question. */
	async answers(code: string): Promise<HomeworkAnswerRow[]> {
		const rows = await this.store.db
			.selectFrom('homework_answers')
			.selectAll()
			.where('assignment_code', '=', code)
			.orderBy('student_id')
			.orderBy('question')
			.execute();
		return rows.map((r) => ({
			studentId: r.student_id,
			question: r.question,
			pays: JSON.parse(r.pays) as Partial<Record<Seat, number>>,
			total: Number(r.total),
			answeredAt: Number(r.answered_at),
			receivedAt: Number(r.received_at),
			late: r.late === 1
		}));
	}
}
