import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCode } from '$lib/class/codes';
import { classQuestions } from '$lib/class/preview';
import { rightAnswer, slipAnswer, totalWrongAnswer } from '$lib/class/fixtures';
import { IDLE_MS } from '$lib/class/machine';
import type { ClassConfig, ScreenView, StudentView, TeacherView } from '$lib/class/types';
import { ClassError } from './errors';
import type { ClassService } from './sessions';
import { rawQuery } from './store/testing';
import type { Store } from './store';
import { CaptureSink, STORE_KINDS, testService, type StoreKind, type TestService } from './testing';

const CONFIG: ClassConfig = {
	skills: ['discard', 'self-pick'],
	questionCount: 3,
	unit: 'points',
	seed: 'sessions-test',
	limitSeconds: null
};

async function expectError(fn: () => unknown, status: number, code: string): Promise<ClassError> {
	try {
		await fn();
	} catch (error) {
		expect(error).toBeInstanceOf(ClassError);
		const e = error as ClassError;
		expect({ status: e.status, code: e.code }).toEqual({ status, code });
		return e;
	}
	throw new Error(`expected a ${status} ${code}`);
}

/** The answer a student gives to the current question: right, total off, slip. */
async function answerFor(
	service: ClassService,
	code: string,
	secret: string,
	kind: 'right' | 'total' | 'slip'
) {
	const view = await service.teacherView(code, secret);
	const scenario = { outcome: view.question!.outcome } as Parameters<typeof rightAnswer>[0];
	const answer =
		kind === 'right'
			? rightAnswer(scenario)
			: kind === 'total'
				? totalWrongAnswer(scenario)
				: slipAnswer(scenario);
	return { question: view.index, ...answer };
}

/** What a stream request carries: the audience, and nothing else. */
const follow = (
	as: 'teacher' | 'screen' | 'student',
	more: { secret?: string; token?: string; lastEventId?: number } = {}
) => ({
	as,
	secret: more.secret ?? null,
	token: more.token ?? null,
	address: '10.9.9.9',
	lastEventId: more.lastEventId ?? null
});

describe.each(STORE_KINDS)('the class service on %s', (kind: StoreKind) => {
	let t: TestService;
	beforeEach(() => {
		t = testService({}, kind);
	});
	afterEach(async () => {
		vi.useRealTimers();
		await t.cleanup();
	});

	/** A session with students Ann, Ben, Cy and their tokens. */
	/** A session with Ann, Ben and Cy, the names shown to the teacher. */
	async function classWithStudents(service: ClassService = t.service, config = CONFIG) {
		const { code, secret } = await service.create(config);
		await service.act(code, secret, 'names.show');
		const students = [];
		for (const name of ['Ann', 'Ben', 'Cy'])
			students.push(await service.join(code, name, '10.0.0.1'));
		return { code, secret, students };
	}

	describe('creating a session', () => {
		it('creates the store on first use (the SQLite folder and file, with WAL)', async () => {
			if (kind === 'sqlite') expect(existsSync(t.place.where)).toBe(false);
			const { code, secret, view } = await t.service.create(CONFIG);
			if (kind === 'sqlite') {
				expect(existsSync(t.place.where)).toBe(true);
				const [mode] = await rawQuery(t.place, 'PRAGMA journal_mode');
				expect(mode).toEqual({ journal_mode: 'wal' });
			}
			expect(isCode(code)).toBe(true);
			expect(secret.length).toBeGreaterThanOrEqual(43);
			expect(view.phase).toBe('lobby');
			expect(view.config.questionCount).toBe(3);
			const [row] = await rawQuery(
				t.place,
				`SELECT teacher_hash FROM sessions WHERE code = '${code}'`
			);
			expect(String(row!.teacher_hash)).not.toContain(secret);
		});

		it('fills in a blank seed, and keeps a given one', async () => {
			const blank = await t.service.create({ ...CONFIG, seed: '  ' });
			expect(blank.view.config.seed).toMatch(/^[0-9a-f]{8}$/);
			const given = await t.service.create(CONFIG);
			expect(given.view.config.seed).toBe('sessions-test');
		});

		it("asks exactly the questions /class/new's preview showed, swapped ones included (issue 20)", async () => {
			const config = { ...CONFIG, seed: 'preview-swaps', questionCount: 4, swaps: { 1: 1, 3: 2 } };
			const previewed = classQuestions(config);
			const plain = classQuestions({ ...config, swaps: {} });
			expect(previewed[1]!.outcome).not.toEqual(plain[1]!.outcome);
			expect(previewed[0]).toEqual(plain[0]);
			const { code, view } = await t.service.create(config);
			expect(view.config.swaps).toEqual({ 1: 1, 3: 2 });
			const [row] = await rawQuery(
				t.place,
				`SELECT questions FROM sessions WHERE code = '${code}'`
			);
			expect(JSON.parse(String(row!.questions))).toEqual(previewed);
		});

		it('gives every session its own code', async () => {
			const codes = new Set<string>();
			for (let i = 0; i < 20; i++) codes.add((await t.service.create(CONFIG)).code);
			expect(codes.size).toBe(20);
		});

		it('asks the teacher secret for every teacher action (403 without it)', async () => {
			const { code, secret } = await t.service.create(CONFIG);
			expect(await t.service.isTeacher(code, secret)).toBe(true);
			expect(await t.service.isTeacher(code, 'nope')).toBe(false);
			await expectError(() => t.service.act(code, null, 'question.open'), 403, 'teacher-only');
			await expectError(
				() => t.service.act(code, `${secret}x`, 'question.open'),
				403,
				'teacher-only'
			);
			await expectError(() => t.service.teacherView(code, undefined), 403, 'teacher-only');
			await expectError(() => t.service.report(code, 'x'), 403, 'teacher-only');
			expect((await t.service.act(code, secret, 'question.open')).phase).toBe('open');
		});

		it('answers 404 for unknown or malformed codes', async () => {
			await expectError(() => t.service.screenView('ZZZZZZ'), 404, 'session-not-found');
			await expectError(() => t.service.screenView('not a code'), 404, 'session-not-found');
		});

		it('refuses teacher actions the phase does not allow (409), and offers only those it takes', async () => {
			const { code, secret, view } = await t.service.create({ ...CONFIG, questionCount: 1 });
			expect(view.actions).toEqual(['question.open', 'names.show', 'session.lock', 'session.end']);
			await expectError(
				() => t.service.act(code, secret, 'question.reveal'),
				409,
				'invalid-transition'
			);
			expect((await t.service.act(code, secret, 'question.open')).actions).toEqual([
				'answers.close',
				'names.show',
				'session.lock',
				'session.end'
			]);
			await expectError(
				() => t.service.act(code, secret, 'question.open'),
				409,
				'invalid-transition'
			);
			await t.service.act(code, secret, 'answers.close');
			const revealed = await t.service.act(code, secret, 'question.reveal');
			expect(revealed.actions).toEqual(['names.show', 'session.lock', 'session.end']);
			await expectError(
				() => t.service.act(code, secret, 'question.next'),
				409,
				'no-more-questions'
			);
			expect((await t.service.act(code, secret, 'session.end')).actions).toEqual([]);
			await expectError(() => t.service.act(code, secret, 'session.end'), 409, 'session-ended');
		});
	});

	describe('joining', () => {
		it('trims names, keeps them unique ignoring case, and refuses bad ones', async () => {
			const { code } = await t.service.create(CONFIG);
			const ann = await t.service.join(code, '  Ann  ', 'x');
			expect(ann.view.me.name).toBe('Ann');
			await expectError(() => t.service.join(code, 'ANN', 'x'), 409, 'name-taken');
			await expectError(() => t.service.join(code, '   ', 'x'), 400, 'invalid-name');
			await expectError(() => t.service.join(code, 'x'.repeat(25), 'x'), 400, 'invalid-name');
			expect((await t.service.join(code, 'x'.repeat(24), 'x')).view.me.name).toHaveLength(24);
		});

		it('gives each student a secret token that brings them back', async () => {
			const { code, students } = await classWithStudents();
			const [ann] = students;
			expect(await t.service.studentFor(code, ann!.token)).toBe(ann!.studentId);
			expect(await t.service.studentFor(code, 'forged')).toBeNull();
			expect((await t.service.studentView(code, ann!.token)).me.name).toBe('Ann');
			await expectError(() => t.service.studentView(code, null), 401, 'not-joined');
		});

		it('joinOrResume gives a browser that joined its identity back, and joins anyone else', async () => {
			const { code, secret } = await t.service.create(CONFIG);
			const first = await t.service.joinOrResume(code, 'Ann', null, 'x');
			expect(first).toMatchObject({ resumed: false, view: { me: { name: 'Ann' } } });
			expect(first.token).toEqual(expect.any(String));
			await t.service.act(code, secret, 'session.lock');
			const again = await t.service.joinOrResume(code, 'Other', first.token, 'x');
			expect(again).toMatchObject({ resumed: true, token: null, studentId: first.studentId });
			await t.service.removeStudent(code, secret, first.studentId);
			// Removed: the same device cannot join again, under any name, until let back in.
			await t.service.act(code, secret, 'session.unlock');
			for (const name of ['Ann', 'Someone Else']) {
				await expectError(
					() => t.service.joinOrResume(code, name, first.token, 'x'),
					403,
					'removed'
				);
			}
			await expectError(() => t.service.studentView(code, first.token), 403, 'removed');
			const back = await t.service.readmitStudent(code, secret, first.studentId);
			expect(back.students).toBe(1);
			const resumed = await t.service.joinOrResume(code, 'Other', first.token, 'x');
			expect(resumed).toMatchObject({ resumed: true, studentId: first.studentId });
			await expectError(
				() => t.service.readmitStudent(code, secret, first.studentId),
				404,
				'student-not-found'
			);
		});

		it('rate-limits joins per address (429 with Retry-After)', async () => {
			await t.cleanup();
			t = testService({ joinLimit: { capacity: 2, perSecond: 0.1 } }, kind);
			const { code } = await t.service.create(CONFIG);
			await t.service.join(code, 'A', '1.1.1.1');
			await t.service.join(code, 'B', '1.1.1.1');
			const e = await expectError(
				() => t.service.join(code, 'C', '1.1.1.1'),
				429,
				'too-many-joins'
			);
			expect(e.headers['retry-after']).toBe('10');
			expect((await t.service.join(code, 'C', '2.2.2.2')).view.me.name).toBe('C');
			await expectError(() => t.service.join('ZZZZZZ', 'D', '1.1.1.1'), 429, 'too-many-joins');
		});

		it('refuses joins after the end', async () => {
			const { code, secret } = await t.service.create(CONFIG);
			await t.service.act(code, secret, 'session.end');
			await expectError(() => t.service.join(code, 'Late', 'x'), 409, 'session-ended');
		});
	});

	describe('answering', () => {
		it('grades answers, locks them, and refuses every kind of bad answer with a reason', async () => {
			const { code, secret, students } = await classWithStudents();
			const [ann, ben, cy] = students;
			await expectError(
				() => t.service.submit(code, ann!.token, { question: 0, pays: {}, total: 0 }),
				409,
				'answers-closed'
			);
			await t.service.act(code, secret, 'question.open');
			const right = await answerFor(t.service, code, secret, 'right');
			const view = await t.service.submit(code, ann!.token, right);
			expect(view.me.answer).toEqual({ pays: right.pays, total: right.total });
			expect(view.me.result).toBeNull();
			await expectError(() => t.service.submit(code, ann!.token, right), 409, 'already-answered');
			await expectError(() => t.service.submit(code, 'forged', right), 401, 'not-joined');
			await expectError(
				() => t.service.submit(code, ben!.token, { ...right, question: 1 }),
				409,
				'wrong-question'
			);
			await expectError(
				() => t.service.submit(code, ben!.token, { ...right, pays: {} }),
				400,
				'invalid-answer'
			);
			const receiver = Object.keys({ east: 1, south: 1, west: 1, north: 1 }).find(
				(s) => !(s in right.pays)
			)!;
			await expectError(
				() =>
					t.service.submit(code, ben!.token, { ...right, pays: { ...right.pays, [receiver]: 5 } }),
				400,
				'invalid-answer'
			);
			await t.service.removeStudent(code, secret, cy!.studentId);
			await expectError(() => t.service.submit(code, cy!.token, right), 403, 'removed');
			await t.service.act(code, secret, 'answers.close');
			await expectError(() => t.service.submit(code, ben!.token, right), 409, 'answers-closed');
			await t.service.act(code, secret, 'session.end');
			await expectError(() => t.service.submit(code, ben!.token, right), 409, 'session-ended');
		});

		it('takes a burst of answers sent at once, each once, and refuses the second of a student', async () => {
			const { code, secret, students } = await classWithStudents();
			await t.service.act(code, secret, 'question.open');
			const a = await answerFor(t.service, code, secret, 'right');
			const sent = [...students, students[0]!].map((s) => t.service.submit(code, s.token, a));
			const results = await Promise.allSettled(sent);
			expect(results.map((r) => r.status)).toEqual([
				'fulfilled',
				'fulfilled',
				'fulfilled',
				'rejected'
			]);
			expect((await t.service.teacherView(code, secret)).answered).toBe(3);
			const [row] = await rawQuery(
				t.place,
				`SELECT count(*) AS n FROM answers WHERE session_code = '${code}'`
			);
			expect(Number(row!.n)).toBe(3);
		});

		it('groups the answers by misconception for the teacher, and for the projector only after reveal', async () => {
			const { code, secret, students } = await classWithStudents();
			await t.service.act(code, secret, 'question.open');
			const kinds = ['right', 'total', 'slip'] as const;
			for (const [i, s] of students.entries()) {
				await t.service.submit(code, s.token, await answerFor(t.service, code, secret, kinds[i]!));
			}
			const teacher = await t.service.teacherView(code, secret);
			expect(teacher.summary?.right).toBe(1);
			expect(teacher.summary?.groups.find((g) => g.key === 'winner-total-not-sum')?.names).toEqual([
				'Ben'
			]);
			expect((await t.service.screenView(code)).summary).toBeNull();
			await t.service.act(code, secret, 'answers.close');
			expect((await t.service.screenView(code)).summary).toBeNull();
			await t.service.act(code, secret, 'question.reveal');
			const screen = await t.service.screenView(code);
			expect(screen.summary?.shareRight).toBeCloseTo(1 / 3);
			expect(JSON.stringify(screen)).not.toMatch(/Ann|Ben|"Cy"/);
			expect(
				(await t.service.studentView(code, students[1]!.token)).me.result?.misconceptions[0]
			).toBe('winner-total-not-sum');
		});

		it('removing a student takes them out of the counts; unknown students are 404', async () => {
			const { code, secret, students } = await classWithStudents();
			const view = await t.service.removeStudent(code, secret, students[0]!.studentId);
			expect(view.roster.map((r) => r.name)).toEqual(['Ben', 'Cy']);
			await expectError(
				() => t.service.removeStudent(code, secret, students[0]!.studentId),
				404,
				'student-not-found'
			);
			await expectError(
				() => t.service.removeStudent(code, secret, 'nobody'),
				404,
				'student-not-found'
			);
			await expectError(
				() => t.service.removeStudent(code, null, students[1]!.studentId),
				403,
				'teacher-only'
			);
			expect((await t.service.join(code, 'ann', 'x')).view.me.name).toBe('ann');
		});
	});

	describe('surviving a restart', () => {
		it('closing and reopening the store mid-question keeps every answer', async () => {
			const { code, secret, students } = await classWithStudents();
			await t.service.act(code, secret, 'question.open');
			const given: Awaited<ReturnType<typeof answerFor>>[] = [];
			for (const [i, s] of students.entries()) {
				const a = await answerFor(
					t.service,
					code,
					secret,
					(['right', 'total', 'slip'] as const)[i]!
				);
				await t.service.submit(code, s.token, a);
				given.push(a);
			}
			await t.service.closeDatabase();
			const [count] = await rawQuery(t.place, 'SELECT count(*) AS n FROM answers');
			expect(Number(count!.n)).toBe(3);
			// The same process carries on: the store opens again on the next call.
			const late = await t.service.join(code, 'Dee', 'x');
			await t.service.submit(code, late.token, await answerFor(t.service, code, secret, 'right'));
			// A new process on the same store.
			const again = await t.restart();
			const teacher = await again.teacherView(code, secret);
			expect(teacher.phase).toBe('open');
			expect(teacher.index).toBe(0);
			expect(teacher.answered).toBe(4);
			expect(teacher.answers.map((a) => a.name)).toEqual(['Ann', 'Ben', 'Cy', 'Dee']);
			for (const [i, s] of students.entries()) {
				const me = (await again.studentView(code, s.token)).me;
				expect(me.answer).toEqual({ pays: given[i]!.pays, total: given[i]!.total });
			}
			await expectError(
				() => again.submit(code, students[0]!.token, given[0]!),
				409,
				'already-answered'
			);
			await expectError(() => again.join(code, 'ann', 'x'), 409, 'name-taken');
			await again.act(code, secret, 'answers.close');
			await again.act(code, secret, 'question.reveal');
			expect((await again.screenView(code)).summary?.answered).toBe(4);
		});

		it('restores every phase, question index and event id from the stored events', async () => {
			const { code, secret, students } = await classWithStudents();
			const steps = [
				'question.open',
				'answers.close',
				'question.reveal',
				'question.next',
				'session.end'
			] as const;
			for (const step of steps) {
				await t.service.act(code, secret, step);
				if (step === 'question.open')
					await t.service.removeStudent(code, secret, students[2]!.studentId);
				const before = await t.service.teacherView(code, secret);
				const after = await (await t.restart()).teacherView(code, secret);
				expect({ ...after, now: 0 }).toEqual({ ...before, now: 0 });
			}
		});
	});

	describe('time limits', () => {
		it('closes answers 1 s after the deadline (the grace), also after a restart', async () => {
			vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
			const { code, secret, students } = await classWithStudents(t.service, {
				...CONFIG,
				limitSeconds: 20
			});
			const opened = await t.service.act(code, secret, 'question.open');
			expect(opened.deadline).toBe(t.clock.now + 20_000);
			const sink = new CaptureSink();
			(await t.service.follow(code, follow('screen'))).attach(sink);
			const pass = async (ms: number) => {
				t.clock.now += ms;
				vi.advanceTimersByTime(ms);
				await t.service.settled();
			};
			await pass(19_000);
			expect((await t.service.screenView(code)).phase).toBe('open');
			await pass(1_000);
			expect((await t.service.screenView(code)).phase).toBe('open');
			// 300 ms after the deadline, within the grace: the answer counts.
			await pass(300);
			const onTime = await answerFor(t.service, code, secret, 'right');
			expect((await t.service.submit(code, students[1]!.token, onTime)).me.answer).not.toBeNull();
			await pass(700);
			expect((await t.service.screenView(code)).phase).toBe('closed');
			expect(sink.last<ScreenView>().phase).toBe('closed');
			const late = await answerFor(t.service, code, secret, 'right');
			await expectError(
				() => t.service.submit(code, students[0]!.token, late),
				409,
				'answers-closed'
			);
			// The next question's timer runs again after a restart, and fires at once if it passed.
			await t.service.act(code, secret, 'question.reveal');
			await t.service.act(code, secret, 'question.next');
			const restarted = await t.restart();
			t.clock.now += 25_000;
			expect((await restarted.screenView(code)).phase).toBe('open');
			vi.advanceTimersByTime(0);
			await restarted.settled();
			expect((await restarted.screenView(code)).phase).toBe('closed');
		});

		it('closes once when two instances hold the session and both timers fire', async () => {
			vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
			const a = t.service;
			const b = t.another();
			const { code, secret } = await classWithStudents(a, { ...CONFIG, limitSeconds: 10 });
			await a.act(code, secret, 'question.open');
			await b.screenView(code);
			t.clock.now += 11_000;
			vi.advanceTimersByTime(11_000);
			await a.settled();
			await b.settled();
			await vi.waitFor(async () => expect((await b.screenView(code)).phase).toBe('closed'));
			expect((await a.screenView(code)).phase).toBe('closed');
			const closes = await rawQuery(
				t.place,
				`SELECT data FROM events WHERE session_code = '${code}' AND type = 'answers.close'`
			);
			expect(closes.map((r) => JSON.parse(String(r.data)).by)).toEqual(['timer']);
		});

		it('refuses an answer that arrives after the deadline even before the timer fires', async () => {
			const { code, secret, students } = await classWithStudents(t.service, {
				...CONFIG,
				limitSeconds: 10
			});
			await t.service.act(code, secret, 'question.open');
			const a = await answerFor(t.service, code, secret, 'right');
			t.clock.now += 10_500;
			expect((await t.service.submit(code, students[0]!.token, a)).me.answer).not.toBeNull();
			t.clock.now += 1_000;
			await expectError(() => t.service.submit(code, students[1]!.token, a), 409, 'answers-closed');
		});
	});

	describe('idle expiry', () => {
		it('ends sessions idle for 12 hours, in memory or only in the store, once across instances', async () => {
			const a = await t.service.create(CONFIG);
			const b = await t.service.create(CONFIG);
			t.clock.now += 60_000;
			await t.service.join(b.code, 'Active', 'x');
			await t.service.forgetSessions();
			await t.service.screenView(a.code);
			t.clock.now += IDLE_MS - 30_000;
			const other = t.another();
			const [mine, theirs] = await Promise.all([t.service.expireIdle(), other.expireIdle()]);
			expect([...mine, ...theirs]).toEqual([a.code]);
			expect(await t.service.screenView(a.code)).toMatchObject({
				phase: 'ended',
				endReason: 'idle'
			});
			expect((await t.service.screenView(b.code)).phase).toBe('lobby');
			t.clock.now += 60_000;
			expect(await t.service.expireIdle()).toEqual([b.code]);
			const c = await t.service.create(CONFIG);
			t.clock.now += IDLE_MS;
			const restarted = await t.restart();
			expect((await restarted.screenView(c.code)).phase).toBe('ended');
			const ends = await rawQuery(
				t.place,
				`SELECT count(*) AS n FROM events WHERE type = 'session.end'`
			);
			expect(Number(ends[0]!.n)).toBe(3);
		});
	});

	describe('Server-Sent Events', () => {
		it('sends the current view with the last event id, and nothing more on a resume that missed nothing', async () => {
			const { code, secret } = await classWithStudents();
			const fresh = new CaptureSink();
			(await t.service.follow(code, follow('teacher', { secret }))).attach(fresh);
			const first = fresh.messages();
			expect(first).toHaveLength(1);
			expect(first[0]!.event).toBe('state');
			// Three joins after names.show.
			expect(first[0]!.id).toBe('4');
			expect(JSON.parse(first[0]!.data).seq).toBe(4);
			const resumed = new CaptureSink();
			(await t.service.follow(code, follow('teacher', { secret, lastEventId: 4 }))).attach(resumed);
			expect(resumed.messages()).toHaveLength(0);
			expect(resumed.chunks.join('')).toContain('retry: 2000');
			await t.service.act(code, secret, 'question.open');
			expect(resumed.messages().map((m) => m.id)).toEqual(['5']);
			const behind = new CaptureSink();
			(await t.service.follow(code, follow('teacher', { secret, lastEventId: 1 }))).attach(behind);
			expect(behind.last<TeacherView>().phase).toBe('open');
		});

		it('checks who follows: 403 teacher, 401 student, 403 removed, 429 past the cap', async () => {
			await t.cleanup();
			t = testService({ streamsPerClient: 2 }, kind);
			const { code, secret, students } = await classWithStudents();
			await expectError(() => t.service.follow(code, follow('teacher')), 403, 'teacher-only');
			await expectError(() => t.service.follow(code, follow('student')), 401, 'not-joined');
			const ann = students[0]!;
			for (let i = 0; i < 2; i++)
				await t.service.follow(code, follow('student', { token: ann.token }));
			const full = await expectError(
				() => t.service.follow(code, follow('student', { token: ann.token })),
				429,
				'too-many-streams'
			);
			expect(full.headers['retry-after']).toMatch(/^\d+$/);
			await t.service.removeStudent(code, secret, ann.studentId);
			await expectError(
				() => t.service.follow(code, follow('student', { token: ann.token })),
				403,
				'removed'
			);
		});

		it('pushes the reveal to every student, and never the key or others before it', async () => {
			const { code, secret, students } = await classWithStudents();
			const sinks = [];
			for (const s of students) {
				const sink = new CaptureSink();
				(await t.service.follow(code, follow('student', { token: s.token }))).attach(sink);
				sinks.push(sink);
			}
			const screen = new CaptureSink();
			(await t.service.follow(code, follow('screen'))).attach(screen);
			await t.service.act(code, secret, 'question.open');
			await t.service.submit(
				code,
				students[0]!.token,
				await answerFor(t.service, code, secret, 'right')
			);
			await t.service.act(code, secret, 'answers.close');
			for (const sink of [...sinks, screen]) {
				for (const m of sink.messages()) {
					expect(m.data).not.toMatch(/"(settlement|expected|summary|result)":(?!null)/);
				}
			}
			expect(screen.last<ScreenView>().answered).toBe(1);
			expect(sinks[1]!.chunks.join('')).not.toContain('"Ann"');
			await t.service.act(code, secret, 'question.reveal');
			for (const sink of sinks) {
				const view = sink.last<StudentView>();
				expect(view.shared.phase).toBe('revealed');
				expect(view.shared.reveal?.settlement).toBeDefined();
			}
			expect(sinks[0]!.last<StudentView>().me.result?.correct).toBe(true);
			expect(screen.last<ScreenView>().summary?.right).toBe(1);
		});

		it('sends each student exactly the view /me gives, whatever changed (the shared part is cached)', async () => {
			const { code, secret, students } = await classWithStudents(t.service, {
				...CONFIG,
				limitSeconds: 60
			});
			const ann = students[0]!;
			const sink = new CaptureSink();
			(await t.service.follow(code, follow('student', { token: ann.token }))).attach(sink);
			const same = async () => {
				const sent = { ...sink.last<StudentView>() };
				const me = await t.service.studentView(code, ann.token);
				expect({ ...sent, shared: { ...sent.shared, now: 0 } }).toEqual({
					...me,
					shared: { ...me.shared, now: 0 }
				});
			};
			await same();
			await t.service.act(code, secret, 'question.open');
			await same();
			await t.service.submit(code, ann.token, await answerFor(t.service, code, secret, 'right'));
			await same();
			await t.service.act(code, secret, 'session.lock');
			await same();
			await t.service.act(code, secret, 'answers.close');
			await same();
			await t.service.act(code, secret, 'question.reveal');
			await same();
			await t.service.act(code, secret, 'question.next');
			await same();
			await t.service.act(code, secret, 'session.end');
			await same();
		});

		it('tells a removed student and closes their stream', async () => {
			const { code, secret, students } = await classWithStudents();
			const sink = new CaptureSink();
			(await t.service.follow(code, follow('student', { token: students[0]!.token }))).attach(sink);
			await t.service.removeStudent(code, secret, students[0]!.studentId);
			expect(sink.last<StudentView>().me.removed).toBe(true);
			expect(sink.closed).toBe(true);
			expect(await t.service.streamCount(code)).toBe(0);
		});

		it('drops a stream whose write fails, and the stop function removes it', async () => {
			const { code, secret } = await classWithStudents();
			const broken = new CaptureSink();
			(await t.service.follow(code, follow('screen'))).attach(broken);
			broken.closed = true;
			const ok = new CaptureSink();
			const stop = (await t.service.follow(code, follow('screen'))).attach(ok);
			await t.service.act(code, secret, 'question.open');
			expect(await t.service.streamCount(code)).toBe(1);
			stop();
			expect(await t.service.streamCount(code)).toBe(0);
		});
	});

	describe('the report', () => {
		it('downloads per-question and per-student CSV', async () => {
			const { code, secret, students } = await classWithStudents();
			await t.service.act(code, secret, 'question.open');
			await t.service.submit(
				code,
				students[0]!.token,
				await answerFor(t.service, code, secret, 'right')
			);
			await t.service.act(code, secret, 'answers.close');
			await t.service.act(code, secret, 'question.reveal');
			await t.service.act(code, secret, 'session.end');
			const questions = (await t.service.reportCsv(code, secret, 'questions')).split('\r\n');
			expect(questions[1]).toMatch(/^1,.*,1,1,100,,,,$/);
			const studentsCsv = await t.service.reportCsv(code, secret, 'students');
			expect(studentsCsv).toContain('Ann,1,1,1,100');
			expect(studentsCsv).toContain('Ben,0,0,1,0');
			await expectError(() => t.service.reportCsv(code, 'x', 'students'), 403, 'teacher-only');
		});
	});

	describe('commits', () => {
		it('tells nobody of a command before it is stored, then keeps it across a restart', async () => {
			const { code, secret, students } = await classWithStudents();
			const sink = new CaptureSink();
			(await t.service.follow(code, follow('student', { token: students[0]!.token }))).attach(sink);
			await t.service.act(code, secret, 'question.open');
			const before = sink.messages().length;
			const a = await answerFor(t.service, code, secret, 'right');
			const sent = students.slice(0, 2).map((s) => t.service.submit(code, s.token, a));
			expect(sink.messages().length).toBe(before);
			await Promise.all(sent);
			expect(sink.last<StudentView>().me.answer).not.toBeNull();
			const again = await t.restart();
			expect((await again.teacherView(code, secret)).answered).toBe(2);
		});

		it('a write that fails answers 503 and changes nothing in memory', async () => {
			const { code, secret } = await t.service.create(CONFIG);
			await t.service.join(code, 'Ann', '10.0.0.1');
			await rawQuery(t.place, 'DROP TABLE answers');
			await rawQuery(t.place, 'DROP TABLE students');
			await expectError(() => t.service.join(code, 'Ben', '10.0.0.1'), 503, 'storage-unavailable');
			expect((await t.service.teacherView(code, secret)).students).toBe(1);
		});
	});
});

describe('several instances on one PostgreSQL', () => {
	let t: TestService;
	beforeEach(() => {
		t = testService({}, 'postgres');
	});
	afterEach(async () => {
		await t.cleanup();
	});

	async function classWithStudents(service: ClassService) {
		const { code, secret } = await service.create(CONFIG);
		const students = [];
		for (const name of ['Ann', 'Ben', 'Cy'])
			students.push(await service.join(code, name, '10.0.0.1'));
		return { code, secret, students };
	}

	it('each decides on the latest events: answers through both count once, the lock holds on both', async () => {
		const a = t.service;
		const b = t.another();
		const { code, secret, students } = await classWithStudents(a);
		await b.act(code, secret, 'question.open');
		const right = await answerFor(a, code, secret, 'right');
		const sent = students.map((s, i) => (i % 2 === 0 ? a : b).submit(code, s.token, right));
		expect((await Promise.allSettled(sent)).every((r) => r.status === 'fulfilled')).toBe(true);
		await expectError(() => a.submit(code, students[1]!.token, right), 409, 'already-answered');
		await expectError(() => b.submit(code, students[0]!.token, right), 409, 'already-answered');
		expect((await a.teacherView(code, secret)).answered).toBe(3);
		expect((await b.teacherView(code, secret)).answered).toBe(3);
		await a.act(code, secret, 'session.lock');
		await expectError(() => b.join(code, 'Late', 'x'), 423, 'session-locked');
		await expectError(() => b.act(code, secret, 'session.lock'), 409, 'invalid-transition');
		const [events] = await rawQuery(
			t.place,
			`SELECT count(*) AS n FROM events WHERE session_code = '${code}'`
		);
		expect(Number(events!.n)).toBe(3 + 1 + 3 + 1);
	});

	it('decides on the latest events even when the bus is late: a refusal on a stale copy is decided again', async () => {
		const a = t.service;
		// B's bus hears nothing: its copy of the session goes stale until it reads the store.
		const b = t.another({
			open: async () => {
				const s = await t.place.open();
				const deaf: Store = {
					kind: s.kind,
					shared: s.shared,
					db: s.db,
					write: (w, n) => s.write(w, n),
					close: () => s.close(),
					bus: { subscribe: () => () => undefined }
				};
				return deaf;
			}
		});
		const { code, secret } = await a.create(CONFIG);
		await a.act(code, secret, 'question.open');
		expect((await b.screenView(code)).students).toBe(0);
		const ann = await a.join(code, 'Ann', 'x');
		const right = await answerFor(a, code, secret, 'right');
		expect((await b.submit(code, ann.token, right)).me.answer).not.toBeNull();
		await expectError(() => b.join(code, 'ann', 'y'), 409, 'name-taken');
		await a.act(code, secret, 'answers.close');
		expect((await b.studentView(code, ann.token)).shared.phase).toBe('closed');
		await expectError(() => b.act(code, secret, 'answers.close'), 409, 'invalid-transition');
		expect((await a.teacherView(code, secret)).answered).toBe(1);
	});

	it('reaches the streams of another instance, which resume there from their last event id', async () => {
		const a = t.service;
		const b = t.another();
		const { code, secret, students } = await classWithStudents(a);
		const onB = new CaptureSink();
		(await b.follow(code, follow('student', { token: students[0]!.token }))).attach(onB);
		await a.act(code, secret, 'question.open');
		await vi.waitFor(() => expect(onB.last<StudentView>().shared.phase).toBe('open'));
		const seen = Number(onB.messages().at(-1)!.id);
		expect(seen).toBe(4);
		const resumed = new CaptureSink();
		(
			await a.follow(code, follow('student', { token: students[0]!.token, lastEventId: seen }))
		).attach(resumed);
		expect(resumed.messages()).toHaveLength(0);
		await b.act(code, secret, 'answers.close');
		await vi.waitFor(() => expect(resumed.last<StudentView>().shared.phase).toBe('closed'));
	});
});
