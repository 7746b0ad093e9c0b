/**
 * A full practice round in Chromium, by keyboard alone, on a phone-sized and a desktop screen,
 * answering some questions right and some wrong, with axe-core checks; and one question by touch.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { amountOf, answerFields, isSettleFailure, rightAmounts, settle } from '$lib/payments';
import { generateScenarios } from '$lib/scenarios';
import {
	codeLine,
	launchBrowser,
	screenshot,
	seriousA11yViolations,
	useAppServer
} from './harness';

const server = useAppServer();

const SEED = 'e2e-round';

/** The fields of question i and the right amount for each, from the same seeded generator. */
function rightAnswers(i: number) {
	const scenario = generateScenarios({ seed: SEED, count: 5 })[i]!;
	const settlement = settle(scenario.outcome);
	if (isSettleFailure(settlement)) throw new Error(settlement.error.code);
	const expected = rightAmounts(settlement);
	return answerFields(scenario.outcome).map((f) => ({
		key: f.key,
		points: amountOf(expected, f.key)!
	}));
}

async function typeAnswers(page: Page, values: string[]) {
	for (const [n, value] of values.entries()) {
		if (n > 0) await page.keyboard.press('Tab');
		await page.keyboard.type(value);
	}
}

/** Waits until the cursor is in an answer field (the page puts it there once it has started). */
async function cursorInAnswer(page: Page) {
	await expect
		.poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
		.toMatch(/^answer-/);
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
			// Each question is shown from the top, not scrolled down to the answer fields.
			await expect
				.poll(() =>
					page
						.getByText(`Question ${i + 1} of 5`)
						.evaluate((el) => el.getBoundingClientRect().top >= 0)
				)
				.toBe(true);
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
			// The table carries the amounts once checked: on each payer's plate, and an arrow each.
			const table = page.getByRole('img', { name: /^Mah jongg table/ });
			for (const f of right) {
				if (f.key === 'total' || f.points === 0) continue;
				await expect
					.poll(() => table.locator(`[data-seat="${f.key}"] [data-testid="amount"]`).textContent())
					.toBe(`pays ${f.points} points`);
			}
			await expect
				.poll(() => table.getByTestId('arrow').count())
				.toBe(right.filter((f) => f.key !== 'total' && f.points > 0).length);
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

describe('before the answer checker has loaded', () => {
	// The first question shows without the quiz machine; its code loads on the first keystroke or
	// button. On a slow line, what the learner types and presses meanwhile waits for it. (No service
	// worker here: it would serve the code from its cache, out of the routes' reach.)
	const PHONE = { width: 360, height: 740 };

	/** A phone without a service worker, on the first question of the test round, its line held. */
	async function firstQuestion() {
		const context = await launchBrowser(PHONE, { serviceWorkers: 'block' });
		const page = await context.newPage();
		const line = await codeLine(page);
		await page.goto(`${server.url}/practice?seed=${SEED}&n=5`);
		await expect.poll(() => page.getByText('Question 1 of 5').isVisible()).toBe(true);
		await cursorInAnswer(page);
		return { context, page, line };
	}
	it('keeps the keystrokes and the Check made while it is still on its way', async () => {
		const { context, page, line } = await firstQuestion();
		const late: string[] = [];
		line.set(async (route) => {
			late.push(new URL(route.request().url()).pathname);
			await new Promise((resolve) => setTimeout(resolve, 1500));
			await route.continue();
		});
		await typeAnswers(
			page,
			rightAnswers(0).map((f) => String(f.points))
		);
		await page.keyboard.press('Enter');
		await expect.poll(() => page.locator('#feedback-heading').textContent()).toMatch(/Right!/);
		// The machine did come late, after the question was on screen.
		expect(late.length).toBeGreaterThan(0);
		await context.close();
	});

	it('answers the hint and show-answer buttons pressed before any typing', async () => {
		const { context, page } = await firstQuestion();
		await page.getByRole('button', { name: 'Hint: next step' }).click();
		await expect.poll(() => page.getByRole('region', { name: 'Hints' }).isVisible()).toBe(true);
		await page.getByRole('button', { name: 'Show answer' }).click();
		await expect.poll(() => page.locator('#feedback-heading').isVisible()).toBe(true);
		await context.close();
	});

	it('says so when it cannot load, keeps the entries, and checks once the line is back', async () => {
		const { context, page, line } = await firstQuestion();
		line.set('down');
		const values = rightAnswers(0).map((f) => String(f.points));
		await typeAnswers(page, values);
		await page.keyboard.press('Enter');
		await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/cannot be checked yet/);
		line.set('up');
		// Checked once the line is back: by the learner's Check, or by the page itself where the
		// browser keeps the failed import (it reloads in place and carries the Check over).
		const feedback = page.locator('#feedback-heading');
		await expect
			.poll(
				async () => {
					if (await feedback.isVisible()) return true;
					const check = page.getByRole('button', { name: 'Check', exact: true });
					await check.click({ timeout: 1000 }).catch(() => undefined);
					return feedback.isVisible();
				},
				{ timeout: 30_000 }
			)
			.toBe(true);
		expect(await feedback.textContent()).toMatch(/Right!/);
		await context.close();
	});

	it('keeps what was typed offline across a reload', async () => {
		const { context, page, line } = await firstQuestion();
		line.set('down');
		const values = rightAnswers(0).map((f) => String(f.points));
		await typeAnswers(page, values);
		line.set('up');
		await page.reload();
		await expect.poll(() => page.locator('input').first().inputValue()).toBe(values[0]);
		await page.getByRole('button', { name: 'Check' }).click();
		await expect.poll(() => page.locator('#feedback-heading').textContent()).toMatch(/Right!/);
		await context.close();
	});

	it('shows that a Check is waiting for the checker, and takes no edits meanwhile', async () => {
		const { context, page, line } = await firstQuestion();
		// The checker's code is held back until the test lets it through.
		let letThrough!: () => void;
		const held = new Promise<void>((resolve) => (letThrough = resolve));
		line.set(async (route) => {
			await held;
			await route.continue();
		});
		await typeAnswers(
			page,
			rightAnswers(0).map((f) => String(f.points))
		);
		await page.keyboard.press('Enter');
		await expect
			.poll(() => page.getByRole('button', { name: 'Checking…' }).isDisabled())
			.toBe(true);
		// A change typed now would come after the Check: the field does not take it.
		await page.keyboard.type('9');
		const total = rightAnswers(0).at(-1)!;
		expect(await page.locator(`#answer-${total.key}`).inputValue()).toBe(String(total.points));
		letThrough();
		await expect.poll(() => page.locator('#feedback-heading').textContent()).toMatch(/Right!/);
		await context.close();
	});

	it('starts a new round with empty fields, even if the checker never came', async () => {
		const { context, page, line } = await firstQuestion();
		line.set('down');
		await page.locator('input').first().fill('45');
		await page.keyboard.press('Enter');
		await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/cannot be checked yet/);
		// A new round from the menu (behind its button on a phone): a navigation inside the page,
		// the checker still missing.
		await page.getByRole('button', { name: 'Menu' }).click();
		await page.getByRole('link', { name: 'Practise' }).click();
		await expect.poll(() => page.url()).not.toContain(`seed=${SEED}&`);
		await expect.poll(() => page.locator('input').first().inputValue()).toBe('');
		expect(await page.getByRole('alert').count()).toBe(0);
		await context.close();
	});
});

describe('a reload in the middle of a round', () => {
	it('carries on at the same question with what was typed, and counts no answer twice', async () => {
		const context = await launchBrowser({ width: 360, height: 740 });
		const page = await context.newPage();
		await page.goto(`${server.url}/practice?seed=${SEED}&n=5`);
		await expect.poll(() => page.getByText('Question 1 of 5').isVisible()).toBe(true);
		await cursorInAnswer(page);
		await typeAnswers(
			page,
			rightAnswers(0).map((f) => String(f.points))
		);
		await page.keyboard.press('Enter');
		await expect.poll(() => page.locator('#feedback-heading').textContent()).toMatch(/Right!/);
		// A reload on the feedback (a pull-to-refresh) keeps the feedback.
		await page.reload();
		await expect.poll(() => page.locator('#feedback-heading').textContent()).toMatch(/Right!/);
		await page.getByRole('button', { name: 'Next' }).click();
		await expect.poll(() => page.getByText('Question 2 of 5').isVisible()).toBe(true);
		const first = rightAnswers(1)[0]!;
		// Hidden (the learner switches apps), the tab saves what was typed at once: a hidden tab
		// paints no frame for the save to wait for, and a phone may close it without a pagehide.
		const savedWhenHidden = await page.evaluate(async (key) => {
			const input = document.querySelector<HTMLInputElement>(`#answer-${key}`)!;
			input.value = '66';
			input.dispatchEvent(new Event('input', { bubbles: true }));
			for (let i = 0; i < 10; i++) await Promise.resolve();
			Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
			document.dispatchEvent(new Event('visibilitychange'));
			return sessionStorage.getItem('mahjong-coach:practice-round') ?? '';
		}, first.key);
		expect(savedWhenHidden).toContain('"66"');
		await page.locator(`#answer-${first.key}`).fill('77');
		await page.reload();
		await expect.poll(() => page.getByText('Question 2 of 5').isVisible()).toBe(true);
		await expect.poll(() => page.locator(`#answer-${first.key}`).inputValue()).toBe('77');
		await page.getByRole('button', { name: 'Show answer' }).click();
		await expect.poll(() => page.locator('#feedback-heading').isVisible()).toBe(true);
		await page.goto(`${server.url}/progress`);
		await expect
			.poll(() => page.getByText('2 questions answered, 1 right (50%).').isVisible())
			.toBe(true);
		await context.close();
	});
});
