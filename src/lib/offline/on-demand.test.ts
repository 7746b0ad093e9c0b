import { describe, expect, it } from 'vitest';
import {
	NotLoaded,
	PROBE_FALLBACK,
	failedUrl,
	missingOf,
	onDemand,
	whyNotLoaded
} from './on-demand';

const CHUNK = 'http://127.0.0.1:4173/_app/immutable/chunks/machine.B1x.js';

describe('whyNotLoaded', () => {
	it('asks the network for the very file the import named, past every cache', async () => {
		const asked: [string, RequestInit][] = [];
		const answer = async (url: string, init: RequestInit) => void asked.push([url, init]);
		const error = new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);
		expect(await whyNotLoaded(error, answer)).toBe('reload');
		expect(asked).toEqual([[CHUNK, { cache: 'no-store' }]]);
	});

	it('is offline when the network does not answer', async () => {
		const refuse = () => Promise.reject(new TypeError('Failed to fetch'));
		expect(await whyNotLoaded(new Error(`error loading ${CHUNK}`), refuse)).toBe('offline');
	});

	it('asks the app version file when the browser names no file (Safari)', async () => {
		let asked = '';
		await whyNotLoaded(new TypeError('Importing a module script failed.'), async (url) => {
			asked = url;
		});
		expect(asked).toBe(PROBE_FALLBACK);
	});

	it('finds the address in a stylesheet preload failure too', () => {
		expect(failedUrl(new Error(`Unable to preload CSS for ${CHUNK.replace('.js', '.css')}`))).toBe(
			CHUNK.replace('.js', '.css')
		);
		expect(failedUrl('no address')).toBeUndefined();
	});
});

describe('onDemand', () => {
	it('imports once while it succeeds', async () => {
		let calls = 0;
		const load = onDemand(async () => ++calls);
		expect(await load()).toBe(1);
		expect(await load()).toBe(1);
		expect(calls).toBe(1);
	});

	it('says why a load failed, and tries again on the next call', async () => {
		let calls = 0;
		const load = onDemand(
			async () => {
				calls += 1;
				if (calls === 1)
					throw new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);
				return calls;
			},
			async () => 'reload'
		);
		const failure = await load().catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(NotLoaded);
		expect(missingOf(failure)).toBe('reload');
		expect((failure as NotLoaded).cause).toBeInstanceOf(TypeError);
		expect(await load()).toBe(2);
		expect(load()).toBe(load());
	});

	it('leaves no unhandled rejection behind a prefetch nobody awaits', async () => {
		const load = onDemand(
			() => Promise.reject(new Error('offline')),
			async () => 'offline'
		);
		void load();
		await new Promise((resolve) => setTimeout(resolve, 10));
		await expect(load()).rejects.toThrow(NotLoaded);
	});

	it('takes anything else thrown for offline', () => {
		expect(missingOf(new Error('x'))).toBe('offline');
	});
});
