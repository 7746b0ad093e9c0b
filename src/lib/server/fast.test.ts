/**
 * The class API's fast path (issue 19) over a real Node HTTP server: it answers the students'
 * answers, the teacher's actions and the students' and teacher's streams as the SvelteKit
 * routes do (the same views, statuses, JSON errors and headers), and leaves every other request
 * to SvelteKit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rightAnswer } from '$lib/class/fixtures';
import type { StudentView, TeacherView } from '$lib/class/types';
import { fastPath } from './fast';
import { STORE_KINDS, testService, type TestService } from './testing';

let t: TestService;
let server: http.Server;
let base = '';
const declined: string[] = [];

describe.each(STORE_KINDS)('the fast path on %s', (kind) => {
	beforeEach(async () => {
		t = testService({}, kind);
		const fast = fastPath(() => t.service);
		server = http.createServer((req, res) => {
			if (fast(req, res)) return;
			declined.push(`${req.method} ${req.url}`);
			res.writeHead(404).end('SvelteKit would answer');
		});
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		declined.length = 0;
	});
	afterEach(async () => {
		server.closeAllConnections();
		await new Promise((r) => server.close(r));
		await t.cleanup();
	});

	async function session() {
		const { code, secret } = await t.service.create({
			skills: ['discard'],
			questionCount: 2,
			unit: 'points',
			seed: 'fast',
			limitSeconds: null
		});
		const ann = await t.service.join(code, 'Ann', 'x');
		const view = await t.service.act(code, secret, 'question.open');
		const body = { question: 0, ...rightAnswer({ outcome: view.question!.outcome } as never) };
		return { code, secret, ann, body };
	}

	const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
		fetch(`${base}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: typeof body === 'string' ? body : JSON.stringify(body)
		});

	async function expectError(res: Response, status: number, code: string) {
		expect(res.headers.get('content-type')).toBe('application/json');
		expect({
			status: res.status,
			code: ((await res.json()) as { error: { code: string } }).error.code
		}).toEqual({
			status,
			code
		});
	}

	it('takes an answer as the route does: 201 with the view and the class headers, then the refusals', async () => {
		const { code, secret, ann, body } = await session();
		const cookie = { cookie: `other=1; class_s_${code}=${ann.token}` };
		const res = await post(`/api/class/${code.toLowerCase()}/answers`, body, cookie);
		expect(res.status).toBe(201);
		expect(res.headers.get('referrer-policy')).toBe('same-origin');
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
		expect(((await res.json()) as StudentView).me.answer).toEqual({
			pays: body.pays,
			total: body.total
		});
		await expectError(
			await post(`/api/class/${code}/answers`, body, cookie),
			409,
			'already-answered'
		);
		await expectError(await post(`/api/class/${code}/answers`, body), 401, 'not-joined');
		await expectError(
			await post(`/api/class/${code}/answers`, '{"question":', cookie),
			400,
			'bad-json'
		);
		await expectError(
			await post(`/api/class/${code}/answers`, { question: 0 }, cookie),
			400,
			'invalid-body'
		);
		await expectError(
			await post('/api/class/ZZZZZZ/answers', body, cookie),
			404,
			'session-not-found'
		);
		const form = await fetch(`${base}/api/class/${code}/answers`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'a=1'
		});
		await expectError(form, 415, 'unsupported-media-type');
		const big = await post(`/api/class/${code}/answers`, { note: 'x'.repeat(20_000) }, cookie);
		await expectError(big, 413, 'body-too-large');
		expect((await t.service.teacherView(code, secret)).answered).toBe(1);
	});

	it("takes a teacher's action as the route does: 200 with the teacher's view, then the refusals", async () => {
		const { code, secret } = await session();
		const bearer = { authorization: `Bearer ${secret}` };
		const res = await post(
			`/api/class/${code.toLowerCase()}/actions`,
			{ type: 'answers.close' },
			bearer
		);
		expect(res.status).toBe(200);
		expect(res.headers.get('referrer-policy')).toBe('same-origin');
		expect(res.headers.get('cache-control')).toBe('no-store');
		const view = (await res.json()) as TeacherView;
		expect({ audience: view.audience, phase: view.phase }).toEqual({
			audience: 'teacher',
			phase: 'closed'
		});
		const byCookie = await post(
			`/api/class/${code}/actions`,
			{ type: 'question.reveal' },
			{ cookie: `class_t_${code}=${secret}` }
		);
		expect(((await byCookie.json()) as TeacherView).phase).toBe('revealed');
		await expectError(
			await post(`/api/class/${code}/actions`, { type: 'question.reveal' }, bearer),
			409,
			'invalid-transition'
		);
		await expectError(
			await post(`/api/class/${code}/actions`, { type: 'question.next' }),
			403,
			'teacher-only'
		);
		await expectError(
			await post(`/api/class/${code}/actions`, { type: 'dance' }, bearer),
			400,
			'invalid-body'
		);
		await expectError(
			await post('/api/class/ZZZZZZ/actions', { type: 'question.next' }, bearer),
			404,
			'session-not-found'
		);
		const form = await fetch(`${base}/api/class/${code}/actions`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer },
			body: 'type=session.end'
		});
		await expectError(form, 415, 'unsupported-media-type');
		expect((await t.service.teacherView(code, secret)).phase).toBe('revealed');
		expect(declined).toHaveLength(0);
	});

	it('streams as the route does, resumes from Last-Event-ID, and checks who follows', async () => {
		const { code, secret, ann } = await session();
		const res = await fetch(`${base}/api/class/${code}/events?as=student`, {
			headers: { cookie: `class_s_${code}=${ann.token}` }
		});
		expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
		expect(res.headers.get('x-accel-buffering')).toBe('no');
		const reader = res.body!.getReader();
		let text = '';
		while (!text.includes('event: state'))
			text += new TextDecoder().decode((await reader.read()).value);
		expect(text).toMatch(/^retry: 2000\n\nid: 2\nevent: state\ndata: \{"audience":"student"/);
		await t.service.act(code, secret, 'answers.close');
		while (!text.includes('id: 3')) text += new TextDecoder().decode((await reader.read()).value);
		await reader.cancel();
		const teacher = await fetch(`${base}/api/class/${code}/events?as=teacher`, {
			headers: { authorization: `Bearer ${secret}`, 'last-event-id': '3' }
		});
		const first = new TextDecoder().decode((await teacher.body!.getReader().read()).value);
		expect(first).toContain(': resumed');
		await expectError(
			await fetch(`${base}/api/class/${code}/events?as=teacher`),
			403,
			'teacher-only'
		);
		await expectError(
			await fetch(`${base}/api/class/${code}/events?as=student`),
			401,
			'not-joined'
		);
	});

	it('leaves every other request to SvelteKit', async () => {
		const { code } = await session();
		for (const path of [
			`/api/class/${code}/events?as=screen`,
			`/api/class/${code}/events`,
			`/api/class/%E0%A4%A/answers`,
			`/api/class/${code}`,
			`/class/${code}`
		]) {
			expect((await fetch(`${base}${path}`)).status).toBe(404);
		}
		expect((await fetch(`${base}/api/class/${code}/answers`)).status).toBe(404);
		expect((await fetch(`${base}/api/class/${code}/actions`)).status).toBe(404);
		await post(`/api/class/%E0%A4%A/answers`, {});
		await post(`/api/class/%E0%A4%A/actions`, {});
		expect(declined).toHaveLength(9);
	});
});
