/**
 * End-to-end harness: starts the built app (adapter-node, `build/`) on a free loopback port with
 * its own store (a SQLite file in a temp folder, or a database of its own on the run's
 * PostgreSQL: `tests/postgres-setup.ts`), and launches Debian's Chromium through playwright-core
 * with a fresh profile. Never downloads a browser. `CHROMIUM_PATH` overrides /usr/bin/chromium.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import pg from 'pg';
import {
	chromium,
	type BrowserContext,
	type Locator,
	type Page,
	type Route
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, freePort } from '../../scripts/support/harness.ts';

export { CHROMIUM_ARGS, freePort };

/** The stores the class tests run on. */
export const STORE_KINDS = ['sqlite', 'postgres'] as const;
/** One kind of store. */
export type StoreKind = (typeof STORE_KINDS)[number];

/** A database of its own on the run's PostgreSQL: its URL, and `drop()` (after its users stopped). */
export async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
	const admin = inject('postgresUrl');
	if (!admin) throw new Error(inject('postgresProblem') || 'No PostgreSQL for the tests.');
	const name = `e2e_${randomBytes(6).toString('hex')}`;
	const run = async (sql: string) => {
		const client = new pg.Client({ connectionString: admin });
		await client.connect();
		try {
			await client.query(sql);
		} finally {
			await client.end();
		}
	};
	await run(`CREATE DATABASE ${name}`);
	const url = new URL(admin);
	url.pathname = `/${name}`;
	return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Where screenshots go (git-ignored). */
export const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');

/**
 * A running built server: its base URL, its store, what it wrote to stderr so far (`errors()`),
 * `kill()` (SIGKILL, as a crash) and `stop()` (kills it and removes its data).
 */
export interface AppServer {
	url: string;
	port: number;
	dataDir: string;
	process: ChildProcess;
	errors(): string;
	kill(): Promise<void>;
	stop(): Promise<void>;
}

/**
 * For a test file: starts the built app before its tests (`startServer`) and stops it after them.
 * The returned `url` is the running server's address; read it inside tests. Throws when read
 * before the server has started.
 */
export function useAppServer(store: StoreKind = 'sqlite'): { readonly url: string } {
	let server: AppServer | undefined;
	beforeAll(async () => {
		server = await startServer({}, store);
	});
	afterAll(async () => {
		await server?.stop();
	});
	return {
		get url() {
			if (!server) throw new Error('The app server has not started yet.');
			return server.url;
		}
	};
}

/**
 * Starts the built app as `npm start` does (`node server.js`) with a temp DATABASE_PATH (SQLite) or a fresh PostgreSQL database
 * (`store: 'postgres'`, or `env.DATABASE_URL` as given), on a free port (or `env.PORT`);
 * resolves once it answers HTTP. A
 * variable given as '' is left out (`ORIGIN: ''` serves as `npm start` does, without ORIGIN).
 */
export async function startServer(
	env: Record<string, string> = {},
	store: StoreKind = 'sqlite'
): Promise<AppServer> {
	const port = env.PORT ? Number(env.PORT) : await freePort();
	const url = `http://127.0.0.1:${port}`;
	const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'coach-e2e-'));
	const database = store === 'postgres' && !env.DATABASE_URL ? await postgresDatabase() : null;
	const merged: Record<string, string | undefined> = {
		...process.env,
		HOST: '127.0.0.1',
		PORT: String(port),
		ORIGIN: url,
		DATABASE_PATH: join(dataDir, 'coach.db'),
		DATABASE_URL: database?.url ?? '',
		...env
	};
	for (const [key, value] of Object.entries(merged)) if (value === '') delete merged[key];
	const child = spawn(process.execPath, ['server.js'], {
		env: merged,
		stdio: ['ignore', 'inherit', 'pipe']
	});
	let stderr = '';
	child.stderr?.on('data', (chunk: Buffer) => {
		stderr += chunk.toString();
		process.stderr.write(chunk);
	});
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const deadline = Date.now() + 20_000;
	for (;;) {
		try {
			const res = await fetch(url);
			if (res.status < 500) break;
		} catch {
			/* not listening yet */
		}
		if (Date.now() > deadline || child.exitCode !== null) {
			child.kill();
			await exited;
			await database?.drop().catch(() => undefined);
			throw new Error(`the built server did not start on ${url}:\n${stderr}`);
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	return {
		url,
		port,
		dataDir,
		process: child,
		errors: () => stderr,
		async kill() {
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
			await exited;
		},
		async stop() {
			if (child.exitCode === null && child.signalCode === null) child.kill();
			await exited;
			if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
			await database?.drop();
		}
	};
}

/**
 * Launches Chromium with a fresh profile folder (`close()` also removes it) at `viewport`, with
 * `options` passed to Playwright (colour scheme, touch, pixel density, `serviceWorkers: 'block'`
 * for tests that shape the network with routes, which a service worker would bypass,
 * `javaScriptEnabled: false` for the page as it is before the app takes over). `defaultFontSize`
 * sets the browser's own base font size (Chromium's "Font size" setting, 16 px by default), as a
 * learner who reads large text everywhere has it: written into the profile's preferences before
 * launch.
 */
export async function launchBrowser(
	viewport: { width: number; height: number } = { width: 1280, height: 800 },
	options: {
		colorScheme?: 'light' | 'dark';
		hasTouch?: boolean;
		isMobile?: boolean;
		deviceScaleFactor?: number;
		serviceWorkers?: 'allow' | 'block';
		javaScriptEnabled?: boolean;
		defaultFontSize?: number;
		/** Extra Chromium switches (e.g. `--host-resolver-rules=...`). */
		args?: string[];
	} = {}
): Promise<BrowserContext> {
	const profile = mkdtempSync(join(tmpdir(), 'coach-chromium-'));
	const { defaultFontSize, args = [], ...playwright } = options;
	if (defaultFontSize) {
		mkdirSync(join(profile, 'Default'));
		const prefs = { webkit: { webprefs: { default_font_size: defaultFontSize } } };
		writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify(prefs));
	}
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		headless: true,
		args: [...CHROMIUM_ARGS, ...args],
		viewport,
		...playwright
	});
	const close = context.close.bind(context);
	context.close = async (...args: Parameters<BrowserContext['close']>) => {
		await close(...args);
		rmSync(profile, { recursive: true, force: true });
	};
	return context;
}

/**
 * Waits until the app has taken over the server-rendered page (`data-ready` on `<html>`, set by
 * the root layout once mounted): before that, a click on a button does nothing and a form submits
 * without the app. Times out after 15 s.
 */
export async function appReady(page: Page): Promise<void> {
	await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 15_000 });
}

/**
 * A lesson's "Show every step" button, once its worked example is shown: the example's body loads
 * as it comes into view, so it is scrolled to, as a learner reading down the page would.
 */
export async function workedSteps(page: Page): Promise<Locator> {
	const every = page.getByRole('button', { name: 'Show every step' });
	const place = page.getByRole('button', { name: 'Show the worked example' });
	// The placeholder can give way to the example between being found and being scrolled to (it
	// is swapped as soon as it shows, or at a sign of intent): then scroll again, to the example.
	const deadline = Date.now() + 15_000;
	while (!(await every.isVisible())) {
		if (Date.now() > deadline) throw new Error('the worked example did not show within 15 s');
		await place
			.or(every)
			.first()
			.scrollIntoViewIfNeeded({ timeout: 2_000 })
			.catch(() => undefined);
		await every.waitFor({ timeout: 1_000 }).catch(() => undefined);
	}
	await every.scrollIntoViewIfNeeded();
	return every;
}

/** Serious and critical axe-core violations on the page (empty when there are none). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).analyze();
	return results.violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Saves a full-page screenshot to test-results/screenshots/NAME.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
	mkdirSync(SCREENSHOTS, { recursive: true });
	await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** How the app's code files answer while the line is under a test's control (`codeLine`). */
export type LineMode = 'up' | 'down' | ((route: Route) => Promise<void>);

/** The app's built code and styles (`/_app/immutable/...`), the part a test can cut off. */
export const IMMUTABLE = '**/_app/immutable/**';

/**
 * Puts the app's code files (`IMMUTABLE`) under the test's control from the page's first request:
 * `'up'` (the default) lets them through, `'down'` fails them as a lost line would, and a function
 * answers them itself (a delay, a hold). Call it before `page.goto`, then switch with `set`: the
 * switch is a variable, in effect at once. (A route added only once the page had loaded let the
 * first requests after it through, unseen, in about 1 run in 10 on a CPU slowed 4 to 10 times:
 * the part then arrived, and nothing failed when the test cut the line.) `quiet` resolves once no
 * code file has been on its way for the 500 ms since the call or the last arrival (what a keystroke
 * just started has arrived).
 */
export async function codeLine(
	page: Page
): Promise<{ set(mode: LineMode): void; quiet(): Promise<void> }> {
	let mode: LineMode = 'up';
	let open = 0;
	let last = Date.now();
	const isCode = (url: string) => new URL(url).pathname.startsWith('/_app/immutable/');
	page.on('request', (request) => {
		if (isCode(request.url())) open++;
	});
	const done = (request: { url(): string }) => {
		if (!isCode(request.url())) return;
		open--;
		last = Date.now();
	};
	page.on('requestfinished', done);
	page.on('requestfailed', done);
	await page.route(IMMUTABLE, (route) => {
		if (mode === 'up') return route.continue();
		if (mode === 'down') return route.abort('internetdisconnected');
		return mode(route);
	});
	return {
		set: (next) => void (mode = next),
		async quiet() {
			const since = Date.now();
			while (open > 0 || Date.now() - Math.max(last, since) < 500) {
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
		}
	};
}
