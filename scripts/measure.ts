/**
 * Measurements shared by `npm run bench` and the budget tests (tests/e2e/budgets.test.ts):
 * the pages the app has, the bytes a page ships on first load as Chromium loads them, and
 * Lighthouse 12 runs (mobile profile) against Debian's Chromium. Nothing here imports `$lib`, so
 * it runs under tsx before the app is built as well as inside Vitest.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, percentile } from './support/harness.ts';

export { percentile };

/** The Chromium binary: `CHROMIUM_PATH`, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
	return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Launches Debian's Chromium (headless, the harness's flags) for `pageBytes` and timings. */
export function launchChromium(): Promise<Browser> {
	return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/**
 * Pages of routes with a parameter that stand for their route (the first lesson for every
 * lesson); other `[param]` routes (a class session's views) need a session and are left out.
 */
export const ROUTE_EXAMPLES: Record<string, string> = { 'learn/[skill]': '/learn/discard' };

/**
 * The app's pages (`/`, `/practice`, `/progress`, ...), read from the `+page.svelte` files under
 * src/routes (route groups dropped; a `[param]` route only through its `ROUTE_EXAMPLES` page),
 * sorted with `/` first. The budget and accessibility tests cover each one.
 */
export function appPages(root: string = process.cwd()): string[] {
	const routes = join(root, 'src', 'routes');
	const found: string[] = [];
	const walk = (dir: string) => {
		for (const name of readdirSync(dir)) {
			const path = join(dir, name);
			if (statSync(path).isDirectory()) walk(path);
			else if (name === '+page.svelte') {
				const parts = relative(routes, dir)
					.split(sep)
					.filter((p) => p !== '' && !/^\(.*\)$/.test(p));
				const example = ROUTE_EXAMPLES[parts.join('/')];
				if (example) found.push(example);
				else if (!parts.some((p) => p.includes('['))) found.push(`/${parts.join('/')}`);
			}
		}
	};
	walk(routes);
	return found.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
}

/** One file a page loaded: its URL path, `script` or `stylesheet`, and its size in bytes. */
export interface LoadedFile {
	path: string;
	type: 'script' | 'stylesheet';
	raw: number;
	gzip: number;
}

/**
 * What a page ships on first load: JS and CSS in bytes, raw (decoded body) and gzipped (zlib
 * level 9, as adapter-node's precompressed `.gz` files), and the files themselves.
 */
export interface PageBytes {
	page: string;
	jsRaw: number;
	jsGzip: number;
	cssRaw: number;
	cssGzip: number;
	files: LoadedFile[];
}

/**
 * Loads `baseUrl + page` in a fresh browser context of `browser` (empty HTTP cache, service
 * workers blocked, a 360 x 740 phone screen) and sums the script and stylesheet responses until
 * the network is idle: the page's own imports, modulepreloads and the chunks its hydration loads.
 * Each URL counts once. Throws when the page does not answer 200.
 */
export async function pageBytes(
	browser: Browser,
	baseUrl: string,
	page: string
): Promise<PageBytes> {
	const context = await browser.newContext({
		serviceWorkers: 'block',
		viewport: { width: 360, height: 740 }
	});
	const tab = await context.newPage();
	const pending: Promise<LoadedFile | null>[] = [];
	const seen = new Set<string>();
	tab.on('response', (response: Response) => {
		const type = response.request().resourceType();
		const url = new URL(response.url());
		if ((type !== 'script' && type !== 'stylesheet') || seen.has(url.pathname)) return;
		seen.add(url.pathname);
		pending.push(
			response
				.body()
				.then((body): LoadedFile => ({
					path: url.pathname,
					type: type === 'script' ? 'script' : 'stylesheet',
					raw: body.length,
					gzip: gzipSync(body, { level: 9 }).length
				}))
				.catch(() => null)
		);
	});
	try {
		const response = await tab.goto(baseUrl + page, { waitUntil: 'networkidle' });
		if (!response || response.status() !== 200) {
			throw new Error(`${page} answered ${response?.status() ?? 'nothing'}`);
		}
	} catch (error) {
		await context.close();
		throw error;
	}
	const files = (await Promise.all(pending))
		.filter((f): f is LoadedFile => f !== null)
		.sort((a, b) => a.path.localeCompare(b.path));
	await context.close();
	const sum = (type: LoadedFile['type'], key: 'raw' | 'gzip') =>
		files.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
	return {
		page,
		jsRaw: sum('script', 'raw'),
		jsGzip: sum('script', 'gzip'),
		cssRaw: sum('stylesheet', 'raw'),
		cssGzip: sum('stylesheet', 'gzip'),
		files
	};
}

/** Lighthouse figures for one page: scores 0..100 (null when not run) and LCP in milliseconds. */
export interface LighthouseFigures {
	performance: number | null;
	accessibility: number | null;
	lcpMs: number | null;
	/** Audits of the categories run that scored below 1, as `id: title`. */
	failing: string[];
}

/** The Lighthouse categories this project reads. */
export type Category = 'performance' | 'accessibility';

/** Runs Lighthouse on one URL in the Chromium `withLighthouse` started. */
export type LighthouseRun = (url: string, categories: Category[]) => Promise<LighthouseFigures>;

/** A Chromium for Lighthouse: `run` audits a URL; `close` kills the browser. */
export interface LighthouseBrowser {
	run: LighthouseRun;
	close(): void;
}

/**
 * Starts Debian's Chromium (headless, the flags of tests/e2e/harness.ts) through chrome-launcher
 * and returns a `run` that audits a URL with Lighthouse 12's default mobile profile (emulated
 * phone, simulated slow 4G and 4x CPU slowdown). Runs must be sequential; each starts with
 * cleared storage, like a first visit. Call `close()` when done.
 */
export async function startLighthouse(): Promise<LighthouseBrowser> {
	const chrome = await chromeLauncher.launch({
		chromePath: chromiumPath(),
		chromeFlags: CHROMIUM_ARGS,
		logLevel: 'silent'
	});
	const run: LighthouseRun = async (url, categories) => {
		const result = await lighthouse(url, {
			port: chrome.port,
			logLevel: 'error',
			output: 'json',
			onlyCategories: categories,
			// The report's full-page picture is not read here; leaving it out saves seconds a run.
			disableFullPageScreenshot: true
		});
		if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
		const lhr = result.lhr;
		if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
		const score = (id: Category) => {
			const s = lhr.categories[id]?.score;
			return typeof s === 'number' ? Math.round(s * 100) : null;
		};
		const failing = categories.flatMap((id) =>
			(lhr.categories[id]?.auditRefs ?? [])
				.filter((ref) => ref.weight > 0)
				.map((ref) => lhr.audits[ref.id])
				.filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
				.map((audit) => `${audit!.id}: ${audit!.title}`)
		);
		const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
		return {
			performance: score('performance'),
			accessibility: score('accessibility'),
			lcpMs: typeof lcp === 'number' ? Math.round(lcp) : null,
			failing
		};
	};
	return { run, close: () => chrome.kill() };
}

/** Runs `use` with a Lighthouse Chromium from `startLighthouse`, closed afterwards. */
export async function withLighthouse<T>(use: (run: LighthouseRun) => Promise<T>): Promise<T> {
	const browser = await startLighthouse();
	try {
		return await use(browser.run);
	} finally {
		browser.close();
	}
}

/** The median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
	return percentile(values, 50);
}
