/**
 * Offline and updates (issue 5), in Chromium against the built app with its service worker:
 * after one visit, the drill reloads, plays and keeps answers with no network, and /progress,
 * /review, /rules, /, /learn and a lesson open offline; a new version takes over at once, deletes older caches but for
 * the previous version's built code (so a tab opened before the deploy plays on), carries the
 * homework pages a student opened into its own cache, and serves its own pages, offline too.
 */
import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateScenarios } from '$lib/scenarios';
import { practiceAnswers } from '../../scripts/bench-feedback';
import {
	appReady,
	freePort,
	launchBrowser,
	screenshot,
	useAppServer,
	workedSteps
} from './harness';

const server = useAppServer();

/** Waits until a service worker controls `page` (it has installed, cached the app, claimed). */
async function waitForServiceWorker(page: Page): Promise<void> {
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
		timeout: 30_000
	});
}

/** Answers question `index` of the round (right, or wrong) and waits for the feedback. */
async function play(page: Page, seed: string, count: number, index: number, wrong: boolean) {
	const scenario = generateScenarios({ seed, count })[index]!;
	await page.getByText(`Question ${index + 1} of ${count}`).waitFor();
	for (const { key, text } of practiceAnswers(scenario, wrong)) {
		await page.locator(`#answer-${key}`).fill(text);
	}
	await page.getByRole('button', { name: 'Check', exact: true }).click();
	await expect
		.poll(() => page.locator('#feedback-heading').textContent())
		.toMatch(wrong ? /Not quite/ : /Right!/);
	return scenario;
}

/** The names of the page's Cache Storage caches. */
function cacheNames(page: Page): Promise<string[]> {
	return page.evaluate(() => caches.keys());
}

describe('offline after one visit', () => {
	it('reloads /practice, plays, keeps the answers for /progress and /review', async () => {
		const seed = 'offline-drill';
		const context = await launchBrowser({ width: 360, height: 740 });
		const page = await context.newPage();
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		await page.goto(`${server.url}/practice?seed=${seed}&n=3`);
		await waitForServiceWorker(page);

		await context.setOffline(true);
		// Nothing reaches the server now: the page's own requests fail.
		expect(
			await page.evaluate(() =>
				fetch('/api/class/OFFLINE').then(
					() => 'online',
					() => 'offline'
				)
			)
		).toBe('offline');
		const reloaded = await page.reload();
		expect(reloaded?.fromServiceWorker()).toBe(true);
		await play(page, seed, 3, 0, false);
		await page.getByRole('button', { name: 'Next', exact: true }).click();
		const missed = await play(page, seed, 3, 1, true);
		await screenshot(page, 'offline-feedback');

		await page.goto(`${server.url}/progress`);
		await expect
			.poll(() => page.getByText('2 questions answered, 1 right (50%).').isVisible())
			.toBe(true);
		// The chart's code (loaded only when there is a day to draw) comes from the cache too.
		await expect
			.poll(() =>
				page.evaluate(() => {
					const canvas = document.querySelector<HTMLCanvasElement>('.chart canvas');
					const pixels = canvas
						?.getContext('2d')
						?.getImageData(0, 0, canvas.width, canvas.height).data;
					return pixels?.some((v, i) => i % 4 === 3 && v > 0) ?? false;
				})
			)
			.toBe(true);
		await page.goto(`${server.url}/review`);
		await expect.poll(() => page.getByText(missed.narrative).first().isVisible()).toBe(true);
		await page.goto(`${server.url}/`);
		await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
		// A link to /rules (the app's own navigation) gets the page's server data from the cache.
		await appReady(page);
		await page.getByRole('link', { name: 'Learn the rules' }).click();
		await expect
			.poll(() => page.locator('section#P2 [data-testid="example"]').textContent())
			.toContain('West pays 50 points');
		expect(new URL(page.url()).pathname).toBe('/rules');
		await page.goto(`${server.url}/rules#P5`);
		await expect.poll(() => page.locator('section#P5').isVisible()).toBe(true);
		// The Learn path and its lessons, never opened online, open and run too.
		await page.goto(`${server.url}/learn/jokerless`);
		await (await workedSteps(page)).click();
		await page.getByRole('button', { name: 'Now try one yourself' }).click();
		await expect
			.poll(() => page.getByRole('heading', { name: 'Partly worked question' }).isVisible())
			.toBe(true);
		await page.goto(`${server.url}/learn`);
		await expect.poll(() => page.getByText('In progress: step 2 of 5').isVisible()).toBe(true);
		// A round that was never opened online opens too (the drill is one cached page).
		await page.goto(`${server.url}/practice?seed=never-seen&n=2`);
		await play(page, 'never-seen', 2, 0, false);
		expect(errors).toEqual([]);
		await context.close();
	});
});

describe('installable', () => {
	it('has a manifest with real icons that Chromium accepts for installing', async () => {
		const context = await launchBrowser({ width: 360, height: 740 }, { isMobile: true });
		const page = await context.newPage();
		await page.goto(`${server.url}/`);
		await waitForServiceWorker(page);
		const cdp = await context.newCDPSession(page);
		const manifest = (await cdp.send('Page.getAppManifest')) as {
			errors: { message: string }[];
			data?: string;
		};
		expect(manifest.errors).toEqual([]);
		const data = JSON.parse(manifest.data ?? '{}') as { icons?: { src: string; sizes: string }[] };
		for (const icon of data.icons ?? []) {
			const png = Buffer.from(await (await fetch(new URL(icon.src, server.url))).arrayBuffer());
			// A PNG's width and height are big-endian numbers at bytes 16 and 20.
			expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
		}
		const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
			installabilityErrors: { errorId: string }[];
		};
		expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
		await context.close();
	});
});

/**
 * The service worker script of a pretend next version: another version string, and the built
 * files in `gone` out of its build list (written by Vite as `,base+\`/_app/immutable/...\``).
 */
function nextWorker(script: string, version: string, gone: Iterable<string>): string {
	let next = script.replaceAll(version, `${version}1`);
	for (const file of gone) {
		const quoted = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		next = next.replace(new RegExp(`,\\s*[\\w$]+\\s*\\+\\s*\`${quoted}\``), '');
	}
	return next;
}

/**
 * A proxy in front of the built server that can pretend a new version was deployed: from
 * `deploy(gone)` on, the service worker script carries another version string, pages carry
 * `data-build="next"` on their body, and the built files in `gone` are no longer part of the
 * version: they are left out of the worker's list and answer 404, as after a real deploy.
 */
async function startVersionProxy(target: string, version: string) {
	let next = false;
	let gone = new Set<string>();
	const proxy: Server = createServer(async (req, res) => {
		try {
			const headers = new Headers();
			for (const [name, value] of Object.entries(req.headers)) {
				// No conditional headers: a 304 would hide the new worker script from the browser.
				const skip = ['host', 'accept-encoding', 'if-none-match', 'if-modified-since'];
				if (typeof value === 'string' && !skip.includes(name)) {
					headers.set(name, value);
				}
			}
			const upstream = await fetch(target + req.url, {
				method: req.method,
				headers,
				redirect: 'manual'
			});
			let body = Buffer.from(await upstream.arrayBuffer());
			const path = new URL(req.url ?? '/', target).pathname;
			if (gone.has(path)) {
				res.writeHead(404).end();
				return;
			}
			if (next && path === '/service-worker.js') {
				body = Buffer.from(nextWorker(body.toString('utf8'), version, gone));
			} else if (next && (upstream.headers.get('content-type') ?? '').includes('text/html')) {
				body = Buffer.from(body.toString('utf8').replace('<body ', '<body data-build="next" '));
			}
			const out: Record<string, string> = {};
			upstream.headers.forEach((value, name) => {
				if (
					!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)
				)
					out[name] = value;
			});
			res.writeHead(upstream.status, out).end(body);
		} catch {
			res.writeHead(502).end();
		}
	});
	const port = await freePort();
	await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${port}`,
		deploy(files: string[] = []) {
			next = true;
			gone = new Set(files);
		},
		close: () => new Promise<void>((resolve) => proxy.close(() => resolve()))
	};
}

/** The paths of the built files the page has fetched so far (from its resource timings). */
function loadedFiles(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		performance
			.getEntriesByType('resource')
			.map((e) => new URL(e.name).pathname)
			.filter((p) => p.startsWith('/_app/immutable/'))
	);
}

describe('a new version', () => {
	it("takes over at once, keeps only the previous version's code, and serves its own pages offline", async () => {
		const { version } = (await (await fetch(`${server.url}/_app/version.json`)).json()) as {
			version: string;
		};
		const proxy = await startVersionProxy(server.url, version);
		const context = await launchBrowser({ width: 360, height: 740 });
		try {
			const page = await context.newPage();
			await page.goto(`${proxy.url}/practice?seed=update&n=2`);
			await waitForServiceWorker(page);
			expect(await cacheNames(page)).toEqual([`coach-${version}`]);
			// A leftover from some older version, holding a stale page.
			await page.evaluate(async () => {
				const stale = await caches.open('coach-0');
				await stale.put(
					'/practice',
					new Response('<p>stale</p>', { headers: { 'content-type': 'text/html' } })
				);
			});

			// The new deploy no longer has the built files this tab has not fetched yet (the quiz
			// machine, the feedback, other pages): the tab must still get them, from the kept cache.
			const worker = await (await fetch(`${server.url}/service-worker.js`)).text();
			const loaded = new Set(await loadedFiles(page));
			const gone = [...worker.matchAll(/`(\/_app\/immutable\/[^`]+)`/g)]
				.map((m) => m[1]!)
				.filter((file) => file.endsWith('.js') && !loaded.has(file) && !file.includes('/entry/'));
			expect(gone.length).toBeGreaterThan(0);
			const retired = nextWorker(worker, version, gone);
			for (const file of gone) expect(retired).not.toContain(file);
			// A homework page a student opened (issue 20), kept by this version.
			const made = (await (
				await fetch(`${server.url}/api/homework`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ questionCount: 1, dueAt: Date.now() + 3_600_000 })
				})
			).json()) as { code: string };
			const homework = `/homework/${made.code}`;
			await page.evaluate(
				async ([path, name]) => {
					const cache = await caches.open(name!);
					await cache.put(
						path!,
						new Response('<p>homework, old version</p>', {
							headers: { 'content-type': 'text/html' }
						})
					);
				},
				[homework, `coach-${version}`]
			);
			proxy.deploy(gone);
			await page.evaluate(() => {
				const w = window as unknown as { controllerChanged?: boolean };
				navigator.serviceWorker.addEventListener('controllerchange', () => {
					w.controllerChanged = true;
				});
			});
			await page.evaluate(async () => {
				const registration = await navigator.serviceWorker.getRegistration();
				await registration?.update();
			});
			await page.waitForFunction(
				() => (window as unknown as { controllerChanged?: boolean }).controllerChanged === true,
				null,
				{ timeout: 30_000 }
			);
			// The new worker did not wait for the old page to close. (The page switches to it as it
			// starts activating; its clean-up below is done once it is activated.)
			await expect
				.poll(() =>
					page.evaluate(async () => {
						const registration = await navigator.serviceWorker.getRegistration();
						return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
					})
				)
				.toEqual({ waiting: null, active: 'activated' });
			// The older leftover is gone; this version's cache stays, holding only its built code
			// (no page to serve stale).
			await expect
				.poll(async () => (await cacheNames(page)).sort())
				.toEqual([`coach-${version}`, `coach-${version}1`]);
			const kept = await page.evaluate(
				async (name) =>
					(await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname),
				`coach-${version}`
			);
			expect(kept.length).toBeGreaterThan(0);
			expect(kept.filter((p) => !p.startsWith('/_app/immutable/'))).toEqual([
				'/__coach-activated-at'
			]);
			// The homework page came along: the new version fetched its own copy as it activated.
			await expect
				.poll(() =>
					page.evaluate(
						async ([path, name]) => {
							const hit = await (await caches.open(name!)).match(path!);
							return hit ? (await hit.text()).includes('data-build="next"') : false;
						},
						[homework, `coach-${version}1`]
					)
				)
				.toBe(true);

			// The old tab plays on: what it loads on demand now is served from the kept cache, even
			// once the browser's HTTP cache has let go of those files (phones evict it often).
			const cdp = await context.newCDPSession(page);
			await cdp.send('Network.clearBrowserCache');
			await play(page, 'update', 2, 0, false);
			const late = (await loadedFiles(page)).filter((file) => !loaded.has(file));
			expect(late.filter((file) => gone.includes(file)).length).toBeGreaterThan(0);
			expect(await page.getByText('cannot be checked yet').count()).toBe(0);
			await page.getByRole('button', { name: 'Next', exact: true }).click();

			// Offline, the page comes from the new version's cache: no stale page. The round carries on.
			await context.setOffline(true);
			await page.reload();
			expect(await page.evaluate(() => document.body.dataset.build)).toBe('next');
			await play(page, 'update', 2, 1, false);
			await context.setOffline(false);
		} finally {
			await context.close();
			await proxy.close();
		}
	});
});

describe('class mode offline', () => {
	it('says that class mode needs the network, and keeps what was typed on /join and /class/new', async () => {
		const context = await launchBrowser({ width: 360, height: 740 }, { serviceWorkers: 'block' });
		const page = await context.newPage();
		await page.goto(`${server.url}/join`);
		await appReady(page);
		await page.getByLabel('Join code').fill('ABC234');
		await page.getByLabel(/Your name/).fill('Dot');
		await context.setOffline(true);
		await page.getByRole('button', { name: 'Join' }).click();
		await expect
			.poll(() => page.getByRole('alert').textContent())
			.toMatch(/Class mode needs the network/);
		expect(await page.getByLabel('Join code').inputValue()).toBe('ABC234');
		expect(await page.getByLabel(/Your name/).inputValue()).toBe('Dot');
		expect(await page.locator('body').textContent()).not.toMatch(/Failed to fetch/);

		await context.setOffline(false);
		await page.goto(`${server.url}/class/new`);
		await appReady(page);
		await context.setOffline(true);
		await page.getByRole('button', { name: 'Create the session' }).click();
		await expect
			.poll(() => page.getByRole('alert').textContent())
			.toMatch(/Class mode needs the network/);
		expect(page.url()).toMatch(/\/class\/new$/);
		await context.close();
	});
});
