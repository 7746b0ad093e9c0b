/**
 * HTTP and statistics helpers of `npm run bench:class` (issue 19): requests on kept-alive
 * connections, Server-Sent Events streams, a pool, percentiles, and `Signal`, which wakes the
 * waits of one class when something of that class changed (no polling: the client's event loop
 * stays free for the streams it measures).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './support/harness.ts';

/** p50 / p99 / max (ms) over `n` values. */
export interface Stats {
	p50: number;
	p99: number;
	max: number;
	n: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

/** The statistics of `values` (ms). */
export function stats(values: number[]): Stats {
	const sorted = [...values].sort((a, b) => a - b);
	const at = (p: number) => (sorted.length === 0 ? NaN : percentile(sorted, p));
	return {
		p50: at(50),
		p99: at(99),
		max: sorted.at(-1) ?? NaN,
		n: sorted.length
	};
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Reply {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: string;
}

/**
 * One HTTP request with a JSON body (keep-alive). A kept-alive connection the server closed just
 * as it was reused resets before the request reached the server: that one is sent again.
 */
export async function request(
	base: string,
	method: string,
	path: string,
	body?: unknown,
	headers: Record<string, string> = {}
): Promise<Reply> {
	try {
		return await send(base, method, path, body, headers);
	} catch (error) {
		if ((error as { code?: string }).code !== 'ECONNRESET') throw error;
		return send(base, method, path, body, headers);
	}
}

function send(
	base: string,
	method: string,
	path: string,
	body?: unknown,
	headers: Record<string, string> = {}
): Promise<Reply> {
	const payload = body === undefined ? undefined : JSON.stringify(body);
	return new Promise((resolve, reject) => {
		const req = http.request(
			new URL(path, base),
			{
				method,
				agent,
				headers: {
					...(payload === undefined
						? {}
						: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
					...headers
				}
			},
			(res) => {
				let text = '';
				res.setEncoding('utf8');
				res.on('data', (c: string) => (text += c));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text })
				);
			}
		);
		req.on('error', reject);
		req.end(payload);
	});
}

/** An SSE connection: `onData` gets each message's data and when its chunk arrived. */
export function openStream(
	base: string,
	path: string,
	headers: Record<string, string>,
	onData: (data: string, at: number) => void
): Promise<http.ClientRequest> {
	return new Promise((resolve, reject) => {
		const req = http.get(
			new URL(path, base),
			{ agent: false, headers: { accept: 'text/event-stream', ...headers } },
			(res) => {
				if (res.statusCode !== 200) return reject(new Error(`stream ${path}: ${res.statusCode}`));
				res.setEncoding('utf8');
				res.on('error', () => undefined);
				let buffer = '';
				res.on('data', (chunk: string) => {
					const at = performance.now();
					buffer += chunk;
					let end: number;
					while ((end = buffer.indexOf('\n\n')) >= 0) {
						const block = buffer.slice(0, end);
						buffer = buffer.slice(end + 2);
						const start = block.indexOf('data: ');
						if (start >= 0) onData(block.slice(start + 6), at);
					}
				});
				resolve(req);
			}
		);
		req.on('error', reject);
	});
}

/** Runs `fn` over `items`, at most `limit` at once. */
export async function pool<T>(
	items: T[],
	limit: number,
	fn: (item: T, i: number) => Promise<void>
) {
	let next = 0;
	await Promise.all(
		Array.from({ length: Math.min(limit, items.length) }, async () => {
			while (next < items.length) {
				const i = next++;
				await fn(items[i]!, i);
			}
		})
	);
}

/** Waits that are checked again whenever `wake()` is called (by whoever changed their state). */
export class Signal {
	private readonly waiting = new Set<() => void>();

	/** Resolves once `check()` is true; rejects after `timeoutMs` saying what it waited for. */
	wait(check: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
		if (check()) return Promise.resolve();
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				this.waiting.delete(test);
				reject(new Error(`timed out waiting for ${what}`));
			}, timeoutMs);
			const test = () => {
				if (!check()) return;
				clearTimeout(timer);
				this.waiting.delete(test);
				resolve();
			};
			this.waiting.add(test);
		});
	}

	/** Checks every wait again. */
	wake(): void {
		for (const test of [...this.waiting]) test();
	}
}

/** Closes the kept-alive connections (at the end of the bench). */
export function closeConnections(): void {
	agent.destroy();
}
