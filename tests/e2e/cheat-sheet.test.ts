/**
 * The printable cheat sheet (/rules/cheat-sheet, linked from /rules): Chromium prints it to
 * exactly one page in A4 and in US Letter, black on white, no text under 11 pt; the A4 page is
 * written to test-results/cheat-sheet-a4.pdf (docs/cheat-sheet.png is its picture).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appReady, launchBrowser, useAppServer } from './harness';

const server = useAppServer();

/** Pages in a PDF Chromium wrote (its page objects are not compressed). */
const pageCount = (pdf: Buffer) =>
	(pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

describe('the cheat sheet', () => {
	it('prints to exactly one page in A4 and in Letter, black on white, at least 11 pt', async () => {
		const context = await launchBrowser({ width: 1280, height: 800 });
		const page = await context.newPage();
		await page.goto(`${server.url}/rules`);
		await appReady(page);
		await page.getByRole('link', { name: 'Cheat sheet to print' }).click();
		await page.waitForURL(/\/rules\/cheat-sheet$/);
		await appReady(page);
		await page.emulateMedia({ media: 'print', colorScheme: 'light' });
		const styles = await page.evaluate(() =>
			[...document.querySelectorAll<HTMLElement>('.sheet, .sheet *')]
				.filter((el) => el.offsetParent !== null && el.textContent?.trim())
				.map((el) => {
					const s = getComputedStyle(el);
					return { size: parseFloat(s.fontSize), color: s.color, bg: s.backgroundColor };
				})
		);
		expect(styles.length).toBeGreaterThan(20);
		for (const s of styles) {
			expect(s.size).toBeGreaterThanOrEqual((11 * 96) / 72 - 0.01);
			expect(s.color).toBe('rgb(0, 0, 0)');
			expect(['rgb(255, 255, 255)', 'rgba(0, 0, 0, 0)']).toContain(s.bg);
		}
		const text = (await page.locator('.sheet').textContent()) ?? '';
		for (const id of ['P4', 'P5', 'P6', 'P7', 'P8', 'P10', 'P11', 'P12'])
			expect(text).toContain(id);
		expect(await page.getByText('Print this page').isVisible()).toBe(false);
		const out = join(process.cwd(), 'test-results');
		mkdirSync(out, { recursive: true });
		for (const format of ['A4', 'Letter'] as const) {
			const pdf = await page.pdf({ format, printBackground: true });
			writeFileSync(join(out, `cheat-sheet-${format.toLowerCase()}.pdf`), pdf);
			expect(pageCount(pdf), format).toBe(1);
		}
		await context.close();
	});
});
