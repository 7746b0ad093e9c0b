/**
 * The README's nginx (issue 19) reads an upstream's response headers into `proxy_buffer_size`.
 * A page whose headers do not fit gets a 502, and nginx takes the instance out of the rotation
 * (the class behind nginx then fails for everyone). The preload links grow with the app, so every
 * page's headers are measured here against the README's buffer, with room to spare.
 */
import { describe, expect, it } from 'vitest';
import { SKILLS } from '$lib/payments';
import { appPages } from '../../scripts/measure';
import { useAppServer } from './harness';
import { readmeNginxConfig } from './nginx';

const server = useAppServer();

/** The README's `proxy_buffer_size` in bytes (nginx's default, 4k, when it sets none). */
function bufferBytes(config: string): number {
	const set = config.match(/proxy_buffer_size\s+(\d+)([km]?);/);
	if (!set) return 4096;
	return Number(set[1]) * (set[2] === 'k' ? 1024 : set[2] === 'm' ? 1024 * 1024 : 1);
}

/** The bytes of a response's status line and headers as sent (`name: value\r\n` each). */
async function headerBytes(url: string): Promise<number> {
	const res = await fetch(url, { redirect: 'manual' });
	await res.arrayBuffer();
	let bytes = `HTTP/1.1 ${res.status} ${res.statusText}\r\n`.length + 2;
	res.headers.forEach((value, name) => (bytes += name.length + value.length + 4));
	return bytes;
}

describe("every page's headers fit the README's nginx buffer", () => {
	const pages = [...new Set([...appPages(), ...SKILLS.map((s) => `/learn/${s}`)])];

	it('sets a buffer larger than the default 4 KB', () => {
		expect(bufferBytes(readmeNginxConfig())).toBeGreaterThan(4096);
	});

	it.each(pages)('%s sends headers within half the buffer', async (page) => {
		const bytes = await headerBytes(server.url + page);
		expect(bytes).toBeLessThanOrEqual(bufferBytes(readmeNginxConfig()) / 2);
		expect(bytes).toBeGreaterThan(100);
	});
});
