/**
 * The Learn path tells the truth: a learner who finished lessons 1 to 5 and 9 (kept on the
 * device), skipped 6 to 8 and then works through lesson 10 is told at its end which lessons are
 * still not done, with links, and never "every payment rule"; /learn and the home page say
 * "7 of 10 lessons done".
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { amountOf, answerFields, rightAmounts, settleValid, validateOutcome } from '$lib/payments';
import { lessonAt } from '$lib/lessons/fixtures';
import { LESSONS, lessonOf, stepCount } from '$lib/lessons/lessons';
import { lessonQuestion } from '$lib/lessons/questions';
import { LESSON_DATABASE, LESSON_STORE, type SavedLesson } from '$lib/lessons/store';
import { appReady, launchBrowser, screenshot, useAppServer, workedSteps } from './harness';

const server = useAppServer();

/** Every move of a lesson walked to its end (moves after done change nothing). */
const DONE = ['next', 'right', 'next', 'right', 'next', 'right', 'next', 'right', 'next'] as const;

/** Keeps `saved` in the lesson store of the page's origin, as the app's idb-keyval store does. */
async function keepLessons(page: Page, saved: SavedLesson[]) {
	await page.evaluate(
		async ({ db, store, values }) => {
			const open = indexedDB.open(db);
			open.onupgradeneeded = () => open.result.createObjectStore(store);
			const conn = await new Promise<IDBDatabase>((resolve, reject) => {
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			const tx = conn.transaction(store, 'readwrite');
			for (const v of values) tx.objectStore(store).put(v, v.skill);
			await new Promise<void>((resolve, reject) => {
				tx.oncomplete = () => resolve();
				tx.onerror = () => reject(tx.error);
			});
			conn.close();
		},
		{ db: LESSON_DATABASE, store: LESSON_STORE, values: saved }
	);
}

describe('the Learn path', () => {
	it('after lessons 1 to 5, 9 and 10, names 6, 7 and 8 and counts 7 of 10', async () => {
		const context = await launchBrowser({ width: 360, height: 740 });
		const page = await context.newPage();
		await page.goto(server.url);
		await appReady(page);
		const done = [1, 2, 3, 4, 5, 9].map((n) => lessonAt(LESSONS[n - 1]!.skill, [...DONE]).saved);
		expect(done.every((s) => s.mode === 'done')).toBe(true);
		await keepLessons(page, done);

		// Lesson 10, worked through in the page: every question answered right.
		const skill = LESSONS[9]!.skill;
		await page.goto(`${server.url}/learn/${skill}`);
		await appReady(page);
		await (await workedSteps(page)).click();
		await page.getByRole('button', { name: 'Now try one yourself' }).click();
		for (let step = 1; step < stepCount(lessonOf(skill)); step++) {
			const question = lessonQuestion(skill, step, 0);
			await expect.poll(() => page.getByText(question.narrative).first().isVisible()).toBe(true);
			const checked = validateOutcome(question.outcome);
			if (!checked.ok) throw new Error(checked.error.code);
			const right = rightAmounts(settleValid(checked.outcome));
			for (const { key } of answerFields(question.outcome)) {
				const field = page.locator(`#answer-${key}`);
				if ((await field.count()) === 0) continue; // given by the lesson
				await field.fill(String(amountOf(right, key)));
			}
			await page.getByRole('button', { name: 'Check' }).click();
			await expect
				.poll(() => page.getByRole('heading', { name: /^Right!/ }).isVisible())
				.toBe(true);
			const last = step === stepCount(lessonOf(skill)) - 1;
			await page.getByRole('button', { name: last ? 'Finish the lesson' : /^Next: / }).click();
		}

		// The end of the last lesson: 6, 7 and 8 named, each a link; not "every payment rule".
		const end = page.locator('section.done');
		await expect.poll(() => end.getByText(/3 lessons are not done yet/).isVisible()).toBe(true);
		const links = end.locator('.left a');
		expect(await links.allTextContents()).toEqual(
			[6, 7, 8].map((n) => `Lesson ${n}: ${LESSONS[n - 1]!.title}`)
		);
		expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
			[6, 7, 8].map((n) => `/learn/${LESSONS[n - 1]!.skill}`)
		);
		expect(await end.textContent()).not.toContain('every payment rule');
		await screenshot(page, 'path-last-lesson-end');

		// /learn and the home page: 7 of 10, and the next lesson is 6.
		await page.goto(`${server.url}/learn`);
		await appReady(page);
		await expect.poll(() => page.getByText('7 of 10 lessons done').isVisible()).toBe(true);
		await expect
			.poll(() => page.getByRole('link', { name: /^Continue with lesson 6:/ }).isVisible())
			.toBe(true);
		await page.goto(server.url);
		await appReady(page);
		await expect.poll(() => page.getByText('7 of 10 lessons done').isVisible()).toBe(true);
		await context.close();
	});
});
