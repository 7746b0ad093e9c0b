/**
 * Homework (issue 20) as a teacher and three students use it: the teacher sets it in /homework/new
 * (its preview shows the seed's questions; she swaps one, and the homework asks exactly what the
 * preview showed) and gets its full address to send, with Copy; three students do it on their own
 * phones (their own hosts: no shared storage), one of them goes offline midway and keeps
 * answering, her answers reach the server once she is back online, and the teacher's results page
 * shows each one's score and weak skills. A fourth student reloads the homework with no network at
 * all and answers; the teacher gets it once she is back online. /class (My classes) then lists the
 * homework and a live class made on the same device, newest first. The preview fits a 360 px
 * phone at a 24 px browser font.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
	answerFields,
	formatAmount,
	isSettleFailure,
	settle,
	type AmountUnit,
	type Outcome
} from '$lib/payments';
import { classQuestions, outcomeLine } from '$lib/class/preview';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';

const server = useAppServer('sqlite');
const contexts: BrowserContext[] = [];
let room: BrowserContext;
let teacher: Page;
beforeAll(async () => {
	room = await launchBrowser(
		{ width: 1280, height: 900 },
		{
			args: ['--host-resolver-rules=MAP *.test 127.0.0.1']
		}
	);
	contexts.push(room);
	teacher = await room.newPage();
});
afterAll(async () => {
	for (const c of contexts) await c.close();
});

/** What to type for each field: the right amounts, or each payer's amount halved (a wrong answer). */
function typed(outcome: Outcome, right: boolean, unit: AmountUnit): Record<string, string> {
	const s = settle(outcome);
	if (isSettleFailure(s)) throw new Error(s.error.message);
	const out: Record<string, string> = {};
	let sum = 0;
	for (const f of answerFields(outcome)) {
		if (f.key === 'total') continue;
		const paid = s.transfers.find((t) => t.from === f.key)?.points ?? 0;
		const p = right ? paid : Math.round(paid / 2);
		sum += p;
		out[f.key] = unit === 'money' ? formatAmount(p, 'money') : String(p);
	}
	out.total = unit === 'money' ? formatAmount(sum, 'money') : String(sum);
	return out;
}

async function answer(page: Page, outcome: Outcome, right: boolean) {
	const values = typed(outcome, right, 'points');
	for (const [name, value] of Object.entries(values)) {
		await page.locator(`form input[name="${name}"]`).fill(value);
	}
	await page.getByRole('button', { name: 'Check' }).click();
	await expect
		.poll(() => page.locator('[data-verdict]').getAttribute('data-verdict'))
		.toBe(right ? 'right' : 'wrong');
	await page.getByRole('button', { name: /Next question|Finish/ }).click();
}

describe('homework: three students, one offline midway', () => {
	let code = '';
	let outcomes: Outcome[] = [];

	it('the teacher sets it and gets a code, a link and a QR code', async () => {
		await teacher.goto(`${server.url}/homework/new`);
		await appReady(teacher);
		// The first preview comes drawn by the server: the filled-in seed's five questions.
		const first = await teacher.getByLabel('Question set', { exact: true }).inputValue();
		expect(await teacher.locator('li[data-preview] .line').allTextContents()).toEqual(
			classQuestions({ seed: first, questionCount: 5, skills: [] }).map((q) =>
				outcomeLine(q.outcome)
			)
		);
		await teacher.getByLabel(/^Title/).fill('Week 2');
		await teacher.getByLabel('Questions', { exact: true }).fill('3');
		await teacher.getByLabel('Question set', { exact: true }).fill('hw-e2e');
		// The preview: the seed's three questions; Swap replaces the second one only.
		const lines = teacher.locator('li[data-preview] .line');
		await expect.poll(() => lines.count()).toBe(3);
		const before = await lines.allTextContents();
		await teacher.getByRole('button', { name: 'Swap question 2' }).click();
		await expect.poll(() => lines.nth(1).textContent()).not.toBe(before[1]);
		const previewed = await lines.allTextContents();
		expect([previewed[0], previewed[2]]).toEqual([before[0], before[2]]);
		await teacher.getByRole('button', { name: 'Make the homework' }).click();
		await teacher.waitForURL(/\/homework\/[A-Z0-9]{6}\/results$/);
		code = /\/homework\/([A-Z0-9]{6})\//.exec(teacher.url())![1]!;
		await expect.poll(() => teacher.locator('img[alt*="QR" i]').count()).toBeGreaterThan(0);
		// The link to send is the whole address a phone can open (not a bare path), with Copy.
		const link = teacher.getByTestId('homework-link');
		const address = (await link.textContent())!.trim();
		expect(address).toMatch(new RegExp(`^https?://[^/]+/homework/${code}$`));
		expect(await link.getAttribute('href')).toBe(address);
		await teacher.getByRole('button', { name: 'Copy the link' }).click();
		await expect
			.poll(() => teacher.getByText(/^(Link copied\.|Copying is not allowed)/).count())
			.toBe(1);
		const view = (await (await fetch(`${server.url}/api/homework/${code}`)).json()) as {
			questions: { outcome: Outcome }[];
		};
		outcomes = view.questions.map((q) => q.outcome);
		expect(outcomes).toHaveLength(3);
		expect(outcomes.map(outcomeLine)).toEqual(previewed);
	});

	it('students answer on their phones with feedback; the offline one catches up when back', async () => {
		const plan: [string, Page, boolean[]][] = [];
		for (const [name, host, rights] of [
			['Ann', 'ann', [true, true, true]],
			['Bob', 'bob', [true, false, false]]
		] as const) {
			const page = await room.newPage();
			await page.goto(`http://${host}.test:${new URL(server.url).port}/homework/${code}`);
			plan.push([name, page, [...rights]]);
		}
		const phone = await launchBrowser(
			{ width: 390, height: 844 },
			{ isMobile: true, hasTouch: true }
		);
		contexts.push(phone);
		const cy = await phone.newPage();
		// The join link (the QR code) goes to the homework; so does its code typed on /join, which
		// brings the name typed there along.
		await cy.goto(`${server.url}/join?code=${code}`);
		await cy.waitForURL(new RegExp(`/homework/${code}$`));
		await cy.goto(`${server.url}/join`);
		await appReady(cy);
		await cy.getByLabel('Join code').fill(code.toLowerCase());
		await cy.getByLabel(/Your name/).fill('Cy');
		await cy.getByRole('button', { name: 'Join' }).click();
		await cy.waitForURL(new RegExp(`/homework/${code}\\?name=Cy$`));
		await appReady(cy);
		expect(await cy.getByLabel(/Your name/).inputValue()).toBe('Cy');
		plan.push(['Cy', cy, [true, false, true]]);

		for (const [name, page] of plan) {
			await appReady(page);
			await page.getByLabel(/Your name/).fill(name);
			await page.getByRole('button', { name: 'Start' }).click();
			await page.getByRole('heading', { name: /Question 1 of 3/ }).waitFor();
		}
		for (const [name, page, rights] of plan) {
			for (const [i, right] of rights.entries()) {
				if (name === 'Cy' && i === 1) await phone.setOffline(true);
				await answer(page, outcomes[i]!, right);
			}
		}
		// Cy's last two answers wait on her phone; the server has only her first.
		await expect.poll(() => cy.locator('[data-waiting]').getAttribute('data-waiting')).toBe('2');
		await screenshot(cy, 'homework-phone-offline');
		await teacher.reload();
		await expect
			.poll(() => teacher.locator('tr[data-student="Cy"] .score').textContent())
			.toMatch(/^1 of 3/);
		await phone.setOffline(false);
		await expect
			.poll(() => cy.locator('[data-waiting]').getAttribute('data-waiting'), { timeout: 20_000 })
			.toBe('0');
		await expect.poll(() => cy.getByText('2 of 3 right.').count()).toBe(1);
	});

	it("the teacher's results show each one's score and weak skills", async () => {
		await teacher.reload();
		const row = (name: string) => teacher.locator(`tr[data-student="${name}"]`);
		await expect.poll(() => row('Cy').locator('.score').textContent()).toMatch(/^2 of 3/);
		expect(await row('Ann').locator('.score').textContent()).toMatch(/^3 of 3 \(100%\)/);
		expect(await row('Bob').locator('.score').textContent()).toMatch(/^1 of 3 \(33%\)/);
		expect((await row('Ann').locator('.weak').textContent())?.trim()).toBe('–');
		expect((await row('Bob').locator('.weak').textContent())?.trim()).not.toBe('–');
		expect((await row('Cy').locator('.weak').textContent())?.trim()).not.toBe('–');
		expect(await teacher.locator('li[data-question]').first().getAttribute('data-question')).toBe(
			'2'
		);
		const csv = await teacher.evaluate(
			(c) => fetch(`/api/homework/${c}/results?format=csv`).then((r) => r.text()),
			code
		);
		expect(
			csv
				.split('\r\n')
				.slice(1, 4)
				.map((l) => l.split(',').slice(0, 3).join(','))
		).toEqual(['Ann,3,3', 'Bob,3,1', 'Cy,3,2']);
		await screenshot(teacher, 'homework-results');
	});

	it('a student who opened it reloads it offline, answers, and the teacher gets it once back online', async () => {
		const phone = await launchBrowser(
			{ width: 360, height: 740 },
			{ isMobile: true, hasTouch: true }
		);
		contexts.push(phone);
		const di = await phone.newPage();
		const path = `/homework/${code}`;
		await di.goto(`${server.url}${path}`);
		await appReady(di);
		await di.getByLabel(/Your name/).fill('Di');
		await di.getByRole('button', { name: 'Start' }).click();
		await di.getByRole('heading', { name: /Question 1 of 3/ }).waitFor();
		// The service worker keeps the page once it was opened (its first visit came before the worker).
		await expect
			.poll(() => di.evaluate((p) => caches.match(p).then((r) => r !== undefined), path), {
				timeout: 30_000
			})
			.toBe(true);

		await phone.setOffline(true);
		expect(
			await di.evaluate(() =>
				fetch('/api/homework/OFFLINE').then(
					() => 'online',
					() => 'offline'
				)
			)
		).toBe('offline');
		const reloaded = await di.reload();
		expect(reloaded?.fromServiceWorker()).toBe(true);
		await appReady(di);
		await di.getByRole('heading', { name: /Question 1 of 3/ }).waitFor();
		await answer(di, outcomes[0]!, true);
		await expect.poll(() => di.locator('[data-waiting]').getAttribute('data-waiting')).toBe('1');
		await screenshot(di, 'homework-phone-reloaded-offline');
		await teacher.reload();
		expect(await teacher.locator('tr[data-student="Di"]').count()).toBe(1);
		expect(await teacher.locator('tr[data-student="Di"] .score').textContent()).toMatch(/^0 of 3/);

		await phone.setOffline(false);
		await expect
			.poll(() => di.locator('[data-waiting]').getAttribute('data-waiting'), { timeout: 20_000 })
			.toBe('0');
		await teacher.reload();
		await expect
			.poll(() => teacher.locator('tr[data-student="Di"] .score').textContent())
			.toMatch(/^1 of 3/);
	});

	it('/homework/new and its preview fit a 360 px phone at a 24 px browser font', async () => {
		const phone = await launchBrowser({ width: 360, height: 740 }, { defaultFontSize: 24 });
		contexts.push(phone);
		const page = await phone.newPage();
		await page.goto(`${server.url}/homework/new`);
		await appReady(page);
		await page.getByLabel('Questions', { exact: true }).fill('4');
		await expect.poll(() => page.locator('li[data-preview]').count()).toBe(4);
		await page.getByRole('button', { name: 'Swap question 1' }).click();
		await expect.poll(() => page.locator('li[data-preview] .swapped').count()).toBe(1);
		const wide = await page.evaluate(() => document.documentElement.scrollWidth);
		expect(wide).toBeLessThanOrEqual(360);
		await screenshot(page, 'homework-new-preview-24px');
	});

	it('My classes (/class) lists the homework and a live class made here, newest first', async () => {
		await teacher.goto(`${server.url}/class/new`);
		await appReady(teacher);
		await teacher.getByRole('button', { name: 'Create the session' }).click();
		await teacher.waitForURL(/\/class\/[A-Z0-9]{6}\/control$/);
		const classCode = /\/class\/([A-Z0-9]{6})\//.exec(teacher.url())![1]!;
		await appReady(teacher);
		await teacher.goto(`${server.url}/class`);
		await appReady(teacher);
		const rows = teacher.locator('li[data-mine]');
		await expect.poll(() => rows.count()).toBe(2);
		expect(await rows.nth(0).getAttribute('data-mine')).toBe(classCode);
		expect(await rows.nth(1).getAttribute('data-mine')).toBe(code);
		await expect
			.poll(() => rows.nth(0).locator('[data-state]').textContent())
			.toBe('Waiting for students');
		await expect
			.poll(() => rows.nth(1).locator('[data-state]').textContent())
			.toBe('Open for answers');
		await rows.nth(1).getByRole('link', { name: 'Results' }).click();
		await teacher.waitForURL(new RegExp(`/homework/${code}/results$`));
		await rows.page().goto(`${server.url}/class`);
		await appReady(teacher);
		await teacher
			.locator(`li[data-mine="${classCode}"]`)
			.getByRole('link', { name: /Control view/ })
			.click();
		await teacher.waitForURL(new RegExp(`/class/${classCode}/control$`));
	});
});
