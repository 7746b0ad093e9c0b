/**
 * The class API's defects and doors of issue 11, through the endpoints: the 1 s grace after a
 * time limit, chunked bodies past the limit, names in any printable Unicode, a removed student's
 * cookie, Lock, the limits on new sessions and on open streams, and 300 students behind one
 * school address joining within a minute.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rightAnswer } from '$lib/class/fixtures';
import type { StudentView, TeacherView } from '$lib/class/types';
import { useClassService } from '$lib/server/service';
import type { ClassServiceOptions } from '$lib/server/sessions';
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
import { POST as action } from './[code]/actions/+server';
import { POST as answer } from './[code]/answers/+server';
import { GET as control } from './[code]/control/+server';
import { GET as events } from './[code]/events/+server';
import { POST as join } from './[code]/join/+server';
import { GET as me } from './[code]/me/+server';
import { DELETE as removeStudent } from './[code]/students/[id]/+server';

type Handler = (event: never) => Response | Promise<Response>;
const call = (handler: Handler, req: FakeRequest) => handler(fakeEvent(req).event as never);

async function expectError(res: Response, status: number, code: string) {
	expect(res.headers.get('content-type')).toContain('application/json');
	const body = (await res.json()) as { error: { code: string; message: string } };
	expect({ status: res.status, code: body.error.code }).toEqual({ status, code });
	expect(body.error.message.length).toBeGreaterThan(5);
}

describe.each(STORE_KINDS)('the doors of the class API on %s', (kind: StoreKind) => {
	let t: TestService | null = null;
	async function serve(options: Partial<ClassServiceOptions> = {}) {
		await t?.cleanup();
		t = testService(options, kind);
		useClassService(t.service);
		return t;
	}
	beforeEach(async () => {
		await serve();
	});
	afterEach(async () => {
		vi.useRealTimers();
		useClassService(null);
		await t?.cleanup();
		t = null;
	});

	async function newSession(
		json: unknown = { questionCount: 3, skills: ['discard'] },
		address?: string
	) {
		const teacher = new FakeCookies();
		const res = await call(createSession, { path: '/api/class', json, cookies: teacher, address });
		return {
			res,
			teacher,
			code: res.status === 201 ? ((await res.json()) as { code: string }).code : ''
		};
	}

	async function joinAs(code: string, name: string, address = '10.1.1.1') {
		const cookies = new FakeCookies();
		const res = await call(join, { path: '/', params: { code }, json: { name }, cookies, address });
		return { res, cookies };
	}

	const act = (code: string, teacher: FakeCookies, type: string) =>
		call(action, { path: '/', params: { code }, json: { type }, cookies: teacher });

	async function rightBody(code: string, teacher: FakeCookies) {
		const res = await call(control, { path: '/', params: { code }, cookies: teacher });
		const view = (await res.json()) as TeacherView;
		return { question: view.index, ...rightAnswer({ outcome: view.question!.outcome } as never) };
	}

	const post = (code: string, cookies: FakeCookies, json: unknown) =>
		call(answer, { path: '/', params: { code }, json, cookies });

	describe('the time limit', () => {
		it('takes an answer 300 ms after the deadline (the 1 s grace), refuses one 1.1 s after', async () => {
			const t = await serve();
			vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
			const { code, teacher } = await newSession({ questionCount: 2, limitSeconds: 10 });
			const ann = await joinAs(code, 'Ann');
			const ben = await joinAs(code, 'Ben');
			await act(code, teacher, 'question.open');
			const body = await rightBody(code, teacher);
			t.clock.now += 10_300;
			vi.advanceTimersByTime(10_300);
			await t.service.settled();
			expect((await post(code, ann.cookies, body)).status).toBe(201);
			t.clock.now += 800;
			vi.advanceTimersByTime(800);
			await t.service.settled();
			await expectError(await post(code, ben.cookies, body), 409, 'answers-closed');
			expect((await t.service.screenView(code)).phase).toBe('closed');
		});
	});

	describe('bodies', () => {
		it('a chunked body (no Content-Length) past 8 KB is a JSON 413', async () => {
			const chunk = new TextEncoder().encode('x'.repeat(4096));
			let n = 0;
			const body = new ReadableStream<Uint8Array>({
				pull: (c) => (n++ < 10 ? c.enqueue(chunk) : c.close())
			});
			const req = new Request('http://127.0.0.1/api/class', {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body,
				duplex: 'half'
			} as RequestInit);
			const { event } = fakeEvent({ path: '/api/class' });
			const res = await createSession({ ...event, request: req } as never);
			await expectError(res, 413, 'body-too-large');
			expect(res.headers.get('connection')).toBe('close');
		});
	});

	describe('names', () => {
		it('accepts an emoji ZWJ sequence and refuses a lone surrogate', async () => {
			const { code } = await newSession();
			const teacherEmoji = await joinAs(code, '👩‍🏫');
			expect(teacherEmoji.res.status).toBe(201);
			expect(((await teacherEmoji.res.json()) as { view: StudentView }).view.me.name).toBe('👩‍🏫');
			await expectError((await joinAs(code, 'Ann\uD800')).res, 400, 'invalid-name');
		});
	});

	describe('a removed student', () => {
		it('gets no stream, no view beyond "removed", no answers', async () => {
			const { code, teacher } = await newSession();
			const ann = await joinAs(code, 'Ann');
			const { studentId: id } = (await ann.res.json()) as { studentId: string };
			await act(code, teacher, 'question.open');
			const body = await rightBody(code, teacher);
			await call(removeStudent, {
				method: 'DELETE',
				path: '/',
				params: { code, id },
				cookies: teacher
			});
			const stream = await call(events, {
				path: '/x?as=student',
				params: { code },
				cookies: ann.cookies
			});
			await expectError(stream, 403, 'removed');
			// 403, and nothing of the session (no phase, no question number).
			const gone = await call(me, { path: '/', params: { code }, cookies: ann.cookies });
			const text = await gone.clone().text();
			await expectError(gone, 403, 'removed');
			expect(text).not.toMatch(/phase|index|question|seq/);
			await expectError(await post(code, ann.cookies, body), 403, 'removed');
		});
	});

	describe('Lock', () => {
		it('stops new joins until the teacher unlocks; students already in stay in', async () => {
			const { code, teacher } = await newSession();
			const ann = await joinAs(code, 'Ann');
			const locked = (await (await act(code, teacher, 'session.lock')).json()) as TeacherView;
			expect(locked.locked).toBe(true);
			await expectError((await joinAs(code, 'Ben')).res, 423, 'session-locked');
			await expectError(await act(code, teacher, 'session.lock'), 409, 'invalid-transition');
			// Ann's own browser joining again gets her identity back, locked or not.
			const again = await call(join, {
				path: '/',
				params: { code },
				json: { name: 'Ann' },
				cookies: ann.cookies
			});
			expect(again.status).toBe(200);
			await act(code, teacher, 'session.unlock');
			expect((await joinAs(code, 'Ben')).res.status).toBe(201);
		});
	});

	describe('limits', () => {
		it('limits new sessions per address (429 with Retry-After)', async () => {
			await serve({ createLimit: { capacity: 3, perSecond: 1 / 60 } });
			for (let i = 0; i < 3; i++)
				expect((await newSession(undefined, '10.0.0.9')).res.status).toBe(201);
			const refused = await newSession(undefined, '10.0.0.9');
			await expectError(refused.res, 429, 'too-many-sessions');
			expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
			expect((await newSession(undefined, '10.0.0.10')).res.status).toBe(201);
		});

		it('lets 300 students behind one school address join within 60 s (default join limit)', async () => {
			const t = await serve({});
			const { code } = await newSession({ questionCount: 1 });
			for (let i = 0; i < 300; i++) {
				t.clock.now += 195;
				const { res } = await joinAs(code, `Student ${i + 1}`, '203.0.113.7');
				expect(res.status).toBe(201);
			}
			expect((await t.service.screenView(code)).students).toBe(300);
		});

		it('caps the streams open at once per student (429), and frees one when it closes', async () => {
			const { code } = await newSession();
			const ann = await joinAs(code, 'Ann');
			const open = () =>
				call(events, { path: '/x?as=student', params: { code }, cookies: ann.cookies });
			const streams: Response[] = [];
			for (let i = 0; i < 8; i++) streams.push(await open());
			expect(streams.every((s) => s.status === 200)).toBe(true);
			await expectError(await open(), 429, 'too-many-streams');
			// Another student behind the same address has a cap of their own.
			const ben = await joinAs(code, 'Ben');
			expect(
				(await call(events, { path: '/x?as=student', params: { code }, cookies: ben.cookies }))
					.status
			).toBe(200);
			await streams[0]!.body!.cancel();
			// The place is given back at once in memory, a moment later in a shared store.
			await expect.poll(async () => (await open()).status).toBe(200);
		});
	});
});
