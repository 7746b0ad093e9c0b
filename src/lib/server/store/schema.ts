/**
 * The tables of the server's database, as Kysely sees them (issue 19): one description for
 * SQLite and PostgreSQL. Times are ms since the epoch (BIGINT), JSON is kept as text. A feature
 * adds its tables here and creates them in a new migration (`./migrations.ts`).
 */

/** A class session: its settings and questions (JSON), phase, last event's `seq`, last activity. */
export interface SessionsTable {
	code: string;
	teacher_hash: string;
	config: string;
	questions: string;
	created_at: number;
	updated_at: number;
	phase: string;
	seq: number;
}

/** A student of a session: the SHA-256 of their token, their name and its case-folded key. */
export interface StudentsTable {
	id: string;
	session_code: string;
	token_hash: string;
	name: string;
	name_key: string;
	joined_at: number;
	removed_at: number | null;
}

/** An answer as taken (points), with its grade, for people reading the database and older files. */
export interface AnswersTable {
	session_code: string;
	question: number;
	student_id: string;
	pays: string;
	total: number;
	at: number;
	correct: number;
	wrong: string;
	misconceptions: string;
}

/**
 * A session's accepted events in order (`seq` from 1): the machine event (`data`, JSON) and the
 * facts that came with it (`facts`, JSON: a join's token hash, an answer's amounts; null in files
 * written before issue 19).
 */
export interface EventsTable {
	session_code: string;
	seq: number;
	type: string;
	data: string;
	at: number;
	facts: string | null;
}

/** A token bucket of a rate limit shared by every instance: `tokens` left at time `at`. */
export interface RateBucketsTable {
	key: string;
	tokens: number;
	at: number;
}

/** One open event stream, held by `instance` until `expires_at` (renewed while open). */
export interface StreamLeasesTable {
	key: string;
	id: string;
	instance: string;
	expires_at: number;
}

/** One row per stream-cap key: taking it for update puts the opens of one key in a line. */
export interface StreamKeysTable {
	key: string;
}

/**
 * A homework assignment (issue 20): its settings (JSON: skills, question count, seed, unit,
 * swaps, title), its questions (JSON), when it is due and when it was made (ms).
 */
export interface AssignmentsTable {
	code: string;
	teacher_hash: string;
	config: string;
	questions: string;
	due_at: number;
	created_at: number;
}

/** A student of an assignment: the SHA-256 of their device token, their name and its case-folded key. */
export interface HomeworkStudentsTable {
	id: string;
	assignment_code: string;
	token_hash: string;
	name: string;
	name_key: string;
	joined_at: number;
}

/**
 * A student's answer to one question of an assignment (the first one sent is kept): the amounts
 * (points, `pays` as JSON), when it was answered on the phone (`answered_at`, no earlier than the
 * join) and received, and `late` (1 when answered after the due time).
 */
export interface HomeworkAnswersTable {
	assignment_code: string;
	student_id: string;
	question: number;
	pays: string;
	total: number;
	answered_at: number;
	received_at: number;
	late: number;
}

/** Every table. */
export interface Database {
	sessions: SessionsTable;
	students: StudentsTable;
	answers: AnswersTable;
	events: EventsTable;
	rate_buckets: RateBucketsTable;
	stream_leases: StreamLeasesTable;
	stream_keys: StreamKeysTable;
	assignments: AssignmentsTable;
	homework_students: HomeworkStudentsTable;
	homework_answers: HomeworkAnswersTable;
}
