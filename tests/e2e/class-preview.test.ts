/**
 * /class/new's preview (issue 20), in Chromium on SQLite: the seed's questions are listed as the
 * settings change; swapping question 2 replaces just that one, and the session then asks the
 * swapped question 2 on the projector. At 1366 x 768 the Create button and the lobby's join code
 * are above the fold. Without JavaScript the preview is on the page and the form still creates.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { classQuestions, outcomeLine } from '$lib/class/preview';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';

const server = useAppServer();
const contexts: BrowserContext[] = [];
afterAll(async () => {
	for (const c of contexts) await c.close();
});

const LAPTOP = { width: 1366, height: 768 };
const SEED = 'e2e-preview';

async function open(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
	const context = await launchBrowser(LAPTOP, options);
	contexts.push(context);
	const page = await context.newPage();
	page.on('dialog', (dialog) => void dialog.accept());
	return page;
}

/** The bottom edge of `selector`'s first match, in px from the top of the page (not scrolled). */
async function bottomOf(page: Page, selector: string): Promise<number> {
	const box = await page.locator(selector).first().boundingBox();
	if (!box) throw new Error(`${selector} is not on the page`);
	return box.y + box.height;
}

const previewLines = (page: Page) => page.locator('[data-preview] .line').allInnerTexts();

describe("/class/new's preview", () => {
	it('lists the questions, swaps question 2, and the session asks the swapped one', async () => {
		const teacher = await open();
		await teacher.goto(`${server.url}/class/new`);
		await appReady(teacher);
		expect(await bottomOf(teacher, 'button[type="submit"]')).toBeLessThanOrEqual(LAPTOP.height);
		await expect.poll(() => teacher.locator('[data-preview]').count()).toBe(5);

		await teacher.getByLabel('Questions', { exact: true }).fill('3');
		await teacher.getByLabel('Question set', { exact: true }).fill(SEED);
		const round = { seed: SEED, questionCount: 3, skills: [] };
		const plain = classQuestions(round);
		await expect
			.poll(() => previewLines(teacher))
			.toEqual(plain.map((q) => outcomeLine(q.outcome)));

		await teacher.getByRole('button', { name: 'Swap question 2' }).click();
		const swapped = classQuestions({ ...round, swaps: { 1: 1 } });
		expect(swapped[1]!.narrative).not.toBe(plain[1]!.narrative);
		await expect
			.poll(() => previewLines(teacher))
			.toEqual(swapped.map((q) => outcomeLine(q.outcome)));
		expect(await teacher.locator('[data-preview="2"]').innerText()).toContain('swapped');
		expect(await bottomOf(teacher, 'button[type="submit"]')).toBeLessThanOrEqual(LAPTOP.height);
		await screenshot(teacher, 'class-new-preview');

		await teacher.getByRole('button', { name: 'Create the session' }).click();
		await teacher.waitForURL(/\/class\/[A-Z2-9]{6}\/control$/);
		const code = /\/class\/([A-Z2-9]{6})\//.exec(teacher.url())![1]!;

		const screen = await open();
		await screen.goto(`${server.url}/class/${code}/screen`);
		await screen.getByTestId('join-code').waitFor({ state: 'visible', timeout: 15_000 });
		expect(await bottomOf(screen, '[data-testid="join-code"]')).toBeLessThanOrEqual(LAPTOP.height);
		await screenshot(screen, 'class-lobby-1366');

		await teacher.getByRole('button', { name: 'Start question 1' }).click();
		await expect.poll(() => screen.locator('body').innerText()).toContain(plain[0]!.narrative);
		await teacher.getByRole('button', { name: 'Skip this question' }).click();
		await expect
			.poll(() => screen.locator('body').innerText(), { timeout: 15_000 })
			.toContain('Question 2 of 3');
		expect(await screen.locator('body').innerText()).toContain(swapped[1]!.narrative);
		expect(await teacher.locator('body').innerText()).toContain(swapped[1]!.narrative);
	});

	it('shows the questions and creates the session without JavaScript', async () => {
		const page = await open({ javaScriptEnabled: false });
		await page.goto(`${server.url}/class/new`);
		expect(await page.locator('[data-preview]').count()).toBe(5);
		const seed = await page.getByLabel('Question set', { exact: true }).inputValue();
		expect(seed).toMatch(/^[0-9a-z]{8}$/);
		expect(await previewLines(page)).toEqual(
			classQuestions({ seed, questionCount: 5, skills: [] }).map((q) => outcomeLine(q.outcome))
		);
		await page.getByRole('button', { name: 'Create the session' }).click();
		await page.waitForURL(/\/class\/[A-Z2-9]{6}\/control$/);
	});
});
