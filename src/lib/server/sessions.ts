/**
 * The class sessions service (issue 4, split by job in issue 11): who may do what, and what each
 * audience sees. Every command runs through `SessionRunner` (decide → commit → evolve →
 * publish); the refusals come from `decide` as they are. This file adds who is asking (the
 * teacher secret, the student tokens, the join and creation limits), the answers' grading and
 * the views.
 */
import { settlementOf } from '$lib/scenarios/settled';
import type { TeacherAction } from '$lib/class/decide';
import { nameKey, type ClassPhase } from '$lib/class/machine';
import { reportCsv, type ReportTable } from '$lib/class/report';
import type {
	ClassConfig,
	ClassReport,
	ScreenView,
	StudentView,
	TeacherView
} from '$lib/class/types';
import { studentView } from '$lib/class/student-view';
import { classReport, screenView, teacherView } from '$lib/class/views';
import { ClassError, tooMany } from './errors';
import { checkFields, gradeOnce, type AnswerSubmission } from './grading';
import type { Runtime } from './registry';
import { SessionRunner } from './runner';
import { hashHex, newId, newSecret, secretMatches } from './secrets';

export type { ClassServiceOptions, Limit } from './runner';

/** The class-mode service; one per process (see `classService()` in `./service`). */
export class ClassService extends SessionRunner {
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
		if (!limit.ok) throw tooMany('too-many-sessions', 'new sessions', limit.retryAfter);
		const questions = this.generate(config);
		if (questions.length === 0) {
			throw new ClassError(400, 'no-questions', 'No question matches these skills.');
		}
		for (const q of questions) settlementOf(q, config.unit);
		const createdAt = this.now();
		const { rt, secret } = this.registry.insert(config, questions, createdAt);
		this.schedule(rt);
		return { code: rt.data.code, secret, view: teacherView(rt.data, createdAt) };
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

	/** The id of the student holding `token` in this session (removed students too), or null. */
	studentFor(code: string, token: string | null | undefined): string | null {
		return this.registry.studentOf(this.runtime(code), token);
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
		if (!limit.ok) throw tooMany('too-many-joins', 'joins', limit.retryAfter);
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
		const id = this.registry.studentOf(rt, token);
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
		const id = this.registry.studentOf(rt, token);
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
}
