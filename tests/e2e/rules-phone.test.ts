/**
 * /rules on a 360 × 740 phone at the default text size: every section (each `section` with a
 * heading that holds no other section: a rule, a part of the worked example, a group of the
 * glossary, what lies outside the League rules) is at most about a screen tall (1.25 × 740 px),
 * each ends with a link back to the contents (in the page's flow: nothing floats over the text),
 * and the anchors other pages link to (`#P1` ... `#P13`, `#term-soap`) still open their rule or term.
 */
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '$lib/rules/titles';
import { GLOSSARY } from '$lib/glossary/terms';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';

const server = useAppServer();
const SCREEN = { width: 360, height: 740 };

describe('/rules on a phone', () => {
	it('each section about one screen, ending with a link to the contents, the anchors kept', async () => {
		const context = await launchBrowser(SCREEN, { hasTouch: true });
		const page = await context.newPage();
		await page.goto(`${server.url}/rules`);
		await appReady(page);
		const sections = await page.evaluate(() =>
			[...document.querySelectorAll('main section:not(:has(section))')].map((s) => ({
				id: s.id,
				heading: s.querySelector('h2, h3')?.textContent?.trim() ?? '',
				height: s.getBoundingClientRect().height
			}))
		);
		// Every rule, both parts of the worked example, every glossary group, and the outside rules.
		expect(sections.map((s) => s.id)).toEqual(expect.arrayContaining([...RULE_IDS]));
		expect(sections.length).toBeGreaterThanOrEqual(RULE_IDS.length + 5);
		for (const s of sections) {
			expect(s.id, s.heading).not.toBe('');
			expect(s.heading, s.id).not.toBe('');
			expect(s.height, `${s.id} (${s.heading})`).toBeLessThanOrEqual(1.25 * SCREEN.height);
		}

		// Each section ends with a link back to the contents: in the page's flow (never over the
		// text, as a link floating in the screen's corner was), a 44 px target, and nothing on
		// the page floats over the reading column.
		const contents = page.getByRole('link', { name: 'Back to the contents' });
		expect(await contents.count()).toBe(sections.length);
		for (const { id } of sections) {
			const link = page.locator(`[id="${id}"] > .to-contents:last-child a`);
			expect(await link.count(), id).toBe(1);
			expect(await link.getAttribute('href'), id).toBe('#index-title');
			expect(await link.evaluate((a) => getComputedStyle(a).position), id).toBe('static');
			expect((await link.boundingBox())!.height, id).toBeGreaterThanOrEqual(44);
		}
		const floating = await page.evaluate(() =>
			[...document.querySelectorAll('main *')]
				.filter((el) => ['fixed', 'sticky'].includes(getComputedStyle(el).position))
				.map((el) => el.outerHTML.slice(0, 80))
		);
		expect(floating).toEqual([]);
		await screenshot(page, 'rules-phone');
		// From the last section, its link leads back to the contents.
		await contents.last().scrollIntoViewIfNeeded();
		await contents.last().tap();
		await expect
			.poll(async () => (await page.locator('#index-title').boundingBox())?.y ?? -9)
			.toBeGreaterThanOrEqual(-1);
		expect((await page.locator('#index-title').boundingBox())!.y).toBeLessThan(SCREEN.height);

		// The anchors other pages link to: each rule, each glossary term.
		for (const id of RULE_IDS) {
			expect(await page.locator(`section[id="${id}"] h2`).count(), id).toBe(1);
		}
		for (const { id } of GLOSSARY) {
			expect(await page.locator(`#glossary [id="term-${id}"] dt`).count(), id).toBe(1);
		}
		for (const anchor of ['P12', 'term-soap', 'worked-jokerless']) {
			await page.goto(`${server.url}/rules#${anchor}`);
			await appReady(page);
			await expect
				.poll(async () => {
					const y = (await page.locator(`[id="${anchor}"]`).boundingBox())?.y ?? -1;
					return y >= -1 && y < SCREEN.height / 2;
				})
				.toBe(true);
		}
		await context.close();
	});
});
