/**
 * What the benchmark scripts and the browser tests share (issue 18): a free port, the flags
 * Chromium runs with, and nearest-rank percentiles. Scripts and `tests/e2e` both import this
 * module; neither imports the other for it. Node only; no test runner.
 */
import { createServer } from 'node:net';

/** The flags Debian's Chromium runs with, headless, in tests and benchmarks alike. */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync'
];

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = createServer();
		srv.once('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const addr = srv.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			srv.close(() => resolve(port));
		});
	});
}

/**
 * The p-th percentile (0..100) of a non-empty list, nearest-rank method.
 * Throws on an empty list.
 */
export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) throw new Error('percentile of an empty list');
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
	return sorted[rank - 1]!;
}
