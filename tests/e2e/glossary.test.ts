/**
 * The glossary in the browser, on a 360 × 740 phone: tapping "Soap" under a question's rack shows
 * its definition beside it (the page does not move on), and a term in the question's sentence does
 * the same; /rules has the glossary, and the page passes axe with a definition open. In a lesson's
 * introduction the definition opens over the page, inside the screen, and the sentence keeps its
 * lines; Escape closes it and the focus is back on the word.
 */
import { describe, expect, it } from 'vitest';
import { generateRound, type Scenario } from '$lib/scenarios';
import {
	appReady,
	launchBrowser,
	screenshot,
	seriousA11yViolations,
	useAppServer
} from './harness';

const server = useAppServer();

/** A seed whose first question's rack holds a Soap (white dragon). */
function seedWithSoap(): { seed: string; question: Scenario } {
	for (let i = 0; i < 500; i++) {
		const seed = `soap${i}`;
		const [question] = generateRound({ seed, count: 10, skills: [] }).scenarios;
		if (question?.groups.flat().some((t) => t.kind === 'dragon' && t.name === 'white')) {
			return { seed, question };
		}
	}
	throw new Error('no seed with a Soap on the first rack');
}

describe('the glossary', () => {
	it('tapping Soap on a question’s rack shows its definition beside it', async () => {
		const { seed, question } = seedWithSoap();
		const context = await launchBrowser({ width: 360, height: 740 }, { hasTouch: true });
		const page = await context.newPage();
		await page.goto(`${server.url}/practice?seed=${seed}&n=10`);
		await appReady(page);
		await expect.poll(() => page.getByText(question.narrative).first().isVisible()).toBe(true);
		await page.getByRole('button', { name: /^Show .*'s rack$/ }).click();
		const soap = page.getByRole('button', { name: 'Soap', exact: true });
		await expect.poll(() => soap.isVisible()).toBe(true);
		const url = page.url();
		await soap.tap();
		await expect.poll(() => soap.getAttribute('aria-expanded')).toBe('true');
		const note = page.getByRole('note').filter({ hasText: /^Soap: The white dragon/ });
		await expect.poll(() => note.isVisible()).toBe(true);
		expect(page.url()).toBe(url);
		expect(await seriousA11yViolations(page)).toEqual([]);
		await screenshot(page, 'glossary-soap');

		// A term in the question's sentence: its first use is a button too.
		const sentence = page.locator('.narrative');
		await expect.poll(() => sentence.getByRole('button').count()).toBeGreaterThan(0);
		const first = sentence.getByRole('button').first();
		await first.focus();
		await page.keyboard.press('Enter');
		await expect.poll(() => sentence.getByRole('note').isVisible()).toBe(true);

		// The glossary on /rules, linked from its index.
		await page.goto(`${server.url}/rules#term-soap`);
		await expect.poll(() => page.locator('#term-soap dt').textContent()).toBe('Soap');
		await context.close();
	});

	it('a term in a lesson opens over the page, inside the screen, the sentence unbroken', async () => {
		const context = await launchBrowser({ width: 360, height: 740 }, { hasTouch: true });
		const page = await context.newPage();
		await page.goto(`${server.url}/learn/discard`);
		await appReady(page);
		const intro = page.locator('.intro');
		const before = await intro.evaluate((p) => p.getBoundingClientRect().height);
		const term = intro.getByRole('button', { name: 'calls', exact: true });
		await term.tap();
		await expect.poll(() => term.getAttribute('aria-expanded')).toBe('true');
		const note = page.getByRole('note').filter({ hasText: /^Calling:/ });
		await expect.poll(() => note.isVisible()).toBe(true);
		// The sentence keeps its lines: the paragraph is as tall as it was (the definition is over
		// it, not in it).
		expect(await intro.evaluate((p) => p.getBoundingClientRect().height)).toBe(before);
		// Inside the screen, just under the word.
		const box = (await note.boundingBox())!;
		const word = (await term.boundingBox())!;
		expect(box.x).toBeGreaterThanOrEqual(0);
		expect(box.x + box.width).toBeLessThanOrEqual(360);
		expect(box.y).toBeGreaterThanOrEqual(word.y + word.height);
		expect(box.y + box.height).toBeLessThanOrEqual(740);
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
			360
		);
		// Its Close and Glossary link are 44 px targets.
		for (const target of [
			note.getByRole('button', { name: 'Close' }),
			note.getByRole('link', { name: 'Glossary' })
		]) {
			expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
		}
		expect(await seriousA11yViolations(page)).toEqual([]);
		await screenshot(page, 'glossary-lesson');

		// Keyboard: Tab into the bubble, Escape closes it and the focus is back on the word.
		await term.focus();
		await page.keyboard.press('Tab');
		expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Glossary');
		await page.keyboard.press('Escape');
		await expect.poll(() => note.count()).toBe(0);
		expect(await term.evaluate((b) => b === document.activeElement)).toBe(true);
		expect(await term.getAttribute('aria-expanded')).toBe('false');
		await context.close();
	});
});
