/**
 * A reason to come back, on a 360 × 740 phone: the learner sets a daily goal on the home page,
 * answers that many questions, and the "Today" card says the goal is met with a streak of 1. A
 * question answered wrong is tried again and answered right: /progress counts no success for its
 * skills from that try (skills.md: left out, as after a hint). Offline, the page says the answers
 * are kept on the device.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
	amountOf,
	answerFields,
	grade,
	rightAmounts,
	settleValid,
	skillMarks,
	SKILL_LABELS,
	validateOutcome,
	type Answer,
	type Skill
} from '$lib/payments';
import { generateRound, type Scenario } from '$lib/scenarios';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';

const server = useAppServer();
const GOAL = 3;

function rightOf(q: Scenario): Answer {
	const checked = validateOutcome(q.outcome);
	if (!checked.ok) throw new Error(checked.error.code);
	return rightAmounts(settleValid(checked.outcome));
}

/** Types `amounts` into the fields `#PREFIX-KEY` of the question. */
async function fill(page: Page, q: Scenario, amounts: Answer, prefix: string) {
	for (const { key } of answerFields(q.outcome)) {
		await page.locator(`#${prefix}-${key}`).fill(String(amountOf(amounts, key)));
	}
}

describe('today and try again', () => {
	it('meets a goal with a streak of 1, and a right try again counts no success', async () => {
		const context = await launchBrowser({ width: 360, height: 740 });
		const page = await context.newPage();
		await page.goto(server.url);
		await appReady(page);
		await page.getByLabel('Daily goal').selectOption(String(GOAL));
		await page.getByRole('button', { name: 'Set goal' }).click();
		await expect.poll(() => page.getByText(`of your goal of ${GOAL}.`).isVisible()).toBe(true);

		const seed = 'today-goal';
		const round = generateRound({ seed, count: 5, skills: [] }).scenarios;
		await page.goto(`${server.url}/practice?seed=${seed}&n=5`);
		await appReady(page);
		const answers: Answer[] = [];
		for (const [i, q] of round.slice(0, GOAL).entries()) {
			await expect.poll(() => page.getByText(q.narrative).first().isVisible()).toBe(true);
			const right = rightOf(q);
			// The first question a slip: its first amount one too many.
			const [first] = answerFields(q.outcome);
			const given: Answer =
				i === 0
					? first!.key === 'total'
						? { ...right, total: right.total! + 1 }
						: { ...right, pays: { ...right.pays, [first!.key]: right.pays[first!.key]! + 1 } }
					: right;
			answers.push(given);
			await fill(page, q, given, 'answer');
			await page.getByRole('button', { name: 'Check' }).click();
			await expect
				.poll(() =>
					page.getByRole('heading', { name: i === 0 ? 'Not quite.' : /^Right!/ }).isVisible()
				)
				.toBe(true);
			if (i === 0) {
				await page.getByRole('button', { name: 'Try this question again' }).click();
				await expect.poll(() => page.locator(`#again-${first!.key}`).isVisible()).toBe(true);
				// Fresh fields: nothing typed.
				expect(await page.locator(`#again-${first!.key}`).inputValue()).toBe('');
				await fill(page, q, right, 'again');
				await page.getByRole('button', { name: 'Check again' }).click();
				await expect.poll(() => page.getByText(/^Right this time!/).isVisible()).toBe(true);
				await screenshot(page, 'today-try-again');
			}
			await page.getByRole('button', { name: 'Next' }).click();
		}

		// Home: the goal met, a streak of 1.
		await page.goto(server.url);
		await appReady(page);
		const today = page.getByRole('region', { name: 'Today' });
		await expect.poll(() => today.getByText('Goal met!').isVisible()).toBe(true);
		await expect.poll(() => today.getByText('Streak: 1 day goal met').isVisible()).toBe(true);
		await screenshot(page, 'today-goal-met');

		// /progress: the counts are those of the three answers; the right try again added none.
		const expected = new Map<Skill, { success: number; all: number }>();
		round.slice(0, GOAL).forEach((q, i) => {
			const g = grade(q.outcome, answers[i], 'points');
			if ('error' in g) throw new Error(g.error.code);
			for (const { skill, mark } of skillMarks(g, false)) {
				const e = expected.get(skill) ?? { success: 0, all: 0 };
				e.all += 1;
				if (mark === 'success') e.success += 1;
				expected.set(skill, e);
			}
		});
		const tried = grade(round[0]!.outcome, rightOf(round[0]!), 'points');
		if ('error' in tried) throw new Error(tried.error.code);
		expect(skillMarks(tried, false).length).toBeGreaterThan(0);
		await page.goto(`${server.url}/progress`);
		await appReady(page);
		const rows = page.locator('ul.skills > li');
		await expect.poll(() => rows.count()).toBe(11);
		for (const [skill, { success, all }] of expected) {
			const row = rows.filter({ hasText: new RegExp(`^\\s*${SKILL_LABELS[skill]}`) }).first();
			const text = (await row.textContent()) ?? '';
			const counts = /(\d+) of (?:the last )?(\d+) right/.exec(text);
			if (all >= 4 && success === all) continue; // "The last 4 right"
			expect(counts, text).not.toBeNull();
			expect([Number(counts![1]), Number(counts![2])], text).toEqual([success, all]);
		}

		// Offline: the page says so.
		await context.setOffline(true);
		await expect
			.poll(() => page.getByText('Offline: your answers are kept on this device.').isVisible())
			.toBe(true);
		await context.setOffline(false);
		await expect
			.poll(() => page.getByText('Offline: your answers are kept on this device.').count())
			.toBe(0);
		await context.close();
	});
});
