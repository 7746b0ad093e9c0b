/**
 * A class on a laptop on a school network (issue 11): the built server as `npm start` runs it
 * (no ORIGIN), opened by Chromium on a name other than localhost (`class.test`, mapped to the
 * loopback address). The cookies are not Secure over plain http, so a student who reloads is
 * still in the class and the teacher who reloads is still in control; joining works without
 * JavaScript. The class API's refusals, probed from outside, are all the documented JSON error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STORE_KINDS, appReady, launchBrowser, startServer, type AppServer } from './harness';

const contexts: BrowserContext[] = [];
afterAll(async () => {
	for (const c of contexts) await c.close();
});

describe.each(STORE_KINDS)('on %s', (kind) => {
	let server: AppServer;
	let port = '';
	beforeAll(async () => {
		server = await startServer({ ORIGIN: '' }, kind);
		port = new URL(server.url).port;
	});
	afterAll(async () => {
		await server?.stop();
	});

	const lan = () => `http://class.test:${port}`;

	async function open(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
		const context = await launchBrowser(
			{ width: 390, height: 844 },
			{ ...options, args: ['--host-resolver-rules=MAP class.test 127.0.0.1'] }
		);
		contexts.push(context);
		return context.newPage();
	}

	async function expectJsonError(res: Response, status: number, code: string) {
		expect(res.status).toBe(status);
		expect(res.headers.get('content-type')).toContain('application/json');
		const body = (await res.json()) as { error: { code: string; message: string } };
		expect(body.error.code).toBe(code);
		expect(body.error.message.length).toBeGreaterThan(5);
	}

	describe('a class served on http://class.test', () => {
		let code = '';

		it('the teacher creates a session and reloads the control view', async () => {
			const page = await open();
			await page.goto(`${lan()}/class/new`);
			await appReady(page);
			await page.getByRole('button', { name: 'Create the session' }).click();
			await page.waitForURL(/\/class\/[A-Z0-9]{6}\/control$/, { timeout: 15_000 });
			code = page.url().match(/\/class\/([A-Z0-9]{6})\/control/)![1]!;
			const cookies = await page.context().cookies(lan());
			const teacher = cookies.find((c) => c.name === `class_t_${code}`);
			expect(teacher?.secure).toBe(false);
			expect(teacher?.httpOnly).toBe(true);
			await page.reload();
			await page.getByText(code.slice(0, 3)).first().waitFor({ timeout: 15_000 });
			expect(page.url()).toBe(`${lan()}/class/${code}/control`);
			// The join link and its QR code use the address the teacher opened (not localhost).
			await page.getByText(`class.test:${port}/join`).first().waitFor({ timeout: 15_000 });
		});

		it('a student joins, reloads and is still in the class', async () => {
			const page = await open();
			await page.goto(`${lan()}/join?code=${code}`);
			await appReady(page);
			await page.getByLabel(/Your name/).fill('👩‍🏫 Ms Lee');
			await page.getByRole('button', { name: 'Join' }).click();
			await page.waitForURL(`${lan()}/class/${code}`, { timeout: 15_000 });
			await page.getByText('👩‍🏫 Ms Lee').first().waitFor({ timeout: 15_000 });
			const cookie = (await page.context().cookies(lan())).find(
				(c) => c.name === `class_s_${code}`
			);
			expect(cookie?.secure).toBe(false);
			await page.reload();
			expect(page.url()).toBe(`${lan()}/class/${code}`);
			await page.getByText('👩‍🏫 Ms Lee').first().waitFor({ timeout: 15_000 });
		});

		it('a student joins without JavaScript (the form action)', async () => {
			const page = await open({ javaScriptEnabled: false });
			await page.goto(`${lan()}/join?code=${code}`);
			await page.getByLabel(/Your name/).fill('Ben');
			await page.getByRole('button', { name: 'Join' }).click();
			await page.waitForURL(`${lan()}/class/${code}`, { timeout: 15_000 });
			await page.getByText('Ben').first().waitFor({ timeout: 15_000 });
			// A taken name comes back with the reason and what was typed.
			const again = await open({ javaScriptEnabled: false });
			await again.goto(`${lan()}/join?code=${code}`);
			await again.getByLabel(/Your name/).fill('ben');
			await again.getByRole('button', { name: 'Join' }).click();
			await again
				.getByText(/already called/)
				.first()
				.waitFor({ timeout: 15_000 });
			expect(await again.getByLabel(/Your name/).inputValue()).toBe('ben');
		});

		it('a form post from another site is refused', async () => {
			const res = await fetch(`${server.url}/join?/default`, {
				method: 'POST',
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
					origin: 'http://evil.test'
				},
				body: `code=${code}&name=Eve`
			});
			expect(res.status).toBe(403);
		});
	});

	describe('refusals under /api/class, from outside', () => {
		it('405, 404 and a bad % escape are JSON errors', async () => {
			const put = await fetch(`${server.url}/api/class`, { method: 'PUT' });
			await expectJsonError(put, 405, 'method-not-allowed');
			await expectJsonError(
				await fetch(`${server.url}/api/class/ABCDEF/nothing`),
				404,
				'not-found'
			);
			await expectJsonError(
				await fetch(`${server.url}/api/class/%E0%A4%A/screen`),
				400,
				'bad-request'
			);
			await expectJsonError(
				await fetch(`${server.url}/api/class/ABCDEF`),
				404,
				'session-not-found'
			);
		});

		it('a form-encoded post is 415, from any origin', async () => {
			for (const origin of [server.url, 'http://evil.test']) {
				const res = await fetch(`${server.url}/api/class`, {
					method: 'POST',
					headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
					body: 'questionCount=3'
				});
				await expectJsonError(res, 415, 'unsupported-media-type');
			}
		});

		it('a chunked body over the limit gets the JSON 413, not a reset', async () => {
			const chunk = new TextEncoder().encode(`"${'x'.repeat(16 * 1024)}",`);
			let sent = 0;
			const body = new ReadableStream<Uint8Array>({
				pull(controller) {
					if (sent++ >= 8) controller.close();
					else controller.enqueue(chunk);
				}
			});
			const res = await fetch(`${server.url}/api/class`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body,
				duplex: 'half'
			} as RequestInit);
			await expectJsonError(res, 413, 'body-too-large');
		});

		it('a 1 MB chunked body is the JSON 413 on create, join, answer and action, and no crash is logged', async () => {
			const before = server.errors().length;
			const big = (prefix: string) => {
				const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
				let sent = 0;
				return new ReadableStream<Uint8Array>({
					pull(controller) {
						if (sent === 0) controller.enqueue(new TextEncoder().encode(prefix));
						if (sent++ >= 16) controller.close();
						else controller.enqueue(chunk);
					}
				});
			};
			for (const path of ['', '/ABCDEF/join', '/ABCDEF/answers', '/ABCDEF/actions']) {
				const res = await fetch(`${server.url}/api/class${path}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: big('{"name":"'),
					duplex: 'half'
				} as RequestInit);
				await expectJsonError(res, 413, 'body-too-large');
			}
			const form = await fetch(`${server.url}/join`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: big('code=ABCDEF&name='),
				duplex: 'half'
			} as RequestInit);
			expect(form.status).toBe(413);
			await form.body?.cancel();
			expect(server.errors().slice(before)).toBe('');
		});
	});
});
