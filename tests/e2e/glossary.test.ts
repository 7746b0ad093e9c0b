/**
 * The glossary in the browser, on a 360 × 740 phone: tapping "Soap" under a question's rack shows
 * its definition in place (the page does not move on), and a term in the question's sentence does
 * the same; /rules has the glossary, and the page passes axe with a definition open.
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
	it('tapping Soap on a question’s rack shows its definition in place', async () => {
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
});
