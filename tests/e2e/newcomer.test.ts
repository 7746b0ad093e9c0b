/**
 * A newcomer in Chromium on a phone: from the home page into the first lesson, through it, into a
 * practice round where a Singles and Pairs question is missed on purpose; /progress then shows
 * that only Singles and Pairs lost ground (skills.md: a mistake counts against the skills it
 * broke), and "Practise my weak spots" drills exactly it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
	amountOf,
	answerFields,
	rightAmounts,
	settleValid,
	skillsOf,
	validateOutcome,
	wrongAnswerFor,
	type Answer,
	type Outcome,
	type Skill
} from '$lib/payments';
import { lessonQuestion } from '$lib/lessons/questions';
import { lessonOf, stepCount } from '$lib/lessons/lessons';
import { generateRound, type Scenario } from '$lib/scenarios';
import { appReady, launchBrowser, screenshot, useAppServer, workedSteps } from './harness';

const server = useAppServer();

function normalized(o: Outcome) {
	const v = validateOutcome(o);
	if (!v.ok) throw new Error(v.error.code);
	return v.outcome;
}
const rightOf = (o: Outcome) => rightAmounts(settleValid(normalized(o)));

/** Types `answer` into every answer field the page shows for `question`, then presses Check. */
async function answer(page: Page, question: Scenario, amounts: Answer) {
	for (const { key } of answerFields(question.outcome)) {
		const field = page.locator(`#answer-${key}`);
		if ((await field.count()) === 0) continue; // filled in by the lesson
		await field.fill(String(amountOf(amounts, key)));
	}
	await page.getByRole('button', { name: 'Check' }).click();
}

/** The round the practice page plays for these settings (the same generator). */
function roundOf(url: string) {
	const params = new URL(url).searchParams;
	return generateRound({
		seed: params.get('seed')!,
		count: Number(params.get('n')),
		skills: (params.get('skills') ?? '').split(',').filter(Boolean) as Skill[]
	}).scenarios;
}

describe('a newcomer', () => {
	it('learns the first lesson, misses Singles and Pairs, and is drilled on exactly that', async () => {
		const context = await launchBrowser({ width: 360, height: 740 });
		const page = await context.newPage();

		// Home: the way in for a newcomer.
		await page.goto(server.url);
		await appReady(page);
		await page.getByRole('link', { name: 'Start with the lessons' }).click();
		await page.waitForURL(/\/learn$/);
		await page.getByRole('link', { name: /^Start here: lesson 1/ }).click();
		await page.waitForURL(/\/learn\/discard$/);
		await appReady(page);

		// Lesson 1: the worked example, the partly worked question, the practice questions.
		const lesson = lessonOf('discard');
		await (await workedSteps(page)).click();
		await page.getByRole('button', { name: 'Now try one yourself' }).click();
		for (let step = 1; step < stepCount(lesson); step++) {
			const question = lessonQuestion('discard', step, 0);
			await expect.poll(() => page.getByText(question.narrative).first().isVisible()).toBe(true);
			await answer(page, question, rightOf(question.outcome));
			await expect
				.poll(() => page.getByRole('heading', { name: /^Right!/ }).isVisible())
				.toBe(true);
			const last = step === stepCount(lesson) - 1;
			await page.getByRole('button', { name: last ? 'Finish the lesson' : /^Next: / }).click();
		}
		await expect
			.poll(() => page.getByRole('link', { name: /^Next lesson: 2\./ }).isVisible())
			.toBe(true);
		await screenshot(page, 'newcomer-lesson-done');
		await page.goto(`${server.url}/learn`);
		await expect.poll(() => page.getByText(/Done/).first().isVisible()).toBe(true);

		// A practice round with Singles and Pairs: every question right but the Singles and Pairs
		// ones, each given the jokerless bonus (singles-and-pairs-bonus).
		await page.goto(`${server.url}/practice?seed=newcomer&skills=singles-and-pairs,discard&n=4`);
		await appReady(page);
		const round = roundOf(page.url());
		let missed = 0;
		for (const [i, question] of round.entries()) {
			await expect.poll(() => page.getByText(question.narrative).first().isVisible()).toBe(true);
			const outcome = normalized(question.outcome);
			const wrong = question.skills.includes('singles-and-pairs')
				? wrongAnswerFor('singles-and-pairs-bonus', outcome, settleValid(outcome))
				: null;
			if (wrong) missed += 1;
			await answer(page, question, wrong ?? rightOf(question.outcome));
			await expect
				.poll(() =>
					page.getByRole('heading', { name: wrong ? 'Not quite.' : /^Right!/ }).isVisible()
				)
				.toBe(true);
			if (wrong) {
				await expect
					.poll(() => page.getByText('Jokerless bonus given to Singles and Pairs').isVisible())
					.toBe(true);
			}
			if (i === 0) await screenshot(page, 'newcomer-practice-feedback');
			await page.getByRole('button', { name: 'Next' }).click();
		}
		expect(missed).toBeGreaterThan(0);
		await expect.poll(() => page.getByText(/^Round done/).isVisible()).toBe(true);

		// /progress: only Singles and Pairs lost ground.
		await page.goto(`${server.url}/progress`);
		await appReady(page);
		const rows = page.locator('ul.skills > li');
		await expect.poll(() => rows.count()).toBe(11);
		const practised = new Set(
			[...round, ...[1, 2, 3, 4].map((s) => lessonQuestion('discard', s, 0))].flatMap((q) =>
				skillsOf(q.outcome)
			)
		);
		expect(practised).toContain('discard');
		for (const row of await rows.all()) {
			const text = (await row.textContent()) ?? '';
			const counts = /(\d+) of (?:the last )?(\d+) right/.exec(text);
			if (text.startsWith('Singles and Pairs')) {
				expect(text).toContain('Learning');
				expect(counts && Number(counts[1]) < Number(counts[2])).toBe(true);
			} else if (counts) {
				expect(counts[1], text).toBe(counts[2]);
			} else {
				expect(text).toMatch(/No question answered yet|The last 4 right/);
			}
		}
		await screenshot(page, 'newcomer-progress');

		// "Practise my weak spots" drills Singles and Pairs, and only it.
		await expect
			.poll(() => page.getByText('Your weak spots: Singles and Pairs.').isVisible())
			.toBe(true);
		await page.getByRole('link', { name: 'Practise my weak spots' }).click();
		await page.waitForURL(/\/practice\?.*seed=/);
		expect(new URL(page.url()).searchParams.get('skills')).toBe('singles-and-pairs');
		const [first] = roundOf(page.url());
		expect(first!.skills).toContain('singles-and-pairs');
		await expect.poll(() => page.getByText(first!.narrative).first().isVisible()).toBe(true);
		await context.close();
	});
});
