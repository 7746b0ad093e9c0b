/**
 * The homework service (issue 20): a teacher makes an assignment (its questions drawn once from
 * the seed, with the preview's swaps), students join it with a name and get a device token (only
 * its SHA-256 is kept, as in class mode), send their answers when they have a connection, and the
 * teacher reads the results. Everything is kept through the class mode's `Store` (SQLite or
 * PostgreSQL); nothing is held in memory, so any instance answers any request. New assignments,
 * joins and answer sends are limited per client address with the class mode's limits (shared by
 * every instance on PostgreSQL): past one, 429 with `Retry-After`.
 */
import { normalizeName } from '$lib/class/codes';
import { nameKey } from '$lib/class/rules';
import { homeworkCsv, homeworkResults } from '$lib/homework/results';
import type { HomeworkConfig, HomeworkPublic, HomeworkResults } from '$lib/homework/types';
import { classQuestions } from '$lib/class/preview';
import { settlementOf } from '$lib/scenarios/settled';
import { ClassError, tooMany } from './errors';
import type { ClassLimits, RateLimit } from './limits';
import type { RateDecision } from './rate-limit';
import { answerRows, type SentAnswer } from './homework-answers';
import { HomeworkRepository, type AssignmentRow } from './homework-repo';
import { hashHex, newId, newSecret, randomCode, secretMatches, seedOrRandom } from './secrets';
import type { Store } from './store';

export type { SentAnswer } from './homework-answers';

/** An assignment as asked: a blank seed is replaced by a random one; `dueAt` in ms. */
export type NewAssignment = Omit<HomeworkConfig, 'seed'> & { seed: string; dueAt: number };

const notFound = (code: string) =>
	new ClassError(404, 'homework-not-found', `No homework has the code "${code}".`);

/** The homework service over the store `open` gives (the class service's own). */
export class HomeworkService {
	/** `open`: the store; `now`: the clock (ms); `limits`: the per-address limits (none when absent). */
	constructor(
		private readonly open: () => Promise<Store>,
		private readonly now: () => number = () => Date.now(),
		private readonly limits?: () => Promise<ClassLimits>
	) {}

	/**
	 * Takes one token of `pick`'s bucket for `key` (always ok without limits). Homework joins and
	 * new assignments use the class buckets' settings under keys of their own (`homework:ADDRESS`),
	 * so a class and a homework never use up each other's.
	 */
	private async take(pick: (l: ClassLimits) => RateLimit, key: string): Promise<RateDecision> {
		return this.limits ? pick(await this.limits()).take(key) : { ok: true };
	}

	private async repo(): Promise<HomeworkRepository> {
		return new HomeworkRepository(await this.open());
	}

	private async row(code: string): Promise<AssignmentRow> {
		const row = await (await this.repo()).assignment(code);
		if (!row) throw notFound(code);
		return row;
	}

	/**
	 * Makes an assignment with a fresh code and teacher secret; 400 `no-questions` when the skills
	 * give none, 400 `due-in-past` when the due time has already passed, 429 `too-many-homework`
	 * past the limit per `address`. The questions are `classQuestions` of the settings, the
	 * function /homework/new's preview shows, so the homework asks what the teacher saw.
	 */
	async create(
		input: NewAssignment,
		address = 'local'
	): Promise<{ code: string; secret: string; view: HomeworkPublic }> {
		const limit = await this.take((l) => l.creations, `homework:${address}`);
		if (!limit.ok) throw tooMany('too-many-homework', 'new homework', limit.retryAfter);
		const createdAt = this.now();
		if (input.dueAt <= createdAt) {
			throw new ClassError(400, 'due-in-past', 'The due date and time must be in the future.');
		}
		const { dueAt, ...rest } = input;
		const config: HomeworkConfig = {
			...rest,
			seed: seedOrRandom(input.seed)
		};
		const questions = classQuestions(config);
		if (questions.length === 0) {
			throw new ClassError(400, 'no-questions', 'No question matches these skills.');
		}
		for (const q of questions) settlementOf(q, config.unit);
		const secret = newSecret();
		const repo = await this.repo();
		for (let attempt = 0; attempt < 8; attempt++) {
			const row = {
				code: randomCode(),
				teacherHash: hashHex(secret),
				config,
				questions,
				dueAt,
				createdAt
			};
			if (await repo.insertAssignment(row)) {
				return { code: row.code, secret, view: publicOf(row) };
			}
		}
		throw new ClassError(503, 'storage-unavailable', 'No free code was found: try again.');
	}

	/** What a student's phone needs (anyone with the code); 404 `homework-not-found`. */
	async view(code: string): Promise<HomeworkPublic> {
		return publicOf(await this.row(code));
	}

	/** True when `secret` is the assignment's teacher secret. */
	async isTeacher(code: string, secret: string | null | undefined): Promise<boolean> {
		const row = await this.row(code);
		return secretMatches(Buffer.from(row.teacherHash, 'hex'), secret);
	}

	/**
	 * Joins under `name`, or gives the identity of `held` (a token this device already holds)
	 * back. 400 `invalid-name`, 404, 409 `name-taken` (another student of this assignment), 429
	 * `too-many-joins` past the limit per `address`.
	 */
	async join(
		code: string,
		name: string,
		held: string | null | undefined,
		address = 'local'
	): Promise<{ studentId: string; name: string; token: string | null }> {
		const limit = await this.take((l) => l.joins, `homework:${address}`);
		if (!limit.ok) throw tooMany('too-many-joins', 'joins', limit.retryAfter);
		await this.row(code);
		const repo = await this.repo();
		if (held) {
			const known = await repo.studentByToken(code, hashHex(held));
			if (known) return { studentId: known.id, name: known.name, token: null };
		}
		const checked = normalizeName(name);
		if (!checked.ok) throw new ClassError(400, 'invalid-name', checked.message);
		const token = newSecret();
		const student = {
			id: newId(),
			name: checked.name,
			joinedAt: this.now(),
			tokenHash: hashHex(token),
			nameKey: nameKey(checked.name)
		};
		if (!(await repo.insertStudent(code, student))) {
			throw new ClassError(
				409,
				'name-taken',
				`Someone in this homework already uses the name "${checked.name}": add an initial.`
			);
		}
		return { studentId: student.id, name: student.name, token };
	}

	/**
	 * Keeps a student's answers (sent now, or later when the phone is back online). Each must
	 * answer a question of the assignment with exactly its fields (400 `invalid-answer`); an
	 * answer to a question already answered is ignored (the first counts). The time answered is
	 * taken as sent but never before the join nor after now; answered after the due time it is
	 * kept and marked late. 401 `not-joined` without a valid token; 429 `too-many-answers` past
	 * the limit of answer sends per `address`.
	 */
	async submit(
		code: string,
		token: string | null | undefined,
		answers: readonly SentAnswer[],
		address = 'local'
	): Promise<{ kept: number[]; late: number[] }> {
		const limit = await this.take((l) => l.answers, address);
		if (!limit.ok) throw tooMany('too-many-answers', 'answer sends', limit.retryAfter);
		const row = await this.row(code);
		const repo = await this.repo();
		const student = token ? await repo.studentByToken(code, hashHex(token)) : null;
		if (!student) {
			throw new ClassError(401, 'not-joined', 'Only students who joined this homework can answer.');
		}
		const rows = answerRows(row, student, answers, this.now());
		const kept = await repo.insertAnswers(code, rows);
		return {
			kept,
			late: rows.filter((r) => r.late && kept.includes(r.question)).map((r) => r.question)
		};
	}

	/** The teacher's results; 403 `teacher-only` without the secret. */
	async results(code: string, secret: string | null | undefined): Promise<HomeworkResults> {
		const row = await this.row(code);
		if (!secretMatches(Buffer.from(row.teacherHash, 'hex'), secret)) {
			throw new ClassError(403, 'teacher-only', "Only the homework's teacher can see its results.");
		}
		const repo = await this.repo();
		const [students, answers] = await Promise.all([repo.students(code), repo.answers(code)]);
		return homeworkResults({
			code,
			title: row.config.title,
			dueAt: row.dueAt,
			unit: row.config.unit,
			questions: row.questions,
			students,
			answers
		});
	}

	/** The results per student as CSV; 403 without the secret. */
	async resultsCsv(code: string, secret: string | null | undefined): Promise<string> {
		return homeworkCsv(await this.results(code, secret));
	}
}

function publicOf(row: AssignmentRow): HomeworkPublic {
	return {
		code: row.code,
		title: row.config.title,
		unit: row.config.unit,
		dueAt: row.dueAt,
		questions: row.questions
	};
}
