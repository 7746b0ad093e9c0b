/**
 * Budgets (issues 5 and 18), on figures that do not depend on the machine's speed: the gzipped
 * JS `/practice` ships on first load (60 KB), every other page's (2 × the bare page's), and
 * Lighthouse's accessibility score on every page (one run each). Times are measured by `npm run bench`, never asserted here. Also checks the pure helpers
 * the benchmark shares with these tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
	FLOOR_JS_GZIP,
	FLOOR_RATIO_GOAL,
	kb,
	PRACTICE_JS_GZIP_BUDGET,
	replaceBenchSection,
	START_MARKER,
	END_MARKER
} from '../../scripts/bench-report';
import {
	appPages,
	launchChromium,
	median,
	pageBytes,
	percentile,
	startLighthouse,
	type LighthouseBrowser
} from '../../scripts/measure';
import { useAppServer } from './harness';

const PAGES = appPages();

const server = useAppServer();

describe('first-load bytes', () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it(`/practice ships at most ${kb(PRACTICE_JS_GZIP_BUDGET)} of gzipped JS on first load`, async () => {
		const bytes = await pageBytes(browser, server.url, '/practice');
		const files = bytes.files
			.filter((f) => f.type === 'script')
			.map((f) => `${f.path} ${kb(f.gzip)}`)
			.join(', ');
		expect(bytes.files.some((f) => f.path.includes('/nodes/'))).toBe(true);
		expect(bytes.jsGzip, `gzipped JS ${kb(bytes.jsGzip)}: ${files}`).toBeLessThanOrEqual(
			PRACTICE_JS_GZIP_BUDGET
		);
	});

	// Every page that meets the goal keeps it. /practice does not meet it yet (README, Performance).
	const goal = FLOOR_RATIO_GOAL * FLOOR_JS_GZIP;
	it.each(PAGES.filter((page) => page !== '/practice'))(
		`%s ships at most ${FLOOR_RATIO_GOAL} × the floor (${kb(goal)}) of gzipped JS`,
		async (page) => {
			const bytes = await pageBytes(browser, server.url, page);
			expect(bytes.jsGzip, `gzipped JS on ${page}`).toBeLessThanOrEqual(goal);
		}
	);
});

describe('Lighthouse accessibility (mobile)', () => {
	let lighthouse: LighthouseBrowser;
	beforeAll(async () => {
		lighthouse = await startLighthouse();
	});
	afterAll(() => {
		lighthouse?.close();
	});

	it('covers the pages named in the issue that exist', () => {
		expect(PAGES).toContain('/');
		expect(PAGES).toContain('/practice');
	});

	it.each(PAGES)('scores 100 on %s', async (page) => {
		const { accessibility, failing } = await lighthouse.run(server.url + page, ['accessibility']);
		expect({ accessibility, failing }).toEqual({ accessibility: 100, failing: [] });
	});
});

describe('the benchmark helpers', () => {
	it('takes nearest-rank percentiles and medians', () => {
		const times = Array.from({ length: 20 }, (_, i) => 20 - i);
		expect(percentile(times, 50)).toBe(10);
		expect(percentile(times, 95)).toBe(19);
		expect(percentile(times, 100)).toBe(20);
		expect(median([3, 1, 2])).toBe(2);
		expect(() => median([])).toThrow(/empty/);
	});

	it('replaces only the text between the README markers, or appends the section', () => {
		const readme = `# App\n\nIntro.\n\n## Performance\n\n${START_MARKER}\nold\n${END_MARKER}\n\nAfter.\n`;
		const next = replaceBenchSection(readme, '| a | b |');
		expect(next).toContain(`${START_MARKER}\n\n| a | b |\n\n${END_MARKER}`);
		expect(next).not.toContain('old');
		expect(next.startsWith('# App\n\nIntro.')).toBe(true);
		expect(next.endsWith('After.\n')).toBe(true);
		const appended = replaceBenchSection('# App\n', '| a | b |');
		expect(appended).toMatch(/## Performance[\s\S]*\| a \| b \|[\s\S]*bench:end -->\n$/);
	});
});
