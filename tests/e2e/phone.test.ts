/**
 * The phone layout (issue 10), by bounding boxes on a 360 x 740 phone (pixel density 2, touch), at
 * the normal and at the largest text size: on /practice the first screen holds what happened (the
 * narrative) and the first answer field, Check is within two screens, and at the largest size the
 * answer fields come before the rack; the home page's start button is in the first screen, a few
 * Tabs away; the menu is one compact row behind a Menu button that works before the app loads;
 * the table's labels grow with the text.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { generateRound } from '$lib/scenarios';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';

const server = useAppServer();

const PHONE = { width: 360, height: 740 };
const SCREEN = PHONE.height;
/** A round whose first question is a win with a rack, a dead hand and a longer story than most. */
const SEED = 'phone-120';

type TextSize = 'normal' | 'x-large';
// One phone per text size for the whole file (a Chromium launch costs seconds on a 2-core CI).
const phones = new Map<string, Promise<BrowserContext>>();
afterAll(async () => {
	for (const context of phones.values()) await (await context).close();
});

/**
 * A new page on the phone at `textSize` (set before load, as a returning learner has it), with
 * or without JavaScript.
 */
async function phone(textSize: TextSize, javaScriptEnabled = true): Promise<Page> {
	const key = `${textSize} ${javaScriptEnabled}`;
	if (!phones.has(key)) {
		phones.set(
			key,
			launchBrowser(PHONE, {
				hasTouch: true,
				deviceScaleFactor: 2,
				javaScriptEnabled,
				serviceWorkers: 'block'
			}).then(async (context) => {
				if (textSize !== 'normal') {
					await context.addInitScript((size) => localStorage.setItem('text-size', size), textSize);
				}
				return context;
			})
		);
	}
	return (await phones.get(key)!).newPage();
}

/** The top and bottom of `locator` on the page as first shown (not scrolled), in CSS px. */
async function box(locator: Locator): Promise<{ top: number; bottom: number }> {
	const found = await locator.boundingBox();
	if (!found) throw new Error(`${locator} is not shown`);
	const scrolled = await locator.page().evaluate(() => window.scrollY);
	return { top: found.y + scrolled, bottom: found.y + scrolled + found.height };
}

/** How many Tabs from the top of the page until `target` has the focus (at most 30). */
async function tabsTo(page: Page, target: Locator): Promise<number> {
	await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
	for (let n = 1; n <= 30; n++) {
		await page.keyboard.press('Tab');
		if (await target.evaluate((el) => el === document.activeElement)) return n;
	}
	return Infinity;
}

describe.each(['normal', 'x-large'] as const)('a 360 x 740 phone at %s text', (textSize) => {
	it('shows the story and the first answer field in the first screen, Check in the second', async () => {
		const page = await phone(textSize);
		await page.goto(`${server.url}/practice?seed=${SEED}&n=10`);
		await appReady(page);
		const scenario = generateRound({ seed: SEED, count: 10, skills: [] }).scenarios[0]!;
		const narrative = page.getByText(scenario.narrative);
		const field = page.locator('form input').first();
		await field.waitFor();
		expect(await page.evaluate(() => window.scrollY)).toBe(0);
		// On a touch screen the cursor waits for a tap: a keyboard opened at once would cover the
		// question (with a mouse and keyboard it goes to the first field: practice.test.ts).
		expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
		const story = await box(narrative);
		const first = await box(field);
		const check = await box(page.getByRole('button', { name: 'Check', exact: true }));
		const rack = await box(
			page.getByRole('button', { name: /^Show (East|South|West|North)'s rack$/ })
		);
		expect(story.top).toBeGreaterThanOrEqual(0);
		expect(story.bottom).toBeLessThanOrEqual(first.top);
		expect(first.bottom, 'the first answer field is in the first screen').toBeLessThanOrEqual(
			SCREEN
		);
		expect(check.bottom, 'Check is within two screens').toBeLessThanOrEqual(2 * SCREEN);
		// The answer fields come before the rack, which folds away behind its button.
		expect(first.bottom).toBeLessThan(rack.top);
		expect(await page.locator('.rack').isVisible()).toBe(false);
		// Between the story and the answer: the table, or (at the largest size) its fold.
		const table = page.getByRole('img', { name: /^Mah jongg table/ });
		if (textSize === 'normal') {
			const picture = await box(table);
			expect(story.bottom).toBeLessThanOrEqual(picture.top);
			expect(picture.bottom).toBeLessThanOrEqual(first.top);
		} else {
			const fold = page.getByRole('button', { name: 'Show the table' });
			expect(await fold.getAttribute('aria-expanded')).toBe('false');
			expect((await box(fold)).bottom).toBeLessThanOrEqual(first.top);
			await fold.tap();
			expect(await table.isVisible()).toBe(true);
		}
		// The round's progress, as a bar beside "Question 1 of 10".
		const bar = page.getByRole('progressbar', { name: 'Question 1 of 10' });
		expect(await bar.getAttribute('aria-valuetext')).toBe('Question 1 of 10');
		expect(await bar.evaluate((el: HTMLProgressElement) => el.value / el.max)).toBe(0.1);
		await screenshot(page, `phone-${textSize}-question`);
		await page.close();
	});

	it('has the start button in the home page’s first screen, a few Tabs away', async () => {
		const page = await phone(textSize);
		await page.goto(`${server.url}/`);
		await appReady(page);
		const start = page.getByRole('button', { name: 'Start a round', exact: true });
		expect((await box(start)).bottom).toBeLessThanOrEqual(SCREEN);
		const lessons = page.getByRole('link', { name: 'Start with the lessons' });
		expect((await box(lessons)).bottom).toBeLessThanOrEqual(SCREEN);
		// The skills are folded away, under the start button.
		expect(await page.getByRole('checkbox').first().isVisible()).toBe(false);
		expect(await tabsTo(page, start)).toBeLessThanOrEqual(6);
		await page.keyboard.press('Enter');
		await page.waitForURL(/\/practice\?/);
		expect(new URL(page.url()).searchParams.get('n')).toBe('10');
		await page.close();
	});
});

describe('the menu on a phone', () => {
	it('folds behind one Menu button and opens to every page, Join and Teach a class', async () => {
		const page = await phone('x-large');
		await page.goto(`${server.url}/progress`);
		await appReady(page);
		expect((await box(page.getByRole('banner'))).bottom).toBeLessThanOrEqual(100);
		const menu = page.getByRole('button', { name: 'Menu' });
		expect(await menu.getAttribute('aria-expanded')).toBe('false');
		expect(await page.getByRole('link', { name: 'Learn' }).isVisible()).toBe(false);
		await menu.tap();
		// The popover's toggle event comes a task later than the tap.
		await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
		const nav = page.getByRole('navigation', { name: 'Main' });
		const names = [
			'Learn',
			'Practise',
			'Rules',
			'Review',
			'Progress',
			'At the table',
			'Join',
			'Teach a class'
		];
		for (const name of names) {
			const link = nav.getByRole('link', { name, exact: true });
			const found = (await link.boundingBox())!;
			expect(found.height, name).toBeGreaterThanOrEqual(44);
		}
		expect(await nav.getByRole('link', { name: 'Progress' }).getAttribute('aria-current')).toBe(
			'page'
		);
		expect(await nav.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join');
		expect(await nav.getByRole('link', { name: 'Teach a class' }).getAttribute('href')).toBe(
			'/class/new'
		);
		await screenshot(page, 'phone-menu');
		// Escape closes it and gives the focus back to the button; a page chosen closes it too.
		await page.keyboard.press('Escape');
		await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
		await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
		await page.keyboard.press('Enter');
		await nav.getByRole('link', { name: 'Rules' }).tap();
		await page.waitForURL(/\/rules$/);
		await expect.poll(() => nav.isVisible()).toBe(false);
		await page.close();
	});

	it('opens before the app has loaded (without JavaScript at all)', async () => {
		const page = await phone('normal', false);
		await page.goto(`${server.url}/`);
		await page.getByRole('button', { name: 'Menu' }).tap();
		expect(await page.getByRole('link', { name: 'Join', exact: true }).isVisible()).toBe(true);
		await page.close();
	});
});

describe('the table picture', () => {
	it('grows its labels with the text size', async () => {
		const sizes: number[] = [];
		for (const textSize of ['normal', 'x-large'] as const) {
			const page = await phone(textSize);
			await page.setViewportSize({ width: 1280, height: 800 });
			await page.goto(`${server.url}/practice?seed=${SEED}&n=10`);
			await appReady(page);
			const mark = page.locator('[data-seat] .mark').first();
			expect(await mark.textContent()).toBeTruthy();
			sizes.push(await mark.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)));
			await page.close();
		}
		expect(sizes[1]! / sizes[0]!).toBeCloseTo(1.4, 1);
		expect(sizes[0]).toBeGreaterThanOrEqual(14);
	});
});
