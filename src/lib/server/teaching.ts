/**
 * The teacher's side of the class sessions service (issue 4; split from `sessions.ts`): creating
 * a session (the seed filled in when blank), the teacher's actions and views behind the teacher
 * secret, and the public views (the projector's, a code's summary). Every command runs through
 * `SessionRunner`; the refusals come from `decide`. `ClassService` (`./sessions`) adds the
 * students and the streams.
 */
import { settlementOf } from '$lib/scenarios/settled';
import type { TeacherAction } from '$lib/class/decide';
import type { ClassPhase } from '$lib/class/machine';
import { reportCsv, type ReportTable } from '$lib/class/report';
import type { ClassConfig, ScreenView, TeacherView } from '$lib/class/types';
import type { ClassReport } from '$lib/class/report-types';
import { classReport, mostMissed } from '$lib/class/scores';
import { screenView, teacherView } from '$lib/class/views';
import { ClassError, tooMany } from './errors';
import type { Runtime } from './registry';
import { SessionRunner } from './runner';
import { secretMatches, seedOrRandom } from './secrets';

/** A session's settings as asked: a blank `seed` is replaced by a random one. */
export type CreateInput = Omit<ClassConfig, 'seed'> & { seed: string };

/** The teacher's commands and views, and the public ones; see `ClassService` for the students'. */
export class TeacherSessions extends SessionRunner {
	/**
	 * Creates a session in the lobby with a fresh join code and teacher secret (only its SHA-256
	 * is stored) and a random seed when `seed` is blank; 429 `too-many-sessions` past the limit
	 * per `address`, 400 `no-questions`.
	 */
	async create(
		input: CreateInput,
		address = 'local'
	): Promise<{ code: string; secret: string; view: TeacherView }> {
		const limit = await (await this.limits()).creations.take(address);
		if (!limit.ok) throw tooMany('too-many-sessions', 'new sessions', limit.retryAfter);
		const config: ClassConfig = {
			...input,
			seed: seedOrRandom(input.seed)
		};
		const questions = this.generate(config);
		if (questions.length === 0) {
			throw new ClassError(400, 'no-questions', 'No question matches these skills.');
		}
		for (const q of questions) settlementOf(q, config.unit);
		const createdAt = this.now();
		const { rt, secret } = await this.registry.insert(config, questions, createdAt);
		this.schedule(rt);
		return { code: rt.data.code, secret, view: teacherView(rt.data, createdAt) };
	}

	/** True when `secret` is this session's teacher secret (constant-time compare). */
	async isTeacher(code: string, secret: string | null | undefined): Promise<boolean> {
		return secretMatches((await this.runtime(code)).teacherHash, secret);
	}

	/** The session `code`, checked to be asked for by its teacher: 403 `teacher-only` without `secret`. */
	protected async teacherRuntime(
		code: string,
		secret: string | null | undefined,
		fresh = false
	): Promise<Runtime> {
		const rt = await this.runtime(code, fresh);
		if (!secretMatches(rt.teacherHash, secret)) {
			throw new ClassError(403, 'teacher-only', "Only the session's teacher can do this.");
		}
		return rt;
	}

	/** The teacher's view; 403 `teacher-only` without the secret. */
	async teacherView(code: string, secret: string | null | undefined): Promise<TeacherView> {
		return teacherView((await this.teacherRuntime(code, secret, true)).data, this.now());
	}

	/** Applies a teacher action; 403 without the secret, else the refusals of `decide`. */
	async act(code: string, secret: string | null | undefined, action: TeacherAction) {
		const rt = await this.teacherRuntime(code, secret, action === 'questions.again');
		const again = action === 'questions.again' ? mostMissed(rt.data) : undefined;
		await this.run(rt, { type: 'teacher', action, ...(again ? { again } : {}) });
		return teacherView(rt.data, this.now());
	}

	/**
	 * Removes a student: their answers leave the counts (the report keeps them, marked removed),
	 * their cookie stops working, and their device cannot join again until `readmit`.
	 */
	async removeStudent(code: string, secret: string | null | undefined, studentId: string) {
		const rt = await this.teacherRuntime(code, secret);
		await this.run(rt, { type: 'remove', studentId });
		return teacherView(rt.data, this.now());
	}

	/** Lets a removed student back in (same id, answers and device); the refusals of `decide`. */
	async readmitStudent(code: string, secret: string | null | undefined, studentId: string) {
		const rt = await this.teacherRuntime(code, secret);
		await this.run(rt, { type: 'readmit', studentId });
		return teacherView(rt.data, this.now());
	}

	/** The class report so far (teacher only). */
	async report(code: string, secret: string | null | undefined): Promise<ClassReport> {
		return classReport((await this.teacherRuntime(code, secret, true)).data);
	}

	/** The class report as CSV (teacher only). */
	async reportCsv(code: string, secret: string | null | undefined, table: ReportTable) {
		return reportCsv(await this.report(code, secret), table);
	}

	/** The projector's view (public: it never holds a name nor, before reveal, an amount). */
	async screenView(code: string): Promise<ScreenView> {
		return screenView((await this.runtime(code, true)).data, this.now());
	}

	/** The code's session phase and counts (public), or a 404. */
	async summary(
		code: string
	): Promise<{ code: string; phase: ClassPhase; questionCount: number; locked: boolean }> {
		const { data } = await this.runtime(code, true);
		const { phase, questions, context } = data;
		return { code: data.code, phase, questionCount: questions.length, locked: context.locked };
	}
}
