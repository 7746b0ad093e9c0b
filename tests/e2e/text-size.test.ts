/**
 * Readable at every text size on a 360 × 740 phone: with Chromium's default font at 24 px, A++
 * makes the text larger than A does or says it is already at its largest, and nothing scrolls
 * sideways; at A++ the answer table after a wrong answer is at least the body's size.
 */
import { describe, expect, it } from 'vitest';
import { amountOf, answerFields, rightAmounts, settleValid, validateOutcome } from '$lib/payments';
import { generateRound } from '$lib/scenarios';
import { appReady, launchBrowser, useAppServer } from './harness';

const server = useAppServer();

describe('text sizes on a phone', () => {
	it('A++ at a 24 px browser font: larger than A, or says it is at its largest; no sideways scroll', async () => {
		const context = await launchBrowser({ width: 360, height: 740 }, { defaultFontSize: 24 });
		const page = await context.newPage();
		await page.goto(`${server.url}/practice?seed=sizes&n=5`);
		await appReady(page);
		const bodySize = () =>
			page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
		const normal = await bodySize();
		await page.getByRole('button', { name: 'Menu' }).click();
		await page.getByRole('button', { name: 'A++: Extra large text' }).click();
		const larger = await bodySize();
		const said = await page
			.getByText('The text is already at its largest for this screen.')
			.isVisible();
		expect(larger > normal || said, `${normal} -> ${larger}`).toBe(true);
		expect(larger).toBeGreaterThan(normal);
		for (const path of ['/practice?seed=sizes&n=5', '/', '/rules', '/learn']) {
			await page.goto(server.url + path);
			await appReady(page);
			expect(
				await page.evaluate(() => document.documentElement.scrollWidth),
				path
			).toBeLessThanOrEqual(360);
		}
		await context.close();
	});

	it('at A++ the answer table after a wrong answer is at least the body text', async () => {
		const context = await launchBrowser({ width: 360, height: 740 });
		await context.addInitScript(() => localStorage.setItem('text-size', 'x-large'));
		const page = await context.newPage();
		const [q] = generateRound({ seed: 'sizes', count: 5, skills: [] }).scenarios;
		await page.goto(`${server.url}/practice?seed=sizes&n=5`);
		await appReady(page);
		const checked = validateOutcome(q!.outcome);
		if (!checked.ok) throw new Error(checked.error.code);
		const right = rightAmounts(settleValid(checked.outcome));
		for (const [i, { key }] of answerFields(q!.outcome).entries()) {
			await page
				.locator(`#answer-${key}`)
				.fill(String((amountOf(right, key) ?? 0) + (i === 0 ? 1 : 0)));
		}
		await page.getByRole('button', { name: 'Check', exact: true }).click();
		await page.locator('#feedback-heading').waitFor();
		const sizes = await page.evaluate(() => ({
			body: parseFloat(getComputedStyle(document.body).fontSize),
			cells: [...document.querySelectorAll('.feedback table td, .feedback table th')].map((c) =>
				parseFloat(getComputedStyle(c).fontSize)
			),
			width: document.documentElement.scrollWidth
		}));
		expect(sizes.cells.length).toBeGreaterThan(0);
		for (const size of sizes.cells) expect(size).toBeGreaterThanOrEqual(sizes.body - 0.01);
		expect(sizes.width).toBeLessThanOrEqual(360);
		await context.close();
	});
});
