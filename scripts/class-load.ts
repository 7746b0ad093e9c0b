/**
 * The simulated classes of `npm run bench:class` (issues 4, 11, 19): students join, follow their
 * session by Server-Sent Events, answer each question at a random moment within 2 s of it
 * opening, and wait for the reveal; the teachers open, close and reveal. Requests go round robin
 * over the instances given (as nginx would send them); each stream stays on the instance it
 * opened on. The same traffic runs against the floor: a bare `node:http` server that answers a
 * POST at once and broadcasts a message of the reveal's size to a class's streams.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** How the students are spread: `classes` classes of `perClass` students. */
export interface Shape {
	classes: number;
	perClass: number;
}

/** p50 / p99 / max (ms) over `n` values. */
export interface Stats {
	p50: number;
	p99: number;
	max: number;
	n: number;
}

/** What a run measured: answer round trips, reveal arrivals (each student; the last of each class), failures. */
export interface LoadResult {
	answer: Stats;
	reveal: Stats;
	revealEveryone: Stats;
	failures: number;
	joinMs: number;
	payloadBytes: number;
}

/** Questions played first and not measured, and questions measured. */
export interface Rounds {
	warmup: number;
	questions: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return NaN;
	return sorted[
		Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
	]!;
}

/** The statistics of `values` (ms). */
export function stats(values: number[]): Stats {
	const sorted = [...values].sort((a, b) => a - b);
	return {
		p50: percentile(sorted, 50),
		p99: percentile(sorted, 99),
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
function openStream(
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

/** Resolves once `check()` is true (polled every 2 ms); rejects after `timeoutMs`. */
export function waitFor(check: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
	const deadline = performance.now() + timeoutMs;
	return new Promise((resolve, reject) => {
		const tick = () => {
			if (check()) resolve();
			else if (performance.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
			else setTimeout(tick, 2);
		};
		tick();
	});
}

interface Student {
	cls: number;
	cookie: string;
	base: string;
	phase: string;
	index: number;
	answered: Set<number>;
	revealedAt: Map<number, number>;
}

const PHASE = /"phase":"(\w+)","index":(-?\d+)/;

/** Plays `rounds` questions with `shape`'s classes on the app instances at `urls`. */
export async function runClasses(
	urls: string[],
	shape: Shape,
	rounds: Rounds
): Promise<LoadResult> {
	let turn = 0;
	const next = () => urls[turn++ % urls.length]!;
	const total = rounds.warmup + rounds.questions;
	const sessions: {
		code: string;
		auth: Record<string, string>;
		fields: string[];
		fieldsOf: number;
	}[] = [];
	for (let c = 0; c < shape.classes; c++) {
		const created = await request(next(), 'POST', '/api/class', {
			questionCount: total,
			seed: `bench-${c}`
		});
		if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
		const { code, secret } = JSON.parse(created.body) as { code: string; secret: string };
		sessions.push({ code, auth: { authorization: `Bearer ${secret}` }, fields: [], fieldsOf: -1 });
	}
	const count = shape.classes * shape.perClass;
	const students: Student[] = [];
	const joinStart = performance.now();
	await pool(
		Array.from({ length: count }, (_, i) => i),
		64,
		async (i) => {
			const cls = i % shape.classes;
			const res = await request(next(), 'POST', `/api/class/${sessions[cls]!.code}/join`, {
				name: `Student ${i + 1}`
			});
			if (res.status !== 201) throw new Error(`join ${i}: ${res.status} ${res.body}`);
			const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
			students[i] = {
				cls,
				cookie,
				base: next(),
				phase: 'lobby',
				index: -1,
				answered: new Set(),
				revealedAt: new Map()
			};
		}
	);
	const joinMs = performance.now() - joinStart;

	const answerMs: number[] = [];
	let failures = 0;
	let payloadBytes = 0;
	const answers = new Map<string, number>();
	const submit = async (s: Student, index: number) => {
		const session = sessions[s.cls]!;
		await waitFor(() => session.fieldsOf === index, 'the question');
		const pays: Record<string, number> = {};
		for (const key of session.fields) if (key !== 'total') pays[key] = 50;
		const t = performance.now();
		try {
			const res = await request(
				next(),
				'POST',
				`/api/class/${session.code}/answers`,
				{ question: index, pays, total: 150 },
				{ cookie: s.cookie }
			);
			if (index >= rounds.warmup) answerMs.push(performance.now() - t);
			if (res.status !== 201) {
				failures += 1;
				if (process.env.BENCH_DEBUG)
					console.error('answer failed', res.status, res.body.slice(0, 200));
			}
		} catch (error) {
			failures += 1;
			if (process.env.BENCH_DEBUG) console.error('answer failed', error);
		}
		const key = `${s.cls}:${index}`;
		answers.set(key, (answers.get(key) ?? 0) + 1);
	};
	const streams: http.ClientRequest[] = [];
	await pool(students, 64, async (s) => {
		const path = `/api/class/${sessions[s.cls]!.code}/events?as=student`;
		streams.push(
			await openStream(s.base, path, { cookie: s.cookie }, (data, at) => {
				const m = PHASE.exec(data.slice(0, 400));
				if (!m) return;
				s.phase = m[1]!;
				s.index = Number(m[2]);
				if (s.phase === 'revealed' && !s.revealedAt.has(s.index)) {
					s.revealedAt.set(s.index, at);
					payloadBytes = Math.max(payloadBytes, data.length);
				}
				if (s.phase === 'open' && !s.answered.has(s.index)) {
					s.answered.add(s.index);
					const index = s.index;
					setTimeout(() => void submit(s, index), Math.random() * 2000);
				}
			})
		);
	});
	await waitFor(() => students.every((s) => s.phase === 'lobby'), 'every stream');

	const revealMs: number[] = [];
	const revealEveryone: number[] = [];
	const teach = async (cls: number) => {
		const session = sessions[cls]!;
		const mine = students.filter((s) => s.cls === cls);
		const act = async (type: string) => {
			const res = await request(
				next(),
				'POST',
				`/api/class/${session.code}/actions`,
				{ type },
				session.auth
			);
			if (res.status !== 200) throw new Error(`${type}: ${res.status} ${res.body}`);
			return JSON.parse(res.body) as { question: { fields: { key: string }[] } | null };
		};
		for (let q = 0; q < total; q++) {
			if (shape.classes > 1) await sleep(Math.random() * 1000);
			const opened = await act(q === 0 ? 'question.open' : 'question.next');
			session.fields = opened.question?.fields.map((f) => f.key) ?? [];
			session.fieldsOf = q;
			await waitFor(
				() => (answers.get(`${cls}:${q}`) ?? 0) === mine.length,
				`answers of class ${cls}`
			);
			await act('answers.close');
			await waitFor(() => mine.every((s) => s.phase === 'closed'), 'closed');
			const t0 = performance.now();
			await act('question.reveal');
			await waitFor(() => mine.every((s) => s.revealedAt.has(q)), 'the reveal');
			if (q < rounds.warmup) continue;
			const times = mine.map((s) => s.revealedAt.get(q)! - t0);
			revealMs.push(...times);
			revealEveryone.push(Math.max(...times));
		}
		await act('session.end');
	};
	await Promise.all(sessions.map((_, cls) => teach(cls)));
	for (const s of streams) s.destroy();
	return {
		answer: stats(answerMs),
		reveal: stats(revealMs),
		revealEveryone: stats(revealEveryone),
		failures,
		joinMs,
		payloadBytes
	};
}

/** The same traffic against the floor at `url`: POSTs answered at once, a class's reveal one broadcast. */
export async function runFloor(
	url: string,
	shape: Shape,
	rounds: Rounds,
	payloadBytes: number
): Promise<LoadResult> {
	const count = shape.classes * shape.perClass;
	const arrivals: number[][] = Array.from({ length: count }, () => []);
	const streams: http.ClientRequest[] = [];
	await pool(
		Array.from({ length: count }, (_, i) => i),
		64,
		async (i) => {
			streams.push(
				await openStream(url, `/events?c=${i % shape.classes}`, {}, (_d, at) =>
					arrivals[i]!.push(at)
				)
			);
		}
	);
	const payload = { pad: 'x'.repeat(Math.max(0, payloadBytes - 10)) };
	const answerMs: number[] = [];
	const revealMs: number[] = [];
	const revealEveryone: number[] = [];
	const play = async (cls: number) => {
		const mine = arrivals.map((_, i) => i).filter((i) => i % shape.classes === cls);
		for (let q = 0; q < rounds.warmup + rounds.questions; q++) {
			if (shape.classes > 1) await sleep(Math.random() * 1000);
			const measured = q >= rounds.warmup;
			await Promise.all(
				mine.map(async () => {
					await sleep(Math.random() * 2000);
					const t = performance.now();
					await request(url, 'POST', '/answer', {
						question: q,
						pays: { south: 50, west: 50, north: 50 },
						total: 150
					});
					if (measured) answerMs.push(performance.now() - t);
				})
			);
			const t0 = performance.now();
			await request(url, 'POST', `/broadcast?c=${cls}`, payload);
			await waitFor(() => mine.every((i) => arrivals[i]!.length > q), 'floor broadcast');
			if (!measured) continue;
			const times = mine.map((i) => arrivals[i]![q]! - t0);
			revealMs.push(...times);
			revealEveryone.push(Math.max(...times));
		}
	};
	await Promise.all(Array.from({ length: shape.classes }, (_, cls) => play(cls)));
	for (const s of streams) s.destroy();
	return {
		answer: stats(answerMs),
		reveal: stats(revealMs),
		revealEveryone: stats(revealEveryone),
		failures: 0,
		joinMs: 0,
		payloadBytes
	};
}

/** Closes the kept-alive connections (at the end of the bench). */
export function closeConnections(): void {
	agent.destroy();
}
