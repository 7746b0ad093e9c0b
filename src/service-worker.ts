/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
/// <reference types="@sveltejs/kit" />
/**
 * Offline support (SvelteKit's own service worker).
 *
 * - Install: every built asset and static file, and the pages a learner uses offline (`/`,
 *   `/practice`, `/review`, `/progress`, `/rules`, `/learn`, every lesson `/learn/<skill>`, `/table`,
 *   its ledger `/table/ledger`, a shared night `/table/night` and the season `/table/season`), go
 *   into a cache named for this version, with the server data of the one that has some
 *   (`/rules/__data.json`, for a link followed to /rules while offline).
 * - Built assets and static files: cache first (a new version has new names and a new cache).
 * - Offline pages: network first, so an online visit always gets the current page (and refreshes
 *   the cache); the cached copy answers when the network fails, or is too slow (3 s) on a bad
 *   connection. A page is cached by its path alone: `/practice?seed=...` is one entry, `/practice`.
 * - A student's homework page `/homework/CODE` (issue 20), once opened: network first as the
 *   pages above. Its first visit may come before this worker controls the page, so the page
 *   also asks (a `KEEP_HOMEWORK_PAGE` message) to have its copy fetched and kept. A new version
 *   fetches the homework pages the older caches held into its own cache as it activates, so an
 *   update does not take an opened homework offline with it.
 * - Everything else (class pages, `/api/`, live updates, the teacher's results) goes to the
 *   network, never cached. Offline, `/practice` draws its round itself
 *   (`src/routes/practice/draw.ts`).
 * - A new version installs, takes over at once (skipWaiting + clients.claim) and deletes the app's
 *   older caches, so no stale page stays behind. The built code (`/_app/immutable/`,
 *   content-hashed) of the version active last is kept, without its pages: a tab still running
 *   that version can load the parts it fetches on demand after the new deploy stopped serving them
 *   (`planCaches`). Other caches on the origin are not the app's and are left alone.
 */
import { base, build, files, version } from '$service-worker';
import {
	ACTIVATED_AT_KEY,
	CACHE_PREFIX,
	isImmutableAsset,
	planCaches,
	type FoundCache
} from '$lib/offline/caches';
import { LESSON_SKILLS, lessonHref } from '$lib/lessons/order';
import { homeworkPageToKeep, homeworkPagesIn, isHomeworkPage } from '$lib/homework/offline-page';

const sw = self as unknown as ServiceWorkerGlobalScope;

/** This version's cache; older caches are deleted on activate, but for the previous one's code. */
const CACHE = `${CACHE_PREFIX}${version}`;
const ASSETS = new Set([...build, ...files]);
/** Pages that work offline; all render in the browser from the cached app. */
const PAGES = new Set(
	[
		'/',
		'/practice',
		'/review',
		'/progress',
		'/rules',
		'/learn',
		'/table',
		'/table/ledger',
		'/table/night',
		'/table/season',
		...LESSON_SKILLS.map(lessonHref)
	].map((p) => base + p)
);
/** The server data of the offline pages that have a server load (network first, as pages). */
const PAGE_DATA = new Set(['/rules/__data.json'].map((p) => base + p));
/** How long a page request may take before the cached copy is shown instead. */
const SLOW_NETWORK_MS = 3000;

sw.addEventListener('install', (event) => {
	event.waitUntil(
		(async () => {
			const cache = await caches.open(CACHE);
			await cache.addAll([...ASSETS]);
			// Pages bypass the HTTP cache, and are best effort: one that fails must not stop the install.
			await Promise.all(
				[...PAGES, ...PAGE_DATA].map((p) =>
					cache.add(new Request(p, { cache: 'reload' })).catch(() => undefined)
				)
			);
			await sw.skipWaiting();
		})()
	);
});

/** The app's caches other than this version's: when each activated, and whether it holds built code. */
async function foundCaches(): Promise<FoundCache[]> {
	const found: FoundCache[] = [];
	for (const name of await caches.keys()) {
		if (!name.startsWith(CACHE_PREFIX) || name === CACHE) continue;
		const cache = await caches.open(name);
		const stamp = await cache.match(ACTIVATED_AT_KEY);
		const keys = await cache.keys();
		found.push({
			name,
			activatedAt: Number(stamp ? await stamp.text() : 0) || 0,
			hasCode: keys.some((r) => isImmutableAsset(new URL(r.url).pathname, base))
		});
	}
	return found;
}

/** Fetches `path` past the HTTP cache into this version's cache; best effort (never rejects). */
async function keepPage(path: string): Promise<void> {
	try {
		const response = await fetch(new Request(path, { cache: 'reload' }));
		if (response.ok && response.type === 'basic') {
			await (await caches.open(CACHE)).put(path, response);
		}
	} catch {
		/* offline or refused: the page is kept on its next visit */
	}
}

/** The homework pages the app's other caches hold (to carry into this version's cache). */
async function olderHomeworkPages(): Promise<string[]> {
	const paths: string[] = [];
	for (const name of await caches.keys()) {
		if (!name.startsWith(CACHE_PREFIX) || name === CACHE) continue;
		const keys = await (await caches.open(name)).keys();
		paths.push(...keys.map((r) => new URL(r.url).pathname));
	}
	return homeworkPagesIn(paths, base);
}

sw.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			const homework = await olderHomeworkPages().catch(() => []);
			try {
				await (await caches.open(CACHE)).put(ACTIVATED_AT_KEY, new Response(String(Date.now())));
				const { remove, previous } = planCaches(CACHE, await foundCaches());
				for (const name of remove) await caches.delete(name);
				if (previous) {
					// Only its built code (and when it ran) is kept: none of its pages may be served again.
					const old = await caches.open(previous);
					for (const request of await old.keys()) {
						const path = new URL(request.url).pathname;
						if (!isImmutableAsset(path, base) && path !== ACTIVATED_AT_KEY) {
							await old.delete(request);
						}
					}
				}
			} finally {
				// Even if the clean-up failed, this version takes over the open pages.
				await sw.clients.claim();
			}
			// This version's copies of the homework pages opened before it (their old copies are gone).
			await Promise.all(homework.map(keepPage));
		})()
	);
});

// A homework page asks to be kept for offline on its first visit (see the top of this file).
sw.addEventListener('message', (event) => {
	const path = homeworkPageToKeep(event.data, base);
	if (path) event.waitUntil(keepPage(path));
});

/** The cached copy of an asset, else the network (keeping what it sends). */
async function cacheFirst(request: Request, key: string): Promise<Response> {
	const cache = await caches.open(CACHE);
	const hit = await cache.match(key);
	if (hit) return hit;
	const response = await fetch(request);
	if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
	return response;
}

/**
 * The network's page (cached under `key` for next time); the cached copy when the network fails
 * or takes longer than SLOW_NETWORK_MS and a copy exists. Rejects when neither answers.
 */
async function networkFirst(event: FetchEvent, key: string): Promise<Response> {
	const fromNetwork = fetch(event.request).then(async (response) => {
		if (response.ok && response.type === 'basic') {
			await (await caches.open(CACHE)).put(key, response.clone());
		}
		return response;
	});
	// A slow answer still refreshes the cache after the cached copy was shown.
	event.waitUntil(fromNetwork.catch(() => undefined));
	const cached = await caches.match(key, { cacheName: CACHE });
	if (!cached) return fromNetwork;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const slow = new Promise<Response>((resolve) => {
		timer = setTimeout(() => resolve(cached), SLOW_NETWORK_MS);
	});
	try {
		return await Promise.race([fromNetwork, slow]);
	} catch {
		return cached;
	} finally {
		clearTimeout(timer);
	}
}

sw.addEventListener('fetch', (event) => {
	const request = event.request;
	if (request.method !== 'GET') return;
	const url = new URL(request.url);
	if (url.origin !== sw.location.origin) return;
	if (ASSETS.has(url.pathname)) {
		event.respondWith(cacheFirst(request, url.pathname));
	} else if (isImmutableAsset(url.pathname, base)) {
		// Built code of another version (a tab opened before the update): the kept copy, if any.
		event.respondWith(caches.match(url.pathname).then((hit) => hit ?? fetch(request)));
	} else if (
		request.mode === 'navigate' &&
		(PAGES.has(url.pathname) || isHomeworkPage(url.pathname, base))
	) {
		event.respondWith(networkFirst(event, url.pathname));
	} else if (PAGE_DATA.has(url.pathname)) {
		event.respondWith(networkFirst(event, url.pathname));
	}
	// Anything else is left to the browser and the network.
});
