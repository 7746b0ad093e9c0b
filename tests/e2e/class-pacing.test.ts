/**
 * A class that sees the server fail, and a teacher who paces it (issue 20), in Chromium on
 * SQLite: the server is stopped mid-question and "Reconnecting…" shows on the projector, the
 * control view and a phone within 3 s (the projector's timer marked stale), and goes when the
 * server is back on the same port and store. The question whose time ran out during the outage
 * is reopened and takes an answer; add time, skip and "ask again" work from the control bar.
 * Amounts typed but not sent survive a reload. Then the teacher removes the student, who cannot
 * join again from the same browser, under any name, and whose `/me` and page data answer 403.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { amountOf, isSettleFailure, rightAmounts, settle, answerFields } from '$lib/payments';
import type { TeacherView } from '$lib/class/types';
import type { Outcome } from '$lib/payments';
import {
	appReady,
	freePort,
	launchBrowser,
	screenshot,
	startServer,
	type AppServer
} from './harness';

const LIMIT_SECONDS = 10;
const contexts: BrowserContext[] = [];
let server: AppServer | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'coach-pacing-'));
afterAll(async () => {
	for (const c of contexts) await c.close();
	await server?.stop();
	rmSync(dataDir, { recursive: true, force: true });
});

async function open(viewport: { width: number; height: number }, mobile = false): Promise<Page> {
	const context = await launchBrowser(viewport, mobile ? { isMobile: true, hasTouch: true } : {});
	contexts.push(context);
	const page = await context.newPage();
	page.on('dialog', (dialog) => void dialog.accept());
	return page;
}

const see = (page: Page, text: string | RegExp, timeout = 15_000) =>
	page.getByText(text).first().waitFor({ state: 'visible', timeout });

/** Types the right amounts (or the total 10 too high) of `outcome` on the phone and sends them. */
async function answer(phone: Page, outcome: Outcome, right: boolean) {
	const settlement = settle(outcome);
	if (isSettleFailure(settlement)) throw new Error(settlement.error.code);
	const expected = rightAmounts(settlement);
	await see(phone, 'Who pays what?');
	for (const f of answerFields(outcome)) {
		const points = amountOf(expected, f.key)! + (!right && f.key === 'total' ? 10 : 0);
		await phone.getByLabel(f.label, { exact: true }).fill(String(points));
	}
	await phone.getByRole('button', { name: 'Send my answer' }).click();
	await see(phone, 'Your answer is locked');
}

describe('a class through an outage, paced by the teacher', () => {
	it('says Reconnecting… everywhere, reopens the lost question, adds time, skips, asks again, keeps a removed student out', async () => {
		const port = await freePort();
		const env = { PORT: String(port), DATA_DIR: dataDir };
		server = await startServer(env);
		const base = server.url;
		const created = await fetch(`${base}/api/class`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: base },
			body: JSON.stringify({ questionCount: 3, seed: 'e2e-pacing', limitSeconds: LIMIT_SECONDS })
		});
		const { code, secret } = (await created.json()) as { code: string; secret: string };
		const teacherView = async () =>
			(await (
				await fetch(`${base}/api/class/${code}/control`, {
					headers: { authorization: `Bearer ${secret}` }
				})
			).json()) as TeacherView;

		const teacher = await open({ width: 1280, height: 800 });
		await teacher.goto(`${base}/class/${code}/control?key=${encodeURIComponent(secret)}`);
		await appReady(teacher);
		const screen = await open({ width: 1366, height: 768 });
		await screen.goto(`${base}/class/${code}/screen`);
		await appReady(screen);
		const phone = await open({ width: 360, height: 740 }, true);
		await phone.goto(`${base}/join?code=${code}`);
		await appReady(phone);
		await phone.getByLabel(/^Your name/).fill('Ada Lovelace');
		await phone.getByRole('button', { name: 'Join' }).click();
		await phone.waitForURL(`${base}/class/${code}`);
		await see(phone, "You're in!");
		await see(teacher, 'Students (1)');

		await teacher.getByRole('button', { name: 'Start question 1' }).click();
		await see(screen, 'Question 1 of 3');
		await see(phone, 'Who pays what?');
		const { deadline } = await teacherView();

		// The server stops: each view says so within 3 s (the bound), the projector's
		// timer says it waits for the server.
		await server.kill();
		for (const page of [screen, teacher, phone]) await see(page, 'Reconnecting…', 3_000);
		await see(screen, 'Timer: waiting for the server', 3_000);
		await see(screen, '(last known)', 3_000);
		await screenshot(screen, 'pacing-projector-reconnecting');
		await screenshot(phone, 'pacing-phone-reconnecting');

		// The time limit runs out while the server is down (its deadline plus the 1 s grace).
		await expect
			.poll(() => Date.now() > deadline! + 1_500, { timeout: 30_000, interval: 250 })
			.toBe(true);
		server = await startServer(env);
		for (const page of [screen, teacher, phone]) {
			await page.getByText('Reconnecting…').waitFor({ state: 'hidden', timeout: 20_000 });
		}
		// The views caught up: the question closed on restart, as its time was up.
		await see(teacher, '(answers closed)');
		await see(screen, 'Answers closed');
		await see(phone, 'Answers are closed for this question.');

		// Reopen: the lost question takes answers again.
		await teacher.getByRole('button', { name: 'Reopen answers' }).click();
		await expect.poll(async () => (await teacherView()).phase).toBe('open');
		const reopened = await teacherView();
		await answer(phone, reopened.question!.outcome, false);
		await see(teacher, '1 of 1 answered');

		// Add time: 30 s more on the deadline.
		await teacher.getByRole('button', { name: 'Add 30 seconds' }).click();
		await expect.poll(async () => (await teacherView()).deadline).toBe(reopened.deadline! + 30_000);

		await teacher.getByRole('button', { name: 'Close answers' }).click();
		await teacher.getByRole('button', { name: 'Reveal the answer' }).click();
		await teacher.getByRole('button', { name: 'Next: question 2' }).click();
		await see(screen, 'Question 2 of 3');

		// Skip question 2: question 3 opens, and question 2 counts in no score.
		await teacher.getByRole('button', { name: 'Skip this question' }).click();
		await see(screen, 'Question 3 of 3');
		await see(phone, 'Question 3 of 3');
		// Amounts typed but not sent come back after a reload.
		const third = (await teacherView()).question!;
		const first = phone.getByLabel(third.fields[0]!.label, { exact: true });
		await first.fill('123');
		await phone.reload();
		await appReady(phone);
		await expect.poll(() => first.inputValue()).toBe('123');
		await answer(phone, third.outcome, true);
		await teacher.getByRole('button', { name: 'Close answers' }).click();
		await teacher.getByRole('button', { name: 'Reveal the answer' }).click();

		// Ask again the question most got wrong (question 1): it comes back as question 4.
		await teacher.getByRole('button', { name: 'Ask again the question most got wrong' }).click();
		await see(screen, 'Question 4 of 4');
		await see(phone, 'Question 4 of 4');
		const again = await teacherView();
		expect(again.again).toEqual([0]);
		expect(again.question!.narrative).toBe(reopened.question!.narrative);
		await answer(phone, again.question!.outcome, true);
		await see(teacher, '1 of 1 answered');

		// Remove the student: the same browser cannot come back, under any name.
		await teacher.getByRole('button', { name: 'Show names' }).click();
		await teacher.getByRole('button', { name: 'Remove Ada Lovelace' }).click();
		await see(phone, 'The teacher removed you from this session.');
		const me = await phone.request.get(`${base}/api/class/${code}/me`);
		expect(me.status()).toBe(403);
		expect(await me.text()).not.toMatch(/phase|index|question|seq/);
		const pageData = await phone.request.get(`${base}/class/${code}/__data.json`);
		expect(pageData.status()).toBe(403);
		expect(await pageData.text()).not.toMatch(/phase|index|question|seq/);
		for (const name of ['Ada Lovelace', 'Someone New']) {
			await phone.goto(`${base}/join?code=${code}`);
			await appReady(phone);
			await phone.getByLabel(/^Your name/).fill(name);
			await phone.getByRole('button', { name: 'Join' }).click();
			await see(phone, 'The teacher removed you from this session.');
			expect(new URL(phone.url()).pathname).toBe('/join');
		}
		await see(teacher, 'Students (0)');

		// Let back in: the same student, answers and all.
		await teacher.getByRole('button', { name: 'Let Ada Lovelace back in' }).click();
		await see(teacher, 'Students (1)');
		await phone.goto(`${base}/class/${code}`);
		await see(phone, 'Your answer is locked');
		await screenshot(teacher, 'pacing-control');
	}, 180_000);
});
