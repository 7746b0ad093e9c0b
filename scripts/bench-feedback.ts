/**
 * Check-to-feedback time for `npm run bench`: plays a seeded round of practice questions in
 * Chromium on a 360 x 740 phone screen against the built server, answering every other question
 * wrong (so the tutor's diagnosis runs too), and reads the performance measures the page records
 * (`coach:check-to-feedback`, from pressing Check to the feedback painted; see AnswerForm.svelte
 * and FeedbackView.svelte).
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
	amountOf,
	answerFields,
	isSettleFailure,
	rightAmounts,
	settle
} from '../src/lib/payments/index.ts';
import { generateScenarios, type Scenario } from '../src/lib/scenarios/index.ts';

/** The measure the practice page records for each checked answer. */
export const CHECK_TO_FEEDBACK = 'coach:check-to-feedback';

/**
 * What to type in each answer field of `scenario` (points): the right amounts, or with `wrong`
 * the first field 5 points too high. Throws if the engine rejects the scenario's outcome.
 */
export function practiceAnswers(
	scenario: Scenario,
	wrong = false
): { key: string; text: string }[] {
	const settlement = settle(scenario.outcome);
	if (isSettleFailure(settlement)) throw new Error(settlement.error.code);
	const expected = rightAmounts(settlement);
	return answerFields(scenario.outcome).map((field, n) => {
		const points = amountOf(expected, field.key) ?? 0;
		return { key: field.key, text: String(wrong && n === 0 ? points + 5 : points) };
	});
}

/** How many check-to-feedback measures the page has recorded so far. */
function measureCount(page: Page): Promise<number> {
	return page.evaluate(
		(name) => performance.getEntriesByName(name, 'measure').length,
		CHECK_TO_FEEDBACK
	);
}

/**
 * Plays `count` questions (1..50) of the round `seed` at `baseUrl`/practice in a new page of
 * `context` and returns each question's check-to-feedback time in milliseconds, in order.
 * Throws when a question's feedback or its measure does not appear within 10 s.
 */
export async function checkToFeedbackTimes(
	context: BrowserContext,
	baseUrl: string,
	seed: string,
	count = 50
): Promise<number[]> {
	const scenarios = generateScenarios({ seed, count });
	const page = await context.newPage();
	try {
		await page.goto(`${baseUrl}/practice?seed=${encodeURIComponent(seed)}&n=${count}`);
		for (let i = 0; i < count; i++) {
			await page.getByText(`Question ${i + 1} of ${count}`).waitFor({ timeout: 10_000 });
			for (const { key, text } of practiceAnswers(scenarios[i]!, i % 2 === 1)) {
				await page.locator(`#answer-${key}`).fill(text);
			}
			await page.getByRole('button', { name: 'Check', exact: true }).click();
			await page.locator('#feedback-heading').waitFor({ timeout: 10_000 });
			await page.waitForFunction(
				([name, n]) => performance.getEntriesByName(name as string, 'measure').length >= n,
				[CHECK_TO_FEEDBACK, i + 1] as const,
				{ timeout: 10_000 }
			);
			await page.getByRole('button', { name: 'Next', exact: true }).click();
		}
		if ((await measureCount(page)) !== count) {
			throw new Error(`expected ${count} ${CHECK_TO_FEEDBACK} measures`);
		}
		return await page.evaluate(
			(name) => performance.getEntriesByName(name, 'measure').map((m) => m.duration),
			CHECK_TO_FEEDBACK
		);
	} finally {
		await page.close();
	}
}
