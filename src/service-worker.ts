/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
/// <reference types="@sveltejs/kit" />
/**
 * Offline support (SvelteKit's own service worker). Every built asset and static file is cached at
 * install, with the pages a learner needs offline. Built assets are cache-first (their names change
 * with each version); pages and other GETs are network-first, falling back to the cache when
 * offline. A new version takes over at once and deletes the old caches, so no stale page stays.
 */
import { build, files, version } from '$service-worker';

const sw = self as unknown as ServiceWorkerGlobalScope;
const CACHE = `coach-${version}`;
const ASSETS = new Set([...build, ...files]);
const PAGES = ['/', '/practice', '/review', '/progress'];

sw.addEventListener('install', (event) => {
	event.waitUntil(
		(async () => {
			const cache = await caches.open(CACHE);
			await cache.addAll([...ASSETS]);
			// Pages are best effort: one that fails must not stop the install.
			await Promise.all(PAGES.map((p) => cache.add(p).catch(() => undefined)));
			await sw.skipWaiting();
		})()
	);
});

sw.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
			await sw.clients.claim();
		})()
	);
});

sw.addEventListener('fetch', (event) => {
	const request = event.request;
	if (request.method !== 'GET') return;
	const url = new URL(request.url);
	if (url.origin !== sw.location.origin) return;
	// Live class updates and the class API are never cached.
	if (url.pathname.startsWith('/api/')) return;
	event.respondWith(
		(async () => {
			const cache = await caches.open(CACHE);
			if (ASSETS.has(url.pathname)) {
				const hit = await cache.match(url.pathname);
				if (hit) return hit;
			}
			try {
				const response = await fetch(request);
				if (response.ok && response.type === 'basic') {
					await cache.put(request, response.clone());
				}
				return response;
			} catch (error) {
				const hit =
					(await cache.match(request, { ignoreSearch: request.mode === 'navigate' })) ??
					(request.mode === 'navigate' ? await cache.match(url.pathname) : undefined);
				if (hit) return hit;
				throw error;
			}
		})()
	);
});
