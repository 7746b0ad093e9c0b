/**
 * A verdict that holds, in Chromium: a lesson's partly worked question (its discarder's amount
 * filled in) answered "the discarder pays for everyone". /review and /progress name the same
 * misconception as the feedback and count it against the same skills, and only those.
 */
import { describe, expect, it } from 'vitest';
import {
	SKILL_LABELS,
	gradeValid,
	misconception,
	validateOutcome,
	settleValid,
	wrongAnswerFor
} from '$lib/payments';
import { givenKeys, lessonQuestion } from '$lib/lessons/questions';
import { appReady, launchBrowser, screenshot, useAppServer, workedSteps } from './harness';

const server = useAppServer();

describe('what the feedback says is what /review and /progress keep', () => {
	it("a partly worked question's misconception, and the skills it counts against", async () => {
		const scenario = lessonQuestion('discard', 1, 0);
		const checked = validateOutcome(scenario.outcome);
		if (!checked.ok) throw new Error(checked.error.message);
		const settlement = settleValid(checked.outcome);
		const given = givenKeys(scenario.outcome);
		const wrong = wrongAnswerFor('discarder-pays-for-table', checked.outcome, settlement)!;
		// What Check says of it: one misconception, counted against its skills only.
		const graded = gradeValid(checked.outcome, settlement, wrong, 'points', given);
		expect(graded.misconceptions).toEqual(['discarder-pays-for-table']);
		const title = misconception('discarder-pays-for-table').title;

		const context = await launchBrowser({ width: 800, height: 900 });
		const page = await context.newPage();
		await page.goto(`${server.url}/learn/discard`);
		await appReady(page);
		await (await workedSteps(page)).click();
		await page.getByRole('button', { name: 'Now try one yourself' }).click();
		await expect
			.poll(() => page.getByRole('heading', { name: 'Partly worked question' }).isVisible(), {
				timeout: 20_000
			})
			.toBe(true);
		expect(await page.getByText(scenario.narrative).isVisible()).toBe(true);
		for (const key of [...Object.keys(wrong.pays), 'total'] as const) {
			if ((given as string[]).includes(key)) continue;
			const value = key === 'total' ? wrong.total : wrong.pays[key as keyof typeof wrong.pays];
			await page.locator(`#answer-${key}`).fill(String(value));
		}
		await page.getByRole('button', { name: 'Check' }).click();
		const note = page.getByRole('note');
		await expect.poll(() => note.textContent(), { timeout: 20_000 }).toContain(title);
		await screenshot(page, 'verdict-lesson-feedback');

		await page.goto(`${server.url}/review`);
		await appReady(page);
		const card = page.getByRole('article').filter({ hasText: scenario.narrative });
		await expect.poll(() => card.getByRole('heading', { level: 2 }).textContent()).toBe(title);
		const against = graded.skills.map((s) => SKILL_LABELS[s]).join(', ');
		expect(await card.getByText('Counts against:').textContent()).toBe(
			`Counts against: ${against}`
		);
		await screenshot(page, 'verdict-review');

		await page.goto(`${server.url}/progress`);
		await appReady(page);
		const seen = page.locator('section, div').filter({
			has: page.getByRole('heading', { name: 'Misconceptions seen most' })
		});
		await expect.poll(() => seen.last().getByRole('link', { name: title }).isVisible()).toBe(true);
		// The question's skills: a miss for each the feedback counted, a success for the others.
		for (const skill of graded.exercised) {
			const row = page.getByRole('listitem').filter({ hasText: SKILL_LABELS[skill] }).first();
			const missed = graded.skills.includes(skill);
			await expect
				.poll(() => row.locator('.detail').textContent())
				.toBe(missed ? '0 of 1 right.' : '1 of 1 right.');
		}
		await screenshot(page, 'verdict-progress');
		await context.close();
	});
});
