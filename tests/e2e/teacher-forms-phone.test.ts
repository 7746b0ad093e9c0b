/**
 * The teacher's setup forms (/class/new, /homework/new, the worksheet maker) on a 360 × 740 touch
 * phone, at the normal and at the largest text size (A++): every option of every select shows in
 * full in the select once chosen (a long "No limit (I close answers)" was cut off at 360 px), and
 * every date and time field its value (one date-and-time field cut its time off at A++),
 * nothing scrolls sideways, and the seed is a "Question set" (the word "seed" is on none of them).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';

const server = useAppServer();
const PHONE = { width: 360, height: 740 };
const PAGES = ['/class/new', '/homework/new', '/class/worksheet'];

const contexts: BrowserContext[] = [];
afterAll(async () => {
	for (const context of contexts) await context.close();
});

async function phone(textSize: 'normal' | 'x-large'): Promise<Page> {
	const context = await launchBrowser(PHONE, { hasTouch: true });
	contexts.push(context);
	await context.addInitScript((size) => localStorage.setItem('text-size', size), textSize);
	return context.newPage();
}

/**
 * The options of the page's selects whose text is wider than the room their select gives it: its
 * inner width less its padding and the drop-down arrow (taken as 1.5 em), the text measured in the
 * select's own font.
 */
function cutOptions(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const measure = document.createElement('canvas').getContext('2d')!;
		return [...document.querySelectorAll('main select')].flatMap((node) => {
			const select = node as HTMLSelectElement;
			const style = getComputedStyle(select);
			measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
			const room =
				select.clientWidth -
				parseFloat(style.paddingLeft) -
				parseFloat(style.paddingRight) -
				1.5 * parseFloat(style.fontSize);
			return [...select.options]
				.filter((option) => measure.measureText(option.text).width > room)
				.map((option) => `${select.name}: "${option.text}" in ${Math.round(room)} px`);
		});
	});
}

/**
 * The date and time fields whose value is wider than the room they give it (their inner width
 * less padding and the picker's icon, taken as 1.5 em), the value written as Chromium shows it in
 * US English ("12/10/2026", "05:00 PM", or both joined by ", " in one `datetime-local`).
 */
function cutDates(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const measure = document.createElement('canvas').getContext('2d')!;
		const fields = document.querySelectorAll<HTMLInputElement>(
			'main input[type="date"], main input[type="time"], main input[type="datetime-local"]'
		);
		return [...fields].flatMap((input) => {
			const style = getComputedStyle(input);
			measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
			const at = new Date(input.type === 'time' ? `2026-12-10T${input.value}` : input.value);
			const date = at.toLocaleDateString('en-US', {
				month: '2-digit',
				day: '2-digit',
				year: 'numeric'
			});
			const time = at.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
			const text = input.type === 'date' ? date : input.type === 'time' ? time : `${date}, ${time}`;
			const room =
				input.clientWidth -
				parseFloat(style.paddingLeft) -
				parseFloat(style.paddingRight) -
				1.5 * parseFloat(style.fontSize);
			return measure.measureText(text).width > room
				? [`${input.type} "${text}" in ${Math.round(room)} px`]
				: [];
		});
	});
}

describe("the teacher's setup forms on a phone", () => {
	it.each(['normal', 'x-large'] as const)(
		'at text size %s every select and date field shows its value in full, the seed is a question set, nothing scrolls sideways',
		async (textSize) => {
			const page = await phone(textSize);
			for (const path of PAGES) {
				await page.goto(server.url + path);
				await appReady(page);
				expect(await cutOptions(page), path).toEqual([]);
				expect(await cutDates(page), path).toEqual([]);
				// The seed is a "Question set" in the teacher's words; "seed" is nowhere on the page.
				const set = page.getByLabel('Question set', { exact: true });
				expect(await set.inputValue(), path).toMatch(/^[0-9a-z]{8}$/);
				expect(await page.locator('main').innerText(), path).not.toMatch(/\bseed\b/i);
				expect(
					await page.evaluate(() => document.documentElement.scrollWidth),
					path
				).toBeLessThanOrEqual(PHONE.width);
			}
			await page.goto(`${server.url}/class/new`);
			await appReady(page);
			const limit = page.getByLabel('Time limit per question');
			expect(await limit.evaluate((s) => s.getAttribute('name'))).toBe('limit');
			expect(await limit.locator('option').allTextContents()).toContain('No limit');
			expect((await limit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
			await limit.scrollIntoViewIfNeeded();
			await screenshot(page, `teacher-forms-class-new-${textSize}`);
		}
	);
});
