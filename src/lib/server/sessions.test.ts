import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCode } from '$lib/class/codes';
import { rightAnswer, slipAnswer, totalWrongAnswer } from '$lib/class/fixtures';
import { IDLE_MS } from '$lib/class/machine';
import type { ClassConfig, ScreenView, StudentView, TeacherView } from '$lib/class/types';
import { ClassError } from './errors';
import type { ClassService } from './sessions';
import { CaptureSink, testService, type TestService } from './testing';

const CONFIG: ClassConfig = {
	skills: ['discard', 'self-pick'],
	questionCount: 3,
	unit: 'points',
	seed: 'sessions-test',
	limitSeconds: null
};

function expectError(fn: () => unknown, status: number, code: string): ClassError {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(ClassError);
		const e = error as ClassError;
		expect({ status: e.status, code: e.code }).toEqual({ status, code });
		return e;
	}
	throw new Error(`expected a ${status} ${code}`);
}

let t: TestService;
beforeEach(() => {
	t = testService();
});
afterEach(() => {
	vi.useRealTimers();
	t.cleanup();
});

/** A session with students Ann, Ben, Cy and their tokens. */
function classWithStudents(service: ClassService = t.service, config = CONFIG) {
	const { code, secret } = service.create(config);
	const students = ['Ann', 'Ben', 'Cy'].map((name) => service.join(code, name, '10.0.0.1'));
	return { code, secret, students };
}

/** The answer a student gives to the current question: right, total off, slip. */
function answerFor(
	service: ClassService,
	code: string,
	secret: string,
	kind: 'right' | 'total' | 'slip'
) {
	const view = service.teacherView(code, secret);
	const scenario = { outcome: view.question!.outcome } as Parameters<typeof rightAnswer>[0];
	const answer =
		kind === 'right'
			? rightAnswer(scenario)
			: kind === 'total'
				? totalWrongAnswer(scenario)
				: slipAnswer(scenario);
	return { question: view.index, ...answer };
}

describe('creating a session', () => {
	it('creates the database folder and file on first use, with WAL', () => {
		expect(existsSync(t.path)).toBe(false);
		const { code, secret, view } = t.service.create(CONFIG);
		expect(existsSync(t.path)).toBe(true);
		expect(isCode(code)).toBe(true);
		expect(secret.length).toBeGreaterThanOrEqual(43);
		expect(view.phase).toBe('lobby');
		expect(view.config.questionCount).toBe(3);
		const db = new Database(t.path, { readonly: true });
		expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
		const row = db.prepare('SELECT teacher_hash FROM sessions WHERE code = ?').get(code) as {
			teacher_hash: string;
		};
		expect(row.teacher_hash).not.toContain(secret);
		db.close();
	});

	it('gives every session its own code', () => {
		const codes = new Set(Array.from({ length: 20 }, () => t.service.create(CONFIG).code));
		expect(codes.size).toBe(20);
	});

	it('asks the teacher secret for every teacher action (403 without it)', () => {
		const { code, secret } = t.service.create(CONFIG);
		expect(t.service.isTeacher(code, secret)).toBe(true);
		expect(t.service.isTeacher(code, 'nope')).toBe(false);
		expectError(() => t.service.act(code, null, 'question.open'), 403, 'teacher-only');
		expectError(() => t.service.act(code, `${secret}x`, 'question.open'), 403, 'teacher-only');
		expectError(() => t.service.teacherView(code, undefined), 403, 'teacher-only');
		expectError(() => t.service.report(code, 'x'), 403, 'teacher-only');
		expect(t.service.act(code, secret, 'question.open').phase).toBe('open');
	});

	it('answers 404 for unknown or malformed codes', () => {
		expectError(() => t.service.screenView('ZZZZZZ'), 404, 'session-not-found');
		expectError(() => t.service.screenView('not a code'), 404, 'session-not-found');
	});

	it('refuses teacher actions the phase does not allow (409)', () => {
		const { code, secret } = t.service.create({ ...CONFIG, questionCount: 1 });
		expectError(() => t.service.act(code, secret, 'question.reveal'), 409, 'invalid-transition');
		t.service.act(code, secret, 'question.open');
		expectError(() => t.service.act(code, secret, 'question.open'), 409, 'invalid-transition');
		t.service.act(code, secret, 'answers.close');
		t.service.act(code, secret, 'question.reveal');
		expectError(() => t.service.act(code, secret, 'question.next'), 409, 'no-more-questions');
		t.service.act(code, secret, 'session.end');
		expectError(() => t.service.act(code, secret, 'session.end'), 409, 'session-ended');
	});
});

describe('joining', () => {
	it('trims names, keeps them unique ignoring case, and refuses bad ones', () => {
		const { code } = t.service.create(CONFIG);
		const ann = t.service.join(code, '  Ann  ', 'x');
		expect(ann.view.me.name).toBe('Ann');
		expectError(() => t.service.join(code, 'ANN', 'x'), 409, 'name-taken');
		expectError(() => t.service.join(code, '   ', 'x'), 400, 'invalid-name');
		expectError(() => t.service.join(code, 'x'.repeat(25), 'x'), 400, 'invalid-name');
		expect(t.service.join(code, 'x'.repeat(24), 'x').view.me.name).toHaveLength(24);
	});

	it('gives each student a secret token that brings them back', () => {
		const { code, students } = classWithStudents();
		const [ann] = students;
		expect(t.service.studentFor(code, ann!.token)).toBe(ann!.studentId);
		expect(t.service.studentFor(code, 'forged')).toBeNull();
		expect(t.service.studentView(code, ann!.token).me.name).toBe('Ann');
		expectError(() => t.service.studentView(code, null), 401, 'not-joined');
	});

	it('rate-limits joins per address (429 with Retry-After)', () => {
		t.cleanup();
		t = testService({ joinLimit: { capacity: 2, perSecond: 0.1 } });
		const { code } = t.service.create(CONFIG);
		t.service.join(code, 'A', '1.1.1.1');
		t.service.join(code, 'B', '1.1.1.1');
		const e = expectError(() => t.service.join(code, 'C', '1.1.1.1'), 429, 'too-many-joins');
		expect(e.headers['retry-after']).toBe('10');
		expect(t.service.join(code, 'C', '2.2.2.2').view.me.name).toBe('C');
		expectError(() => t.service.join('ZZZZZZ', 'D', '1.1.1.1'), 429, 'too-many-joins');
	});

	it('refuses joins after the end', () => {
		const { code, secret } = t.service.create(CONFIG);
		t.service.act(code, secret, 'session.end');
		expectError(() => t.service.join(code, 'Late', 'x'), 409, 'session-ended');
	});
});

describe('answering', () => {
	it('grades answers, locks them, and refuses every kind of bad answer with a reason', () => {
		const { code, secret, students } = classWithStudents();
		const [ann, ben, cy] = students;
		expectError(
			() => t.service.submit(code, ann!.token, { question: 0, pays: {}, total: 0 }),
			409,
			'answers-closed'
		);
		t.service.act(code, secret, 'question.open');
		const right = answerFor(t.service, code, secret, 'right');
		const view = t.service.submit(code, ann!.token, right);
		expect(view.me.answer).toEqual({ pays: right.pays, total: right.total });
		expect(view.me.result).toBeNull();
		expectError(() => t.service.submit(code, ann!.token, right), 409, 'already-answered');
		expectError(() => t.service.submit(code, 'forged', right), 401, 'not-joined');
		expectError(
			() => t.service.submit(code, ben!.token, { ...right, question: 1 }),
			409,
			'wrong-question'
		);
		expectError(
			() => t.service.submit(code, ben!.token, { ...right, pays: {} }),
			400,
			'invalid-answer'
		);
		const receiver = Object.keys({ east: 1, south: 1, west: 1, north: 1 }).find(
			(s) => !(s in right.pays)
		)!;
		expectError(
			() =>
				t.service.submit(code, ben!.token, { ...right, pays: { ...right.pays, [receiver]: 5 } }),
			400,
			'invalid-answer'
		);
		t.service.removeStudent(code, secret, cy!.studentId);
		expectError(() => t.service.submit(code, cy!.token, right), 403, 'removed');
		t.service.act(code, secret, 'answers.close');
		expectError(() => t.service.submit(code, ben!.token, right), 409, 'answers-closed');
		t.service.act(code, secret, 'session.end');
		expectError(() => t.service.submit(code, ben!.token, right), 409, 'session-ended');
	});

	it('groups the answers by misconception for the teacher, and for the projector only after reveal', () => {
		const { code, secret, students } = classWithStudents();
		t.service.act(code, secret, 'question.open');
		const kinds = ['right', 'total', 'slip'] as const;
		students.forEach((s, i) =>
			t.service.submit(code, s.token, answerFor(t.service, code, secret, kinds[i]!))
		);
		const teacher = t.service.teacherView(code, secret);
		expect(teacher.summary?.right).toBe(1);
		expect(teacher.summary?.groups.find((g) => g.key === 'winner-total-not-sum')?.names).toEqual([
			'Ben'
		]);
		expect(t.service.screenView(code).summary).toBeNull();
		t.service.act(code, secret, 'answers.close');
		expect(t.service.screenView(code).summary).toBeNull();
		t.service.act(code, secret, 'question.reveal');
		const screen = t.service.screenView(code);
		expect(screen.summary?.shareRight).toBeCloseTo(1 / 3);
		expect(JSON.stringify(screen)).not.toMatch(/Ann|Ben|"Cy"/);
		expect(t.service.studentView(code, students[1]!.token).me.result?.misconceptions[0]).toBe(
			'winner-total-not-sum'
		);
	});

	it('removing a student takes them out of the counts; unknown students are 404', () => {
		const { code, secret, students } = classWithStudents();
		const view = t.service.removeStudent(code, secret, students[0]!.studentId);
		expect(view.roster.map((r) => r.name)).toEqual(['Ben', 'Cy']);
		expectError(
			() => t.service.removeStudent(code, secret, students[0]!.studentId),
			404,
			'student-not-found'
		);
		expectError(() => t.service.removeStudent(code, secret, 'nobody'), 404, 'student-not-found');
		expectError(
			() => t.service.removeStudent(code, null, students[1]!.studentId),
			403,
			'teacher-only'
		);
		expect(t.service.join(code, 'ann', 'x').view.me.name).toBe('ann');
	});
});

describe('surviving a restart', () => {
	it('closing and reopening the database mid-question keeps every answer', () => {
		const { code, secret, students } = classWithStudents();
		t.service.act(code, secret, 'question.open');
		const given = students.map((s, i) => {
			const a = answerFor(t.service, code, secret, (['right', 'total', 'slip'] as const)[i]!);
			t.service.submit(code, s.token, a);
			return a;
		});
		t.service.closeDatabase();
		const raw = new Database(t.path, { readonly: true });
		expect((raw.prepare('SELECT COUNT(*) AS n FROM answers').get() as { n: number }).n).toBe(3);
		raw.close();
		// The same process carries on: the connection opens again on the next call.
		const late = t.service.join(code, 'Dee', 'x');
		t.service.submit(code, late.token, answerFor(t.service, code, secret, 'right'));
		// A new process on the same file.
		const again = t.restart();
		const teacher = again.teacherView(code, secret);
		expect(teacher.phase).toBe('open');
		expect(teacher.index).toBe(0);
		expect(teacher.answered).toBe(4);
		expect(teacher.answers.map((a) => a.name)).toEqual(['Ann', 'Ben', 'Cy', 'Dee']);
		students.forEach((s, i) => {
			const me = again.studentView(code, s.token).me;
			expect(me.answer).toEqual({ pays: given[i]!.pays, total: given[i]!.total });
		});
		expectError(() => again.submit(code, students[0]!.token, given[0]!), 409, 'already-answered');
		expectError(() => again.join(code, 'ann', 'x'), 409, 'name-taken');
		again.act(code, secret, 'answers.close');
		again.act(code, secret, 'question.reveal');
		expect(again.screenView(code).summary?.answered).toBe(4);
	});

	it('restores every phase, question index and event id from the stored events', () => {
		const { code, secret, students } = classWithStudents();
		const steps = [
			'question.open',
			'answers.close',
			'question.reveal',
			'question.next',
			'session.end'
		] as const;
		for (const step of steps) {
			t.service.act(code, secret, step);
			if (step === 'question.open') t.service.removeStudent(code, secret, students[2]!.studentId);
			const before = t.service.teacherView(code, secret);
			const after = t.restart().teacherView(code, secret);
			expect({ ...after, now: 0 }).toEqual({ ...before, now: 0 });
		}
	});
});

describe('time limits', () => {
	it('closes answers 1 s after the deadline (the grace), also after a restart', () => {
		vi.useFakeTimers({ now: t.clock.now });
		const { code, secret, students } = classWithStudents(t.service, {
			...CONFIG,
			limitSeconds: 20
		});
		const opened = t.service.act(code, secret, 'question.open');
		expect(opened.deadline).toBe(t.clock.now + 20_000);
		const sink = new CaptureSink();
		t.service.subscribe(code, { kind: 'screen' }, null, sink);
		t.clock.now += 19_000;
		vi.advanceTimersByTime(19_000);
		expect(t.service.screenView(code).phase).toBe('open');
		t.clock.now += 1_000;
		vi.advanceTimersByTime(1_000);
		expect(t.service.screenView(code).phase).toBe('open');
		// 300 ms after the deadline, within the grace: the answer counts.
		t.clock.now += 300;
		vi.advanceTimersByTime(300);
		const onTime = answerFor(t.service, code, secret, 'right');
		expect(t.service.submit(code, students[1]!.token, onTime).me.answer).not.toBeNull();
		t.clock.now += 700;
		vi.advanceTimersByTime(700);
		expect(t.service.screenView(code).phase).toBe('closed');
		expect(sink.last<ScreenView>().phase).toBe('closed');
		const late = answerFor(t.service, code, secret, 'right');
		expectError(() => t.service.submit(code, students[0]!.token, late), 409, 'answers-closed');
		// The next question's timer runs again after a restart, and fires at once if it passed.
		t.service.act(code, secret, 'question.reveal');
		t.service.act(code, secret, 'question.next');
		const restarted = t.restart();
		t.clock.now += 25_000;
		expect(restarted.screenView(code).phase).toBe('open');
		vi.advanceTimersByTime(0);
		expect(restarted.screenView(code).phase).toBe('closed');
	});

	it('refuses an answer that arrives after the deadline even before the timer fires', () => {
		const { code, secret, students } = classWithStudents(t.service, {
			...CONFIG,
			limitSeconds: 10
		});
		t.service.act(code, secret, 'question.open');
		const a = answerFor(t.service, code, secret, 'right');
		t.clock.now += 10_500;
		expect(t.service.submit(code, students[0]!.token, a).me.answer).not.toBeNull();
		t.clock.now += 1_000;
		expectError(() => t.service.submit(code, students[1]!.token, a), 409, 'answers-closed');
	});
});

describe('idle expiry', () => {
	it('ends sessions idle for 12 hours, in memory or only in the database', () => {
		const a = t.service.create(CONFIG);
		const b = t.service.create(CONFIG);
		t.clock.now += 60_000;
		t.service.join(b.code, 'Active', 'x');
		t.service.forgetSessions();
		t.service.screenView(a.code);
		t.clock.now += IDLE_MS - 30_000;
		expect(t.service.expireIdle()).toEqual([a.code]);
		expect(t.service.screenView(a.code)).toMatchObject({ phase: 'ended', endReason: 'idle' });
		expect(t.service.screenView(b.code).phase).toBe('lobby');
		t.clock.now += 60_000;
		expect(t.service.expireIdle()).toEqual([b.code]);
		const c = t.service.create(CONFIG);
		t.clock.now += IDLE_MS;
		const restarted = t.restart();
		expect(restarted.screenView(c.code).phase).toBe('ended');
	});
});

describe('Server-Sent Events', () => {
	it('sends the current view with the last event id, and nothing more on a resume that missed nothing', () => {
		const { code, secret } = classWithStudents();
		const fresh = new CaptureSink();
		t.service.subscribe(code, { kind: 'teacher' }, null, fresh);
		const first = fresh.messages();
		expect(first).toHaveLength(1);
		expect(first[0]!.event).toBe('state');
		expect(first[0]!.id).toBe('3');
		expect(JSON.parse(first[0]!.data).seq).toBe(3);
		const resumed = new CaptureSink();
		t.service.subscribe(code, { kind: 'teacher' }, 3, resumed);
		expect(resumed.messages()).toHaveLength(0);
		expect(resumed.chunks.join('')).toContain('retry: 2000');
		t.service.act(code, secret, 'question.open');
		expect(resumed.messages().map((m) => m.id)).toEqual(['4']);
		const behind = new CaptureSink();
		t.service.subscribe(code, { kind: 'teacher' }, 1, behind);
		expect(behind.last<TeacherView>().phase).toBe('open');
	});

	it('pushes the reveal to every student, and never the key or others before it', () => {
		const { code, secret, students } = classWithStudents();
		const sinks = students.map((s) => {
			const sink = new CaptureSink();
			t.service.subscribe(code, { kind: 'student', id: s.studentId }, null, sink);
			return sink;
		});
		const screen = new CaptureSink();
		t.service.subscribe(code, { kind: 'screen' }, null, screen);
		t.service.act(code, secret, 'question.open');
		t.service.submit(code, students[0]!.token, answerFor(t.service, code, secret, 'right'));
		t.service.act(code, secret, 'answers.close');
		for (const sink of [...sinks, screen]) {
			for (const m of sink.messages()) {
				expect(m.data).not.toMatch(/"(settlement|expected|summary|result)":(?!null)/);
			}
		}
		expect(screen.last<ScreenView>().answered).toBe(1);
		expect(sinks[1]!.chunks.join('')).not.toContain('"Ann"');
		t.service.act(code, secret, 'question.reveal');
		for (const sink of sinks) {
			const view = sink.last<StudentView>();
			expect(view.shared.phase).toBe('revealed');
			expect(view.shared.reveal?.settlement).toBeDefined();
		}
		expect(sinks[0]!.last<StudentView>().me.result?.correct).toBe(true);
		expect(screen.last<ScreenView>().summary?.right).toBe(1);
	});

	it('tells a removed student and closes their stream', () => {
		const { code, secret, students } = classWithStudents();
		const sink = new CaptureSink();
		t.service.subscribe(code, { kind: 'student', id: students[0]!.studentId }, null, sink);
		t.service.removeStudent(code, secret, students[0]!.studentId);
		expect(sink.last<StudentView>().me.removed).toBe(true);
		expect(sink.closed).toBe(true);
		expect(t.service.streamCount(code)).toBe(0);
	});

	it('drops a stream whose write fails, and the unsubscribe function removes it', () => {
		const { code, secret } = classWithStudents();
		const broken = new CaptureSink();
		t.service.subscribe(code, { kind: 'screen' }, null, broken);
		broken.closed = true;
		const ok = new CaptureSink();
		const stop = t.service.subscribe(code, { kind: 'screen' }, null, ok);
		t.service.act(code, secret, 'question.open');
		expect(t.service.streamCount(code)).toBe(1);
		stop();
		expect(t.service.streamCount(code)).toBe(0);
	});
});

describe('the report', () => {
	it('downloads per-question and per-student CSV', () => {
		const { code, secret, students } = classWithStudents();
		t.service.act(code, secret, 'question.open');
		t.service.submit(code, students[0]!.token, answerFor(t.service, code, secret, 'right'));
		t.service.act(code, secret, 'answers.close');
		t.service.act(code, secret, 'question.reveal');
		t.service.act(code, secret, 'session.end');
		const questions = t.service.reportCsv(code, secret, 'questions').split('\r\n');
		expect(questions[1]).toMatch(/^1,.*,1,1,100,,,$/);
		const studentsCsv = t.service.reportCsv(code, secret, 'students');
		expect(studentsCsv).toContain('Ann,1,1,1,100');
		expect(studentsCsv).toContain('Ben,0,0,1,0');
		expectError(() => t.service.reportCsv(code, 'x', 'students'), 403, 'teacher-only');
	});
});

describe('group commit', () => {
	it('tells nobody of a command before its batch is on disk, then keeps it across a restart', async () => {
		const g = testService({ groupCommitMs: 0 });
		try {
			const { code, secret } = g.service.create(CONFIG);
			const students = ['Ann', 'Ben'].map((name) => g.service.join(code, name, '10.0.0.1'));
			await g.service.settled();
			const sink = new CaptureSink();
			g.service.subscribe(code, { kind: 'student', id: students[0]!.studentId }, null, sink);
			const before = sink.messages().length;
			g.service.act(code, secret, 'question.open');
			const a = answerFor(g.service, code, secret, 'right');
			for (const s of students) g.service.submit(code, s.token, a);
			expect(sink.messages().length).toBe(before);
			await g.service.settled();
			expect(sink.last<StudentView>().me.answer).not.toBeNull();
			const again = g.restart();
			expect(again.teacherView(code, secret).answered).toBe(2);
		} finally {
			g.cleanup();
		}
	});

	it('a batch that cannot be written rejects with 503 and the session loads again from disk', async () => {
		const g = testService({ groupCommitMs: 4 });
		try {
			const { code, secret } = g.service.create(CONFIG);
			g.service.join(code, 'Ann', '10.0.0.1');
			const settled = g.service.settled();
			expect(g.service.teacherView(code, secret).students).toBe(1);
			new Database(g.path).exec('DROP TABLE students');
			await expect(settled).rejects.toMatchObject({ status: 503, code: 'storage-unavailable' });
			// Loaded again from the database: the join that was never stored is not there.
			expect(g.service.teacherView(code, secret).students).toBe(0);
		} finally {
			g.cleanup();
		}
	});
});
