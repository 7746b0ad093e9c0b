/**
 * A full practice round in Chromium, by keyboard alone, on a phone-sized and a desktop screen,
 * answering some questions right and some wrong, with axe-core checks; and one question by touch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { isSettleFailure, settle } from '$lib/payments';
import { answerFields, expectedAmounts } from '$lib/quiz/fields';
import { generateScenarios } from '$lib/scenarios';
import {
	launchBrowser,
	screenshot,
	seriousA11yViolations,
	startServer,
	type AppServer
} from './harness';

let server: AppServer;
beforeAll(async () => {
	server = await startServer();
});
afterAll(async () => {
	await server?.stop();
});

const SEED = 'e2e-round';

/** The fields of question i and the right amount for each, from the same seeded generator. */
function rightAnswers(i: number) {
	const scenario = generateScenarios({ seed: SEED, count: 5 })[i]!;
	const settlement = settle(scenario.outcome);
	if (isSettleFailure(settlement)) throw new Error(settlement.error.code);
	const expected = expectedAmounts(settlement, scenario.outcome);
	return answerFields(scenario.outcome).map((f) => ({ key: f.key, points: expected[f.key]! }));
}

async function typeAnswers(page: Page, values: string[]) {
	for (const [n, value] of values.entries()) {
		if (n > 0) await page.keyboard.press('Tab');
		await page.keyboard.type(value);
	}
}

async function expectAccessible(page: Page) {
	expect(await seriousA11yViolations(page)).toEqual([]);
}

describe.each([
	{ name: 'phone', width: 360, height: 740 },
	{ name: 'desktop', width: 1280, height: 800 }
])('a round of 5 by keyboard on the $name ($width x $height)', ({ name, width, height }) => {
	it('plays every question, shows feedback and the summary', async () => {
		const context = await launchBrowser({ width, height });
		const page = await context.newPage();
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		await page.goto(`${server.url}/practice?seed=${SEED}&n=5`);
		for (let i = 0; i < 5; i++) {
			await expect.poll(() => page.getByText(`Question ${i + 1} of 5`).isVisible()).toBe(true);
			// The first answer field has the cursor: no mouse needed.
			await expect
				.poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
				.toMatch(/^answer-/);
			const right = rightAnswers(i);
			const wrongOne = i % 2 === 1;
			const values = right.map((f, n) => String(wrongOne && n === 0 ? f.points + 5 : f.points));
			if (i === 1) {
				// A typo keeps the question and the other entries, with a message by the field.
				await typeAnswers(page, ['abc', ...values.slice(1)]);
				await page.keyboard.press('Enter');
				await expect
					.poll(() => page.getByText('is not a whole number of points').isVisible())
					.toBe(true);
				await expect
					.poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
					.toBe(`answer-${right[0]!.key}`);
				await expect(page.locator(`#answer-${right[1]!.key}`).inputValue()).resolves.toBe(
					values[1]
				);
				await screenshot(page, `${name}-typo`);
				await page.keyboard.press('Control+A');
				await page.keyboard.type(values[0]!);
			} else {
				await typeAnswers(page, values);
				if (i === 0) {
					await expectAccessible(page);
					await screenshot(page, `${name}-question`);
				}
			}
			await page.keyboard.press('Enter');
			const heading = page.locator('#feedback-heading');
			await expect.poll(() => heading.textContent()).toMatch(wrongOne ? /Not quite/ : /Right!/);
			if (i === 1) {
				await expectAccessible(page);
				await screenshot(page, `${name}-feedback-wrong`);
			}
			// The arrows on the table carry the amounts once checked.
			const table = (await page.locator('svg').first().textContent()) ?? '';
			for (const f of right) {
				if (f.key !== 'total' && f.points > 0) expect(table).toContain(`${f.points} points`);
			}
			// Next has the focus: Enter again moves on.
			await page.keyboard.press('Enter');
		}
		await expect
			.poll(() => page.getByRole('heading', { name: /Round done: 3 of 5 right/ }).isVisible())
			.toBe(true);
		await expectAccessible(page);
		await screenshot(page, `${name}-summary`);
		expect(errors).toEqual([]);
		await context.close();
	});
});

describe('by touch on a phone', () => {
	it('answers a question in money with taps', async () => {
		const context = await launchBrowser(
			{ width: 360, height: 740 },
			{ hasTouch: true, isMobile: true }
		);
		const page = await context.newPage();
		await page.goto(`${server.url}/practice?seed=${SEED}&n=5&unit=money`);
		const right = rightAnswers(0);
		for (const [n, f] of right.entries()) {
			const input = page.locator(`#answer-${f.key}`);
			await input.tap();
			// Dollars, cents with ¢, and bare cents are all read as money.
			const dollars = `$${(f.points / 100).toFixed(2)}`;
			await input.fill(n % 3 === 0 ? dollars : n % 3 === 1 ? `${f.points}¢` : String(f.points));
		}
		await page.getByRole('button', { name: 'Check' }).tap();
		await expect.poll(() => page.locator('#feedback-heading').textContent()).toMatch(/Right!/);
		expect(await page.locator('.feedback table').textContent()).toMatch(/\$\d+\.\d\d/);
		await page.getByRole('button', { name: 'Next' }).tap();
		await expect.poll(() => page.getByText('Question 2 of 5').isVisible()).toBe(true);
		await screenshot(page, 'phone-touch-money');
		await context.close();
	});
});
