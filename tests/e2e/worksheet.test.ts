/**
 * The printable worksheet and its key (issue 20), printed by Chromium (`page.pdf`) on A4 and US
 * Letter, in money and in points: every question is on the paper with all its amount boxes on
 * the same page as its heading (so no box is cut at a page edge), nothing lies beyond a page, the
 * key comes after a page break, and the key's amounts equal `npm run --silent settle` on the
 * questions `npm run --silent scenarios` lists for the same seed. The pages are read back with
 * poppler's `pdftotext -bbox` and one is drawn with `pdftoppm` into test-results/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { answerFields, formatAmount, type AmountUnit, type Outcome } from '$lib/payments';
import { SCREENSHOTS, appReady, launchBrowser, useAppServer } from './harness';

const server = useAppServer('sqlite');
let context: BrowserContext;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), 'coach-worksheet-'));
beforeAll(async () => {
	context = await launchBrowser({ width: 1000, height: 900 });
	page = await context.newPage();
});
afterAll(async () => {
	await context?.close();
	rmSync(dir, { recursive: true, force: true });
});

interface Listed {
	index: number;
	outcome: Outcome;
}

/** The seed's questions as `npm run scenarios` lists them, and their settlements from `npm run settle`. */
function fromCommandLine(seed: string, count: number, skills: string) {
	const args = ['run', '--silent', 'scenarios', '--', '--seed', seed, '--count', String(count)];
	if (skills) args.push('--skills', skills);
	const listed = execFileSync('npm', args, { encoding: 'utf8' })
		.trim()
		.split('\n')
		.map((line) => JSON.parse(line) as Listed);
	const settled = execFileSync('npm', ['run', '--silent', 'settle'], {
		encoding: 'utf8',
		input: listed.map((q) => JSON.stringify(q.outcome)).join('\n') + '\n'
	})
		.trim()
		.split('\n')
		.map(
			(line) => JSON.parse(line) as { transfers: { from: string; points: number }[]; total: number }
		);
	return listed.map((q, i) => ({ ...q, settlement: settled[i]! }));
}

interface Word {
	text: string;
	yMax: number;
}

/** The PDF's words page by page (`pdftotext -bbox`), with each page's height in points. */
function pdfPages(file: string): { height: number; words: Word[] }[] {
	const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
	return html
		.split('<page ')
		.slice(1)
		.map((chunk) => ({
			height: Number(/height="([\d.]+)"/.exec(chunk)![1]),
			words: [...chunk.matchAll(/<word [^>]*yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
				yMax: Number(m[1]),
				text: m[2]!.replace(/&amp;/g, '&')
			}))
		}));
}

const CASES = [
	{ seed: 'w41', count: 6, skills: '', unit: 'money' as AmountUnit },
	{
		seed: 'paper-7',
		count: 8,
		skills: 'dead-hand,misnamed-discard,wall-game',
		unit: 'points' as AmountUnit
	}
];

describe.each(CASES)('the worksheet of seed $seed in $unit', ({ seed, count, skills, unit }) => {
	const expected = fromCommandLine(seed, count, skills);
	const query = new URLSearchParams({ seed, count: String(count), unit });
	if (skills) query.set('skills', skills);

	it("prints the key's amounts as the command line settles the seed's questions", async () => {
		await page.goto(`${server.url}/class/worksheet?${query}`);
		await appReady(page);
		expect(await page.locator('section.question').count()).toBe(expected.length);
		for (const q of expected) {
			const key = page.locator(`[data-key-question="${q.index + 1}"]`);
			for (const field of answerFields(q.outcome)) {
				const points =
					field.key === 'total'
						? q.settlement.total
						: (q.settlement.transfers.find((t) => t.from === field.key)?.points ?? 0);
				await expect
					.poll(() => key.locator(`[data-amount="${field.key}"] dd`).textContent())
					.toBe(formatAmount(points, unit));
			}
		}
	});

	it('is black on white with no site navigation when printed', async () => {
		await page.emulateMedia({ media: 'print' });
		try {
			const look = await page.evaluate(() => ({
				background: getComputedStyle(document.body).backgroundColor,
				color: getComputedStyle(document.body).color,
				nav: [...document.querySelectorAll('nav, body > div > header, button')].filter(
					(el) => (el as HTMLElement).offsetParent !== null
				).length
			}));
			expect(look).toEqual({ background: 'rgb(255, 255, 255)', color: 'rgb(0, 0, 0)', nav: 0 });
		} finally {
			await page.emulateMedia({ media: null });
		}
	});

	it.each(['A4', 'Letter'] as const)(
		'prints on %s: every question whole on one page, the key after a page break',
		async (format) => {
			const file = join(dir, `${seed}-${format}.pdf`);
			await page.pdf({ path: file, format });
			const pages = pdfPages(file);
			const marker = unit === 'money' ? '$' : 'points';
			const seen = new Map<number, { page: number; boxes: number[] }>();
			let current: number | null = null;
			let keyPage = -1;
			pages.forEach(({ height, words }, p) => {
				for (const [i, word] of words.entries()) {
					expect(word.yMax, `a word beyond page ${p + 1}`).toBeLessThanOrEqual(height);
					expect(['Menu', 'Print'], 'the site menu or a button on paper').not.toContain(word.text);
					if (word.text === 'Answer' && words[i + 1]?.text === 'key' && keyPage < 0) keyPage = p;
					if (keyPage >= 0) continue;
					if (word.text === 'Question' && /^\d+$/.test(words[i + 1]?.text ?? '')) {
						current = Number(words[i + 1]!.text);
						seen.set(current, { page: p, boxes: [] });
					} else if (word.text === marker && current !== null) {
						seen.get(current)!.boxes.push(p);
					}
				}
			});
			expect([...seen.keys()]).toEqual(expected.map((q) => q.index + 1));
			for (const q of expected) {
				const found = seen.get(q.index + 1)!;
				expect(found.boxes, `question ${q.index + 1}'s boxes`).toEqual(
					answerFields(q.outcome).map(() => found.page)
				);
			}
			const lastQuestionPage = Math.max(...[...seen.values()].map((s) => s.page));
			expect(keyPage).toBeGreaterThan(lastQuestionPage);
			mkdirSync(SCREENSHOTS, { recursive: true });
			execFileSync('pdftoppm', [
				'-r',
				'60',
				'-png',
				'-f',
				'1',
				'-l',
				'2',
				file,
				join(SCREENSHOTS, `worksheet-${seed}-${format}`)
			]);
			writeFileSync(join(SCREENSHOTS, `worksheet-${seed}-${format}.pages`), String(pages.length));
		}
	);
});

describe('the bare worksheet address', () => {
	it('offers the form that makes a worksheet, which keeps a seed to print it again', async () => {
		await page.goto(`${server.url}/class/worksheet`);
		await appReady(page);
		await page.getByRole('heading', { name: 'Make a printable worksheet' }).waitFor();
		await page.getByLabel('Dead hand').check();
		await page.getByLabel('Questions', { exact: true }).fill('3');
		await page.getByLabel('Money ($ and ¢)').check();
		await page.getByLabel('Question set', { exact: true }).fill('');
		await page.getByRole('button', { name: 'Make the worksheet' }).click();
		await page.waitForURL(/seed=[0-9a-z]{8}/);
		const query = new URL(page.url()).searchParams;
		expect(query.getAll('skills')).toEqual(['dead-hand']);
		expect(query.get('unit')).toBe('money');
		await appReady(page);
		expect(await page.locator('section.question').count()).toBe(3);
		await expect
			.poll(() => page.getByText(/^Question set [0-9a-z]{8} · 3 questions/).count())
			.toBe(1);
	});
});

describe('the worksheet is paper', () => {
	it('ships no app: its only script is /print.js, whose Print button prints; a link from My classes opens it', async () => {
		const tab = await context.newPage();
		await tab.addInitScript(() => {
			(window as unknown as { printed: number }).printed = 0;
			window.print = () => void (window as unknown as { printed: number }).printed++;
		});
		const scripts: string[] = [];
		tab.on('request', (r) => {
			if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
		});
		await tab.goto(`${server.url}/class/worksheet?seed=paper&count=2&unit=points`, {
			waitUntil: 'networkidle'
		});
		await appReady(tab);
		expect(scripts).toEqual(['/print.js']);
		expect(await tab.getByRole('button', { name: /text/i }).count(), 'no text size control').toBe(
			0
		);
		await tab.getByRole('button', { name: 'Print' }).click();
		expect(await tab.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

		// From an app page, a link to the worksheet loads it whole (the app does not try to draw it).
		await tab.goto(`${server.url}/class`);
		await appReady(tab);
		await tab.evaluate(() => {
			const a = document.createElement('a');
			a.href = '/class/worksheet?seed=linked&count=2&unit=money';
			a.textContent = 'Worksheet link';
			document.querySelector('main')!.append(a);
		});
		await tab.getByRole('link', { name: 'Worksheet link' }).click();
		await tab.waitForURL(/seed=linked/);
		await tab.getByRole('heading', { name: 'Answer key' }).waitFor();
		expect(await tab.locator('section.question').count()).toBe(2);
		await tab.close();
	});
});
