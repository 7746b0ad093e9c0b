import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rightAnswer } from '$lib/class/fixtures';
import type { StudentView, TeacherView } from '$lib/class/types';
import { useClassService } from '$lib/server/service';
import {
	FakeCookies,
	fakeEvent,
	STORE_KINDS,
	testService,
	type FakeRequest,
	type StoreKind,
	type TestService
} from '$lib/server/testing';
import { POST as createSession } from './+server';
import { GET as summary } from './[code]/+server';
import { POST as action } from './[code]/actions/+server';
import { POST as answer } from './[code]/answers/+server';
import { GET as control } from './[code]/control/+server';
import { GET as events } from './[code]/events/+server';
import { POST as join } from './[code]/join/+server';
import { GET as me } from './[code]/me/+server';
import { GET as report } from './[code]/report/+server';
import { GET as screen } from './[code]/screen/+server';
import { DELETE as removeStudent } from './[code]/students/[id]/+server';

type Handler = (event: never) => Response | Promise<Response>;

async function call(handler: Handler, req: FakeRequest): Promise<Response> {
	return handler(fakeEvent(req).event as never);
}

async function expectError(res: Response, status: number, code: string) {
	expect(res.status).toBe(status);
	expect(res.headers.get('content-type')).toContain('application/json');
	const body = (await res.json()) as { error: { code: string; message: string } };
	expect(body.error.code).toBe(code);
	expect(body.error.message.length).toBeGreaterThan(5);
}

describe.each(STORE_KINDS)('the class API on %s', (kind: StoreKind) => {
	let t: TestService;
	beforeEach(() => {
		t = testService({ joinLimit: { capacity: 50, perSecond: 1 } }, kind);
		useClassService(t.service);
	});
	afterEach(async () => {
		useClassService(null);
		await t.cleanup();
	});

	/** Creates a session through the API; the teacher's cookie jar holds the secret. */
	async function newSession(json: unknown = { questionCount: 3, skills: ['discard'] }) {
		const teacher = new FakeCookies();
		const res = await call(createSession, { path: '/api/class', json, cookies: teacher });
		expect(res.status).toBe(201);
		const body = (await res.json()) as { code: string; secret: string; controlUrl: string };
		return { ...body, teacher };
	}

	async function joinAs(code: string, name: string, address = '10.1.1.1') {
		const cookies = new FakeCookies();
		const res = await call(join, {
			path: `/api/class/${code}/join`,
			params: { code },
			json: { name },
			cookies,
			address
		});
		return { res, cookies };
	}

	async function teacherAct(code: string, teacher: FakeCookies, type: string) {
		return call(action, {
			path: `/api/class/${code}/actions`,
			params: { code },
			json: { type },
			cookies: teacher
		});
	}

	describe('POST /api/class (create)', () => {
		it('creates a session, sets an httpOnly teacher cookie and gives a control link', async () => {
			const { code, secret, controlUrl, teacher } = await newSession();
			expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]{6}$/);
			expect(teacher.get(`class_t_${code}`)).toBe(secret);
			expect(teacher.setOptions.get(`class_t_${code}`)).toMatchObject({
				httpOnly: true,
				sameSite: 'lax',
				path: '/'
			});
			expect(controlUrl).toBe(`/class/${code}/control?key=${encodeURIComponent(secret)}`);
			const res = await call(summary, {
				path: `/api/class/${code}`,
				params: { code: code.toLowerCase() }
			});
			expect(await res.json()).toEqual({ code, phase: 'lobby', questionCount: 3, locked: false });
		});

		it('answers every bad body with a 4xx and a reason', async () => {
			await expectError(
				await call(createSession, { path: '/api/class', json: { questionCount: 0 } }),
				400,
				'invalid-body'
			);
			await expectError(
				await call(createSession, { path: '/api/class', json: { skills: ['flying'] } }),
				400,
				'invalid-body'
			);
			await expectError(
				await call(createSession, { path: '/api/class', json: { limitSeconds: 5 } }),
				400,
				'invalid-body'
			);
			for (const swaps of [{ '3': 1 }, { '1': 0 }, { x: 1 }, { '1': 1.5 }, 'x']) {
				const res = await call(createSession, {
					path: '/api/class',
					json: { questionCount: 3, swaps }
				});
				await expectError(res.clone(), 400, 'invalid-body');
				expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
					/^swaps/
				);
			}
			await expectError(
				await call(createSession, { path: '/api/class', json: [1, 2] }),
				400,
				'invalid-body'
			);
			await expectError(
				await call(createSession, {
					path: '/api/class',
					body: '{"questionCount":',
					headers: { 'content-type': 'application/json' }
				}),
				400,
				'bad-json'
			);
			await expectError(
				await call(createSession, {
					path: '/api/class',
					body: '{}',
					headers: { 'content-type': 'text/plain' }
				}),
				415,
				'unsupported-media-type'
			);
			await expectError(
				await call(createSession, { path: '/api/class', json: { seed: 'x'.repeat(9000) } }),
				413,
				'body-too-large'
			);
			await expectError(
				await call(createSession, {
					path: '/api/class',
					body: '{}',
					headers: { 'content-type': 'application/json', 'content-length': '100000' }
				}),
				413,
				'body-too-large'
			);
		});

		it('404 for an unknown code', async () => {
			await expectError(
				await call(summary, { path: '/api/class/ZZZZZZ', params: { code: 'ZZZZZZ' } }),
				404,
				'session-not-found'
			);
			await expectError(
				await call(screen, { path: '/api/class/0OIL', params: { code: '0OIL' } }),
				404,
				'session-not-found'
			);
		});
	});

	describe('teacher actions', () => {
		it('403 without the teacher secret, 200 with the cookie or a Bearer header', async () => {
			const { code, secret, teacher } = await newSession();
			await expectError(
				await call(action, {
					path: `/api/class/${code}/actions`,
					params: { code },
					json: { type: 'question.open' }
				}),
				403,
				'teacher-only'
			);
			await expectError(
				await call(action, {
					path: `/api/class/${code}/actions`,
					params: { code },
					json: { type: 'question.open' },
					headers: { authorization: 'Bearer wrong' }
				}),
				403,
				'teacher-only'
			);
			await expectError(
				await call(control, { path: `/api/class/${code}/control`, params: { code } }),
				403,
				'teacher-only'
			);
			const res = await call(action, {
				path: `/api/class/${code}/actions`,
				params: { code },
				json: { type: 'question.open' },
				headers: { authorization: `Bearer ${secret}` }
			});
			expect(res.status).toBe(200);
			expect(((await res.json()) as TeacherView).phase).toBe('open');
			const closed = await teacherAct(code, teacher, 'answers.close');
			expect(((await closed.json()) as TeacherView).phase).toBe('closed');
		});

		it('400 for an unknown action or bad JSON, 409 for an action the phase does not allow', async () => {
			const { code, teacher } = await newSession();
			await expectError(await teacherAct(code, teacher, 'question.jump'), 400, 'invalid-body');
			await expectError(
				await call(action, {
					path: `/api/class/${code}/actions`,
					params: { code },
					body: 'type=question.open',
					headers: { 'content-type': 'application/json' },
					cookies: teacher
				}),
				400,
				'bad-json'
			);
			await expectError(
				await teacherAct(code, teacher, 'question.reveal'),
				409,
				'invalid-transition'
			);
		});
	});

	describe('joining and answering', () => {
		it('join sets an httpOnly student cookie; the same browser joining again gets its identity back', async () => {
			const { code } = await newSession();
			const { res, cookies } = await joinAs(code, '  Ann  ');
			expect(res.status).toBe(201);
			const body = (await res.json()) as { studentId: string; view: StudentView };
			expect(body.view.me.name).toBe('Ann');
			expect(JSON.stringify(body)).not.toContain(cookies.get(`class_s_${code}`)!);
			expect(cookies.setOptions.get(`class_s_${code}`)).toMatchObject({ httpOnly: true });
			const again = await call(join, {
				path: `/api/class/${code}/join`,
				params: { code },
				json: { name: 'Other' },
				cookies
			});
			expect(again.status).toBe(200);
			expect(await again.json()).toMatchObject({ studentId: body.studentId, resumed: true });
			const mine = await call(me, { path: `/api/class/${code}/me`, params: { code }, cookies });
			expect(((await mine.json()) as StudentView).me.id).toBe(body.studentId);
		});

		it('join errors: 400 name or body, 404 code, 409 name taken, 429 rate limit', async () => {
			const { code } = await newSession();
			await joinAs(code, 'Ann');
			await expectError((await joinAs(code, 'ann')).res, 409, 'name-taken');
			await expectError((await joinAs(code, ' ')).res, 400, 'invalid-name');
			await expectError((await joinAs(code, 'x'.repeat(25))).res, 400, 'invalid-name');
			await expectError(
				await call(join, { path: `/api/class/${code}/join`, params: { code }, json: { name: 5 } }),
				400,
				'invalid-body'
			);
			await expectError((await joinAs('ZZZZZZ', 'Bea')).res, 404, 'session-not-found');
			let last: Response | null = null;
			for (let i = 0; i < 60; i++) last = (await joinAs(code, `N${i}`, '9.9.9.9')).res;
			expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
			await expectError(last!, 429, 'too-many-joins');
		});

		it('answers: 201, locked after the first (409), closed after close (409), 401 without a cookie', async () => {
			const { code, teacher } = await newSession();
			const ann = await joinAs(code, 'Ann');
			const ben = await joinAs(code, 'Ben');
			await teacherAct(code, teacher, 'question.open');
			const view = (await (
				await call(control, { path: '/', params: { code }, cookies: teacher })
			).json()) as TeacherView;
			const body = { question: 0, ...rightAnswer({ outcome: view.question!.outcome } as never) };
			const post = (cookies: FakeCookies | undefined, json: unknown) =>
				call(answer, { path: `/api/class/${code}/answers`, params: { code }, json, cookies });
			const first = await post(ann.cookies, body);
			expect(first.status).toBe(201);
			expect(((await first.json()) as StudentView).me.answer).toEqual({
				pays: body.pays,
				total: body.total
			});
			await expectError(
				await post(ann.cookies, { ...body, total: body.total + 1 }),
				409,
				'already-answered'
			);
			await expectError(await post(undefined, body), 401, 'not-joined');
			await expectError(await post(ben.cookies, { ...body, total: -1 }), 400, 'invalid-body');
			await expectError(await post(ben.cookies, { ...body, total: 1.5 }), 400, 'invalid-body');
			await expectError(
				await post(ben.cookies, { ...body, pays: { nobody: 1 } }),
				400,
				'invalid-body'
			);
			await expectError(await post(ben.cookies, { ...body, question: 2 }), 409, 'wrong-question');
			await expectError(
				await post(ben.cookies, { ...body, note: 'x'.repeat(9000) }),
				413,
				'body-too-large'
			);
			await teacherAct(code, teacher, 'answers.close');
			await expectError(await post(ben.cookies, body), 409, 'answers-closed');
		});

		it('the teacher removes a student: 403 without the secret, 404 unknown, then the student is 403', async () => {
			const { code, teacher } = await newSession();
			const ann = await joinAs(code, 'Ann');
			const { studentId } = (await ann.res.json()) as { studentId: string };
			const remove = (cookies?: FakeCookies, id = studentId) =>
				call(removeStudent, { method: 'DELETE', path: '/', params: { code, id }, cookies });
			await expectError(await remove(), 403, 'teacher-only');
			await expectError(await remove(teacher, 'nobody'), 404, 'student-not-found');
			const res = await remove(teacher);
			expect(((await res.json()) as TeacherView).roster).toEqual([]);
			await teacherAct(code, teacher, 'question.open');
			await expectError(
				await call(answer, {
					path: '/',
					params: { code },
					json: { question: 0, pays: {}, total: 0 },
					cookies: ann.cookies
				}),
				403,
				'removed'
			);
		});
	});

	describe('the database closed and reopened mid-question', () => {
		it('keeps every answer given through the API', async () => {
			const { code, teacher } = await newSession();
			const students = await Promise.all(['Ann', 'Ben', 'Cy'].map((n) => joinAs(code, n)));
			await teacherAct(code, teacher, 'names.show');
			await teacherAct(code, teacher, 'question.open');
			const view = (await (
				await call(control, { path: '/', params: { code }, cookies: teacher })
			).json()) as TeacherView;
			const right = rightAnswer({ outcome: view.question!.outcome } as never);
			for (const [i, s] of students.entries()) {
				const res = await call(answer, {
					path: '/',
					params: { code },
					json: { question: 0, pays: right.pays, total: right.total + i },
					cookies: s.cookies
				});
				expect(res.status).toBe(201);
			}
			await t.service.closeDatabase();
			useClassService(await t.restart());
			const after = (await (
				await call(control, { path: '/', params: { code }, cookies: teacher })
			).json()) as TeacherView;
			expect(after.phase).toBe('open');
			expect(after.answers.map((a) => [a.name, a.answer.total])).toEqual([
				['Ann', right.total],
				['Ben', right.total + 1],
				['Cy', right.total + 2]
			]);
			for (const s of students) {
				const mine = (await (
					await call(me, { path: '/', params: { code }, cookies: s.cookies })
				).json()) as StudentView;
				expect(mine.me.answer).not.toBeNull();
			}
		});
	});

	describe('GET /api/class/[code]/events (SSE)', () => {
		async function firstChunk(res: Response): Promise<string> {
			const reader = res.body!.getReader();
			let text = '';
			while (!text.includes('\n\n') || text.trim() === 'retry: 2000') {
				const { value } = await reader.read();
				text += new TextDecoder().decode(value);
				if (text.includes('event: state') || text.includes(': resumed')) break;
			}
			await reader.cancel();
			return text;
		}

		it('streams the view with an event id, and resumes from Last-Event-ID', async () => {
			const { code, teacher } = await newSession();
			await joinAs(code, 'Ann');
			const res = await call(events, {
				path: `/api/class/${code}/events?as=screen`,
				params: { code }
			});
			expect(res.headers.get('content-type')).toContain('text/event-stream');
			const text = await firstChunk(res);
			expect(text).toMatch(/id: 1\nevent: state\ndata: \{/);
			const resumed = await call(events, {
				path: `/api/class/${code}/events?as=teacher`,
				params: { code },
				headers: { 'last-event-id': '1' },
				cookies: teacher
			});
			expect(await firstChunk(resumed)).toContain(': resumed');
			const behind = await call(events, {
				path: `/api/class/${code}/events?as=teacher&lastEventId=0`,
				params: { code },
				cookies: teacher
			});
			expect(await firstChunk(behind)).toContain('"audience":"teacher"');
			expect(await t.service.streamCount(code)).toBe(0);
		});

		it('403 teacher stream without the secret, 401 student stream without the cookie, 400 unknown audience', async () => {
			const { code } = await newSession();
			await expectError(
				await call(events, { path: `/x?as=teacher`, params: { code } }),
				403,
				'teacher-only'
			);
			await expectError(
				await call(events, { path: `/x?as=student`, params: { code } }),
				401,
				'not-joined'
			);
			await expectError(
				await call(events, { path: `/x?as=everyone`, params: { code } }),
				400,
				'invalid-query'
			);
			await expectError(
				await call(events, { path: `/x`, params: { code: 'ZZZZZZ' } }),
				404,
				'session-not-found'
			);
		});
	});

	describe('GET /api/class/[code]/report', () => {
		it('JSON and CSV for the teacher only', async () => {
			const { code, teacher } = await newSession();
			await joinAs(code, 'Ann');
			await expectError(await call(report, { path: '/x', params: { code } }), 403, 'teacher-only');
			const json = await call(report, { path: '/x', params: { code }, cookies: teacher });
			expect(await json.json()).toEqual({
				questions: [],
				students: [expect.objectContaining({ name: 'Ann' })]
			});
			const csv = await call(report, {
				path: '/x?format=csv&table=students',
				params: { code },
				cookies: teacher
			});
			expect(csv.headers.get('content-type')).toContain('text/csv');
			expect(csv.headers.get('content-disposition')).toBe(
				`attachment; filename="class-${code}-students.csv"`
			);
			expect(await csv.text()).toBe(
				'name,answered,right,questions,score_percent,weak_skills,top_misconception,top_misconception_count,removed\r\nAnn,0,0,0,,,,,\r\n'
			);
			await expectError(
				await call(report, {
					path: '/x?format=csv&table=teachers',
					params: { code },
					cookies: teacher
				}),
				400,
				'invalid-query'
			);
		});
	});

	describe('no 500 on bad input', () => {
		it('any body posted to any endpoint gets a 2xx or a 4xx', async () => {
			const { code, teacher } = await newSession();
			const student = await joinAs(code, 'Ann');
			await teacherAct(code, teacher, 'question.open');
			const handlers: [Handler, FakeCookies | undefined][] = [
				[createSession, undefined],
				[action, teacher],
				[join, undefined],
				[answer, student.cookies]
			];
			const bodies = fc.oneof(
				fc.string({ maxLength: 200 }),
				fc.json({ maxDepth: 3 }),
				fc
					.jsonValue({ maxDepth: 3 })
					.map((v) => JSON.stringify({ question: 0, pays: v, total: v, name: v, type: v }))
			);
			let n = 0;
			await fc.assert(
				fc.asyncProperty(fc.constantFrom(...handlers), bodies, async ([handler, cookies], body) => {
					const res = await call(handler, {
						path: '/x',
						params: { code },
						body,
						headers: { 'content-type': 'application/json' },
						cookies,
						address: `fuzz-${(n += 1)}`
					});
					expect(res.status).toBeLessThan(500);
				}),
				{ numRuns: 150 }
			);
		});
	});
});
