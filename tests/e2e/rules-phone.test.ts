/**
 * /rules on a 360 × 740 phone at the default text size: every section (each `section` with a
 * heading that holds no other section: a rule, a part of the worked example, a group of the
 * glossary, what lies outside the League rules) is at most about a screen tall (1.25 × 740 px),
 * the Contents link is on screen from each and leads back to the contents, and the anchors other
 * pages link to (`#P1` ... `#P13`, `#term-soap`) still open their rule or term.
 */
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '$lib/rules/titles';
import { GLOSSARY } from '$lib/glossary/terms';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';

const server = useAppServer();
const SCREEN = { width: 360, height: 740 };

describe('/rules on a phone', () => {
	it('each section about one screen, the Contents link in reach from each, the anchors kept', async () => {
		const context = await launchBrowser(SCREEN);
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

		const contents = page.getByRole('link', { name: '↑ Contents' });
		for (const { id } of sections) {
			await page.locator(`[id="${id}"]`).evaluate((el) => el.scrollIntoView({ block: 'start' }));
			const box = await contents.boundingBox();
			expect(box, id).not.toBeNull();
			expect(box!.y, id).toBeGreaterThanOrEqual(0);
			expect(box!.y + box!.height, id).toBeLessThanOrEqual(SCREEN.height);
		}
		await screenshot(page, 'rules-phone');
		// From the last section, the link leads back to the contents.
		await contents.click();
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
