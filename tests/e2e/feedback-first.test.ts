/**
 * After a wrong answer on a 360 × 740 phone at A++: the verdict, each wrong amount beside the right
 * one, and Next fit one screen once the feedback has come into view; the breakdown (who pays what,
 * the named mistake, the table) is one tap away behind "Show the breakdown". In a lesson too. At
 * the default size the breakdown shows at once, as before.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { amountOf, answerFields, rightAmounts, settleValid, validateOutcome } from '$lib/payments';
import { generateRound } from '$lib/scenarios';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOTS, appReady, launchBrowser, useAppServer, workedSteps } from './harness';

const server = useAppServer();
const SCREEN = { width: 360, height: 740 };

/**
 * A phone with the app's text size set before the first paint ('x-large' is A++), and the
 * browser's own font size (16 px by default; at 24 px, A++ is at its 28 px cap).
 */
async function phone(size: 'normal' | 'x-large', defaultFontSize = 16) {
	const context = await launchBrowser(SCREEN, { defaultFontSize });
	await context.addInitScript((s) => localStorage.setItem('text-size', s), size);
	return context;
}

/** Answers the first question of `seed`'s round with every amount 10 points too high. */
async function answerWrong(page: Page, seed: string) {
	const [q] = generateRound({ seed, count: 3, skills: [] }).scenarios;
	const checked = validateOutcome(q!.outcome);
	if (!checked.ok) throw new Error(checked.error.code);
	const right = rightAmounts(settleValid(checked.outcome));
	const fields = answerFields(q!.outcome).map((f) => ({ ...f, right: amountOf(right, f.key)! }));
	await page.goto(`${server.url}/practice?seed=${seed}&n=3`);
	await appReady(page);
	for (const { key, right } of fields) await page.locator(`#answer-${key}`).fill(`${right + 10}`);
	await page.getByRole('button', { name: 'Check', exact: true }).click();
	await page.locator('#feedback-heading').waitFor();
	return fields;
}

/** Saves what the phone's screen shows now (not the whole page) to test-results/screenshots. */
async function screenShot(page: Page, name: string) {
	mkdirSync(SCREENSHOTS, { recursive: true });
	await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Waits until the feedback's heading has come to the top of the screen (the app scrolls it). */
async function verdictInView(page: Page) {
	await expect
		.poll(async () => Math.round((await page.locator('#feedback-heading').boundingBox())?.y ?? -1))
		.toBeGreaterThanOrEqual(0);
	await expect
		.poll(async () => (await page.locator('#feedback-heading').boundingBox())?.y ?? 999)
		.toBeLessThan(60);
}

/** Whether `locator` lies wholly on the first screen (0 to 740 px from the viewport's top, to a pixel). */
async function onScreen(locator: Locator): Promise<string> {
	const box = await locator.boundingBox();
	if (!box) return 'not shown';
	return box.y >= -1 && box.y + box.height <= SCREEN.height + 1
		? 'on screen'
		: `at ${box.y} to ${box.y + box.height}`;
}

describe('the feedback on a phone at the largest text size', () => {
	it.each([16, 24])(
		'practice (browser font %i px): verdict, wrong amounts and Next in 740 px; the breakdown one tap away',
		async (font) => {
			const context = await phone('x-large', font);
			const page = await context.newPage();
			const fields = await answerWrong(page, 'first-screen');
			await verdictInView(page);
			const verdict = page.getByRole('heading', { name: 'Not quite.' });
			const first = page.locator('.corrected li').first();
			const next = page.getByRole('button', { name: 'Next', exact: true });
			await expect
				.poll(() => first.textContent())
				.toContain(`${fields[0]!.label}: ${fields[0]!.right} (you said ${fields[0]!.right + 10})`);
			expect(await page.locator('.corrected li').count()).toBe(fields.length);
			expect(await onScreen(verdict)).toBe('on screen');
			expect(await onScreen(first)).toBe('on screen');
			expect(await onScreen(next)).toBe('on screen');
			expect(await next.evaluate((b) => b === document.activeElement)).toBe(true);
			// Next's description reads the verdict and the amounts to put right.
			expect(await next.evaluate((b) => b.getAttribute('aria-describedby'))).toMatch(
				/^feedback-heading \S+/
			);
			await screenShot(page, `feedback-first-a++-${font}px`);

			// The breakdown: folded, one tap away, opened in place before Next.
			const toggle = page.getByRole('button', { name: 'Show the breakdown' });
			const table = page.getByRole('table', { name: 'Your answer and the right answer' });
			const mistake = page.getByRole('note');
			expect(await toggle.getAttribute('aria-expanded')).toBe('false');
			expect(await table.isVisible()).toBe(false);
			expect(await mistake.isVisible()).toBe(false);
			await toggle.click();
			const hide = page.getByRole('button', { name: 'Hide the breakdown' });
			expect(await hide.getAttribute('aria-expanded')).toBe('true');
			await expect.poll(() => table.isVisible()).toBe(true);
			expect(await mistake.isVisible()).toBe(true);
			expect(await page.getByRole('link', { name: 'P1' }).first().isVisible()).toBe(true);
			await screenShot(page, `feedback-first-a++-${font}px-breakdown`);
			// Keyboard: the toggle folds it away again.
			await hide.focus();
			await page.keyboard.press('Enter');
			await expect.poll(() => table.isVisible()).toBe(false);
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				SCREEN.width
			);
			await context.close();
		}
	);

	it('a lesson: its verdict, wrong amounts and main button in 740 px', async () => {
		const context = await phone('x-large');
		const page = await context.newPage();
		await page.goto(`${server.url}/learn/discard`);
		await appReady(page);
		await (await workedSteps(page)).click();
		await page.getByRole('button', { name: 'Now try one yourself' }).click();
		await page.getByRole('heading', { name: 'Partly worked question' }).waitFor();
		for (const input of await page.locator('#answer-heading ~ .fields input').all()) {
			await input.fill('1');
		}
		await page.getByRole('button', { name: 'Check', exact: true }).click();
		await page.locator('#feedback-heading').waitFor();
		await verdictInView(page);
		const main = page.locator('.feedback .actions button').first();
		expect(await onScreen(page.getByRole('heading', { name: 'Not quite.' }))).toBe('on screen');
		expect(await onScreen(page.locator('.corrected li').first())).toBe('on screen');
		expect(await page.locator('.corrected li').first().textContent()).toContain('(you said 1)');
		expect(await onScreen(main)).toBe('on screen');
		expect(await main.evaluate((b) => b === document.activeElement)).toBe(true);
		await page.getByRole('button', { name: 'Show the breakdown' }).click();
		await expect.poll(() => page.getByRole('note').isVisible()).toBe(true);
		await screenShot(page, 'feedback-first-lesson-a++');
		await context.close();
	});

	it('at the default size the breakdown shows at once, with no fold', async () => {
		const context = await phone('normal');
		const page = await context.newPage();
		await answerWrong(page, 'first-screen');
		await verdictInView(page);
		expect(await page.getByRole('note').isVisible()).toBe(true);
		expect(
			await page.getByRole('table', { name: 'Your answer and the right answer' }).isVisible()
		).toBe(true);
		expect(await page.getByRole('button', { name: 'Show the breakdown' }).isVisible()).toBe(false);
		expect(await page.locator('.corrected').isVisible()).toBe(false);
		await context.close();
	});
});
