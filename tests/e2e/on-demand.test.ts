/**
 * Parts loaded on demand that did not arrive (issue 23), in Chromium with no service worker, the
 * network cut by a route on the built code only. Whatever the browser does with a failed dynamic
 * import (Chromium 156 asks the network again, Chromium 150 keeps the failure and never asks
 * again), the part comes once the line is back, and what was typed stays. The checker's own case
 * is in practice.test.ts ("before the answer checker has loaded").
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appReady, codeLine, launchBrowser, useAppServer, workedSteps } from './harness';

const server = useAppServer();
const PHONE = { width: 360, height: 740 };

/**
 * Presses the trouble message's button: Try again, or Reload the page where only that helps (a
 * browser that keeps the failed import, for the whole part or for one of its pieces). Nothing to
 * press when the part arrived first.
 */
async function recover(page: Page, alert = page.getByRole('alert')) {
	// The part can arrive before the press (a sign of intent on the page loads it again, or reloads
	// the page in place): the alert, and its button, are then gone, and there is nothing to press.
	let reloaded = false;
	const reload$ = page.waitForEvent('domcontentloaded').then(
		() => void (reloaded = true),
		() => undefined
	);
	const press = alert
		.getByRole('button', { name: 'Try again' })
		.click()
		.catch(async (error: unknown) => {
			if (!reloaded && (await alert.isVisible())) throw error;
		});
	await Promise.race([press, reload$]);
	const reload = alert.getByRole('button', { name: 'Reload the page' });
	// A browser that keeps the failure says so at once; one that asks again shows the part.
	await expect
		.poll(async () => (await reload.isVisible()) || !(await alert.isVisible()))
		.toBe(true);
	if (await reload.isVisible()) await reload.click();
}

describe('a part that did not arrive', () => {
	it('a lesson goes on after Try again once the line is back', async () => {
		const context = await launchBrowser(PHONE, { serviceWorkers: 'block' });
		const page = await context.newPage();
		const line = await codeLine(page);
		await page.goto(`${server.url}/learn/discard`);
		await appReady(page);
		// The worked example's body loads as it is shown (here, below the introduction: a scroll).
		const every = await workedSteps(page);
		// Cut before any sign of intent in it: the worked example's buttons start fetching the rest.
		line.set('down');
		await every.click();
		await page.getByRole('button', { name: 'Now try one yourself' }).click();
		const lessonAlert = page.getByRole('alert').filter({ hasText: 'The lesson cannot go on yet' });
		await expect.poll(() => lessonAlert.textContent()).toMatch(/seems to be offline/);
		line.set('up');
		await recover(page, lessonAlert);
		await expect
			.poll(() => page.getByRole('heading', { name: 'Partly worked question' }).isVisible(), {
				timeout: 20_000
			})
			.toBe(true);
		await context.close();
	});

	it("the winner's rack shows after the line is back, and the amounts typed stay", async () => {
		const context = await launchBrowser(PHONE, { serviceWorkers: 'block', hasTouch: true });
		const page = await context.newPage();
		const line = await codeLine(page);
		await page.goto(`${server.url}/practice?seed=on-demand&n=3`);
		await expect.poll(() => page.getByText('Question 1 of 3').isVisible()).toBe(true);
		const field = page.locator('input[id^="answer-"]').first();
		await field.fill('12');
		// What the typing started (the checker, the feedback) arrives before the line goes.
		await line.quiet();
		line.set('down');
		// "Show West's rack", then "Hide West's rack" once open.
		const fold = page.getByRole('button', { name: /^(Show|Hide) .*'s rack$/ });
		await fold.click();
		// (The checker may say it cannot check yet too, if it was still on its way.)
		const rackAlert = page.getByRole('alert').filter({ hasText: 'The rack' });
		await expect
			.poll(() => rackAlert.textContent())
			.toMatch(/The rack cannot be shown yet: this device seems to be offline/);
		line.set('up');
		await recover(page, rackAlert);
		// After a reload the rack is folded again, as on any new visit.
		await expect.poll(() => page.getByText('Question 1 of 3').isVisible()).toBe(true);
		if ((await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
		await expect
			.poll(() => page.getByRole('list', { name: /winning hand/ }).isVisible())
			.toBe(true);
		expect(await field.inputValue()).toBe('12');
		await context.close();
	});
});
