/**
 * A learner's progress cannot be lost or undone by accident (issue 13), in Chromium against the
 * built app: a reset stays a reset when Back brings a resumed round, or another tab reloads one;
 * an open /progress follows another tab's answers, and its export holds every one; a tampered
 * import is graded again; /progress says whether the browser keeps the storage.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { wrongAnswerFor, settleValid, validateOutcome } from '$lib/payments';
import { exportJson, makeAttempt } from '$lib/progress';
import { generateScenarios } from '$lib/scenarios';
import { practiceAnswers } from '../../scripts/bench-feedback';
import { launchBrowser, screenshot, seriousA11yViolations, useAppServer } from './harness';

const server = useAppServer();

/** Answers question `index` of the round `seed` (right, or wrong) and waits for the feedback. */
async function play(page: Page, seed: string, count: number, index: number, wrong = false) {
	const scenario = generateScenarios({ seed, count })[index]!;
	await page.getByText(`Question ${index + 1} of ${count}`).waitFor();
	for (const { key, text } of practiceAnswers(scenario, wrong)) {
		await page.locator(`#answer-${key}`).fill(text);
	}
	await page.getByRole('button', { name: 'Check', exact: true }).click();
	await expect
		.poll(() => page.locator('#feedback-heading').textContent())
		.toMatch(wrong ? /Not quite/ : /Right!/);
}

/** Plays the first `answered` questions of a round of `count` in `page`. */
async function playRound(page: Page, seed: string, count: number, answered: number) {
	await page.goto(`${server.url}/practice?seed=${seed}&n=${count}`);
	for (let i = 0; i < answered; i++) {
		if (i > 0) await page.getByRole('button', { name: 'Next', exact: true }).click();
		await play(page, seed, count, i);
	}
}

/** The number of attempts in the browser's progress store (IndexedDB), read directly. */
function keptCount(page: Page): Promise<number> {
	return page.evaluate(
		() =>
			new Promise<number>((resolve, reject) => {
				const open = indexedDB.open('mahjong-coach');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const count = db
						.transaction('progress', 'readonly')
						.objectStore('progress')
						.count(IDBKeyRange.bound('', [], false, true));
					count.onsuccess = () => {
						db.close();
						resolve(count.result);
					};
				};
			})
	);
}

/** What /progress says of the answers kept ("4 questions answered, ..." or "No question ..."). */
const answered = (page: Page) =>
	page
		.locator('p.lead')
		.or(page.getByText(/^No question answered/))
		.first()
		.textContent()
		.then((t) => (t ?? '').replace(/\s+/g, ' ').trim());

async function resetFrom(page: Page, count: number) {
	await page.goto(`${server.url}/progress`);
	await expect.poll(() => answered(page)).toMatch(`${count} questions answered`);
	await page.getByRole('button', { name: 'Reset progress…' }).click();
	const dialog = page.getByRole('dialog', { name: 'Delete all your progress?' });
	await expect.poll(() => dialog.textContent()).toContain(`This deletes the ${count} answers`);
	await dialog.getByRole('button', { name: 'Yes, delete everything' }).click();
	await expect
		.poll(() => page.getByRole('status').filter({ hasText: 'Deleted' }).textContent())
		.toBe(`Deleted ${count} answers.`);
}

/** Waits long enough for a resumed round to write what it would write (it records at once). */
const settle = (page: Page) => page.waitForTimeout(1500);

async function withBrowser(run: (context: BrowserContext) => Promise<void>) {
	const context = await launchBrowser({ width: 360, height: 740 });
	try {
		await run(context);
	} finally {
		await context.close();
	}
}

describe('a reset is final', () => {
	it('Back into the resumed round brings nothing back', async () => {
		await withBrowser(async (context) => {
			const page = await context.newPage();
			await playRound(page, 'safety-back', 5, 3);
			await expect.poll(() => keptCount(page)).toBe(3);
			await resetFrom(page, 3);
			await page.goBack();
			await page.getByText('Question 3 of 5').waitFor();
			await settle(page);
			expect(await keptCount(page)).toBe(0);
			// Answering on after the reset counts: only the new answer is kept.
			await page.getByRole('button', { name: 'Next', exact: true }).click();
			await play(page, 'safety-back', 5, 3);
			await expect.poll(() => keptCount(page)).toBe(1);
			await page.goto(`${server.url}/progress`);
			await expect.poll(() => answered(page)).toMatch(/^1 question answered/);
		});
	});

	it('a reset in one tab stays when another tab reloads its round', async () => {
		await withBrowser(async (context) => {
			const round = await context.newPage();
			await playRound(round, 'safety-tabs', 4, 2);
			const other = await context.newPage();
			await resetFrom(other, 2);
			await round.reload();
			await round.getByText('Question 2 of 4').waitFor();
			await settle(round);
			expect(await keptCount(round)).toBe(0);
			// The /progress tab, which follows the store, still shows nothing.
			expect(await other.getByText(/^No question answered on this device yet/).isVisible()).toBe(
				true
			);
		});
	});
});

describe('a /progress tab opened earlier', () => {
	it('follows another tab answering, says whether the storage is kept, and exports every answer', async () => {
		await withBrowser(async (context) => {
			const round = await context.newPage();
			await playRound(round, 'safety-live', 5, 1);
			const progress = await context.newPage();
			await progress.goto(`${server.url}/progress`);
			await expect.poll(() => answered(progress)).toMatch(/^1 question answered/);
			for (let i = 1; i < 4; i++) {
				await round.getByRole('button', { name: 'Next', exact: true }).click();
				await play(round, 'safety-live', 5, i, i === 2);
				await expect.poll(() => answered(progress)).toMatch(`${i + 1} questions answered`);
			}
			expect(await answered(progress)).toMatch('4 questions answered, 3 right (75%).');
			const granted = await progress.evaluate(() => navigator.storage.persisted());
			const keep = progress.locator('[data-persist]');
			expect(await keep.getAttribute('data-persist')).toBe(granted ? 'granted' : 'not-granted');
			if (!granted)
				expect(await keep.textContent()).toContain('Export your progress to keep a copy.');
			await screenshot(progress, 'progress-live');

			const [download] = await Promise.all([
				progress.waitForEvent('download'),
				progress.getByRole('button', { name: 'Export progress (JSON file)' }).click()
			]);
			const text = readFileSync((await download.path())!, 'utf8');
			const file = JSON.parse(text) as { version: number; attempts: { correct: boolean }[] };
			expect(file.version).toBe(1);
			expect(file.attempts).toHaveLength(4);
			expect(file.attempts.filter((a) => a.correct)).toHaveLength(3);
			expect(text).toContain('\n  "attempts": [\n');
		});
	});
});

describe('an import', () => {
	it('grades a tampered file again: a wrong answer marked right shows as wrong', async () => {
		const [scenario] = generateScenarios({
			seed: 'safety-import',
			count: 1,
			skills: ['jokerless']
		});
		const checked = validateOutcome(scenario!.outcome);
		if (!checked.ok) throw new Error(checked.error.code);
		const wrong = wrongAnswerFor(
			'jokerless-bonus-missed',
			checked.outcome,
			settleValid(checked.outcome)
		) ?? { pays: {}, total: 1 };
		const record = makeAttempt({
			scenario: scenario!,
			answer: wrong,
			unit: 'points',
			roundId: 'tampered',
			at: new Date(Date.now() - 60_000)
		});
		const file = JSON.parse(exportJson([record])) as { attempts: Record<string, unknown>[] };
		Object.assign(file.attempts[0]!, { correct: true, wrong: [], misconceptions: [], skills: [] });

		await withBrowser(async (context) => {
			const page = await context.newPage();
			await page.goto(`${server.url}/progress`);
			await page.getByText(/^No question answered/).waitFor();
			await page.locator('#import-file').setInputFiles({
				name: 'tampered.json',
				mimeType: 'application/json',
				buffer: Buffer.from(JSON.stringify(file))
			});
			const plan = page.getByRole('region', { name: 'This file adds 1 question' });
			await expect.poll(() => plan.textContent()).toContain('1 question graded again');
			expect(await seriousA11yViolations(page)).toEqual([]);
			await screenshot(page, 'progress-import-plan');
			await plan.getByRole('button', { name: 'Add 1 question' }).click();
			await expect.poll(() => answered(page)).toMatch('1 question answered, 0 right (0%).');
			await page.goto(`${server.url}/review`);
			await expect.poll(() => page.getByText('1 mistake, newest first.').isVisible()).toBe(true);
			expect(await page.getByText(scenario!.narrative).first().isVisible()).toBe(true);
		});
	});
});
