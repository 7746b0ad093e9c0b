/**
 * The request hook (issue 11): the framework's own refusals under /api/class become the
 * documented JSON error, form posts to the API are 415, form posts to pages must come from this
 * host (whatever the protocol), and look-ups are limited per address.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useClassService } from '$lib/server/service';
import { testService, type TestService } from '$lib/server/testing';
import { handle } from './hooks.server';

type Resolve = (event: unknown) => Promise<Response>;

function run(
	path: string,
	init: RequestInit = {},
	resolved: Response = new Response('ok'),
	address = '10.0.0.1'
) {
	const url = new URL(path, 'http://192.168.1.20:3000');
	const request = new Request(url, init);
	const event = { request, url, getClientAddress: () => address };
	const resolve: Resolve = async () => resolved;
	return handle({ event, resolve } as never) as Promise<Response>;
}

async function expectJson(res: Response, status: number, code: string) {
	expect(res.status).toBe(status);
	expect(res.headers.get('content-type')).toContain('application/json');
	expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
}

let t: TestService;
beforeEach(() => {
	t = testService({ lookupLimit: { capacity: 3, perSecond: 5 } });
	useClassService(t.service);
});
afterEach(async () => {
	useClassService(null);
	await t.cleanup();
});

describe('refusals under /api/class', () => {
	it("turns the framework's text and HTML refusals into JSON, keeping status and Allow", async () => {
		const html = new Response('<h1>Not found</h1>', {
			status: 404,
			headers: { 'content-type': 'text/html' }
		});
		await expectJson(await run('/api/class/ABCDEF/nope', {}, html), 404, 'not-found');
		const text = new Response('Method not allowed', { status: 405, headers: { allow: 'POST' } });
		const res = await run('/api/class', { method: 'PUT' }, text);
		expect(res.headers.get('allow')).toBe('POST');
		await expectJson(res, 405, 'method-not-allowed');
	});

	it('answers a bad % escape with a JSON 400 before routing', async () => {
		await expectJson(await run('/api/class/%E0%A4%A/screen'), 400, 'bad-request');
	});

	it('refuses form-encoded and multipart posts with 415, from any origin', async () => {
		for (const type of [
			'application/x-www-form-urlencoded',
			'multipart/form-data; boundary=x',
			'text/plain'
		]) {
			const res = await run('/api/class', {
				method: 'POST',
				headers: { 'content-type': type, origin: 'http://192.168.1.20:3000' },
				body: 'a=1'
			});
			await expectJson(res, 415, 'unsupported-media-type');
		}
	});

	it('leaves JSON answers and successes alone, and sets the class headers', async () => {
		const ok = await run('/api/class/ABCDEF');
		expect(await ok.text()).toBe('ok');
		expect(ok.headers.get('referrer-policy')).toBe('same-origin');
	});
});

describe('form posts to pages', () => {
	const form = (origin: string | null, site?: string) => ({
		method: 'POST',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			...(origin ? { origin } : {}),
			...(site ? { 'sec-fetch-site': site } : {})
		},
		body: 'code=ABCDEF&name=Ann'
	});

	it('accepts this host over plain http (a LAN address) and refuses other sites', async () => {
		expect((await run('/join', form('http://192.168.1.20:3000'))).status).toBe(200);
		expect((await run('/join', form('http://evil.test'))).status).toBe(403);
		expect((await run('/join', form('http://192.168.1.20:4000'))).status).toBe(403);
		expect((await run('/join', form('null', 'same-origin'))).status).toBe(200);
		expect((await run('/join', form(null, 'cross-site'))).status).toBe(403);
	});
});

describe('look-ups', () => {
	it('are limited per address (429 JSON with Retry-After, the page too); other addresses go on', async () => {
		for (let i = 0; i < 3; i++) expect((await run('/api/class/ABCDEF')).status).toBe(200);
		const refused = await run('/api/class/ABCDEF/screen');
		await expectJson(refused, 429, 'too-many-requests');
		expect(refused.headers.get('retry-after')).not.toBeNull();
		const page = await run('/class/ABCDEF/screen');
		await expectJson(page, 429, 'too-many-requests');
		expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
		expect((await run('/api/class/ABCDEF', {}, undefined, '10.0.0.2')).status).toBe(200);
		// Students' and the teacher's own requests are not look-ups.
		expect((await run('/api/class/ABCDEF/events?as=student')).status).toBe(200);
		expect((await run('/api/class/ABCDEF/me')).status).toBe(200);
	});

	it("limit a homework's view and results the same way (issue 20)", async () => {
		const address = '10.0.0.9';
		expect((await run('/api/homework/ABCDEF', {}, undefined, address)).status).toBe(200);
		expect((await run('/api/homework/ABCDEF/results', {}, undefined, address)).status).toBe(200);
		expect((await run('/api/homework/ABCDEF', {}, undefined, address)).status).toBe(200);
		const refused = await run('/api/homework/ABCDEF/results', {}, undefined, address);
		await expectJson(refused, 429, 'too-many-requests');
		expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
		// Answers are not look-ups (they have a limit of their own).
		const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
		expect((await run('/api/homework/ABCDEF/answers', post, undefined, address)).status).toBe(200);
	});
});
