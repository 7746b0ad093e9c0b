/**
 * `npm run bench:class [-- --students 2000] [--questions 3] [--warmup 1] [--url http://host:port] [--build] [--json]`
 *
 * Load test of the class mode on loopback (issues 4 and 11; 2,000 students by default). Simulated students join a session, follow it
 * with Server-Sent Events, answer each question at a random moment within 2 s of it opening, and
 * receive the reveal. Prints p50 / p99 of the answer POST round trip and of the reveal reaching
 * the students (from the teacher's reveal POST to each student's SSE message), then the same
 * traffic against a bare `node:http` SSE server (the floor), the ratios and whether they meet the
 * goals (reveal p99 at most 1.5 x the floor, answer submit p99 at most 2 x), and the cost of
 * `synchronous = FULL`: one event's commit in SQLite with FULL and with NORMAL.
 *
 * Without `--url` it starts the built app itself (`node build` with PORT, HOST=127.0.0.1, ORIGIN
 * and DATABASE_PATH in a temp folder, join limits lifted); it builds first when `build/` is
 * missing or with `--build`. With `--url`, the server's join rate limit must allow the students
 * (CLASS_JOIN_BURST / CLASS_JOIN_PER_SECOND).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import http from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

interface Options {
	students: number;
	questions: number;
	/** Questions played first and not measured (JIT warm-up). */
	warmup: number;
	url: string | null;
	build: boolean;
	json: boolean;
}

function readOptions(argv: string[]): Options {
	const opts: Options = {
		students: 2000,
		questions: 3,
		warmup: 1,
		url: null,
		build: false,
		json: false
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const next = () => {
			const v = argv[++i];
			if (v === undefined) throw new Error(`${arg} needs a value`);
			return v;
		};
		if (arg === '--students') opts.students = positive(next(), arg);
		else if (arg === '--questions') opts.questions = positive(next(), arg);
		else if (arg === '--warmup') opts.warmup = Math.max(0, Math.trunc(Number(next())) || 0);
		else if (arg === '--url') opts.url = next().replace(/\/$/, '');
		else if (arg === '--build') opts.build = true;
		else if (arg === '--json') opts.json = true;
		else throw new Error(`Unknown option ${arg}`);
	}
	return opts;
}

function positive(text: string, name: string): number {
	const n = Number(text);
	if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number >= 1`);
	return n;
}

// ---- HTTP ---------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

interface Reply {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: string;
}

function request(
	base: string,
	method: string,
	path: string,
	body?: unknown,
	headers: Record<string, string> = {}
): Promise<Reply> {
	const url = new URL(path, base);
	const payload = body === undefined ? undefined : JSON.stringify(body);
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
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

/** An SSE connection: `onData` gets each message's data and the time its chunk arrived. */
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
				if (res.statusCode !== 200) {
					reject(new Error(`stream ${path}: ${res.statusCode}`));
					return;
				}
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

// ---- statistics ---------------------------------------------------------------------------

function percentile(values: number[], p: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
	return sorted[rank]!;
}

interface Stats {
	p50: number;
	p99: number;
	max: number;
	n: number;
}

const stats = (values: number[]): Stats => ({
	p50: percentile(values, 50),
	p99: percentile(values, 99),
	max: Math.max(...values),
	n: values.length
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pool<T>(
	items: T[],
	limit: number,
	fn: (item: T, i: number) => Promise<void>
): Promise<void> {
	let next = 0;
	const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
		while (next < items.length) {
			const i = next++;
			await fn(items[i]!, i);
		}
	});
	await Promise.all(workers);
}

function waitFor(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
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

// ---- servers ------------------------------------------------------------------------------

function freePort(): Promise<number> {
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

async function waitUp(url: string, child: ChildProcess | null): Promise<void> {
	const deadline = Date.now() + 30_000;
	for (;;) {
		try {
			const res = await request(url, 'GET', '/api/class/AAAAAA');
			if (res.status > 0) return;
		} catch {
			/* not yet */
		}
		if (Date.now() > deadline || (child && child.exitCode !== null))
			throw new Error(`no server on ${url}`);
		await sleep(100);
	}
}

async function startApp(build: boolean): Promise<{ url: string; stop: () => void }> {
	if (build || !existsSync('build/index.js')) {
		console.error('Building the app (vite build)…');
		const done = spawnSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
		if (done.status !== 0) throw new Error('vite build failed');
	}
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const dir = mkdtempSync(join(tmpdir(), 'bench-class-'));
	const child = spawn(process.execPath, ['-e', APP_WRAPPER], {
		env: {
			...process.env,
			PORT: String(port),
			HOST: '127.0.0.1',
			ORIGIN: url,
			DATABASE_PATH: join(dir, 'coach.db'),
			CLASS_JOIN_BURST: '1000000',
			CLASS_JOIN_PER_SECOND: '1000000'
		},
		stdio: ['ignore', 'ignore', 'ignore']
	});
	await waitUp(url, child);
	return {
		url,
		stop() {
			child.kill();
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

/**
 * Runs `node build` as a grandchild and stops it when the bench goes away (even killed), so no
 * server outlives a run.
 */
const APP_WRAPPER = `
const { spawn } = require('node:child_process');
const app = spawn(process.execPath, ['build'], { stdio: 'inherit' });
const parent = process.ppid;
const stop = () => { app.kill(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => process.exit(code ?? 0));
setInterval(() => { if (process.ppid !== parent) stop(); }, 500);
`;

/** The floor: a bare node:http server with an SSE broadcast and an answer endpoint that does nothing. */
const FLOOR_SERVER = `
const http = require('node:http');
// Exit with the bench: an orphan is adopted by another parent.
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 500).unref();
const clients = new Set();
let id = 0;
const server = http.createServer((req, res) => {
	if (req.method === 'GET' && req.url.startsWith('/events')) {
		res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
		res.write('retry: 2000\\n\\n');
		clients.add(res);
		req.on('close', () => clients.delete(res));
		return;
	}
	let body = '';
	req.setEncoding('utf8');
	req.on('data', (c) => (body += c));
	req.on('end', () => {
		if (req.url === '/broadcast') {
			id += 1;
			const message = 'id: ' + id + '\\nevent: state\\ndata: ' + body + '\\n\\n';
			for (const c of clients) c.write(message);
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"sent":' + clients.size + '}');
		} else {
			res.writeHead(201, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		}
	});
});
server.listen(Number(process.env.PORT), '127.0.0.1');
`;

async function startFloor(): Promise<{ url: string; stop: () => void }> {
	const port = await freePort();
	const child = spawn(process.execPath, ['-e', FLOOR_SERVER], {
		env: { ...process.env, PORT: String(port) },
		stdio: ['ignore', 'ignore', 'ignore']
	});
	const url = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 10_000;
	for (;;) {
		try {
			await request(url, 'POST', '/answer', {});
			break;
		} catch {
			if (Date.now() > deadline) throw new Error('the floor server did not start');
			await sleep(50);
		}
	}
	return { url, stop: () => child.kill() };
}

// ---- the class run ------------------------------------------------------------------------

interface Student {
	cookie: string;
	phase: string;
	index: number;
	answered: Set<number>;
	revealedAt: Map<number, number>;
	revealBytes: number;
}

const PHASE_RE = /"phase":"(\w+)","index":(-?\d+)/;

interface TeacherView {
	index: number;
	phase: string;
	question: { fields: { key: string }[] } | null;
}

async function runClass(url: string, opts: Options) {
	const total = opts.warmup + opts.questions;
	const created = await request(url, 'POST', '/api/class', {
		questionCount: total,
		seed: 'bench-class'
	});
	if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
	const { code, secret } = JSON.parse(created.body) as { code: string; secret: string };
	const auth = { authorization: `Bearer ${secret}` };
	const act = async (type: string): Promise<TeacherView> => {
		const res = await request(url, 'POST', `/api/class/${code}/actions`, { type }, auth);
		if (res.status !== 200) throw new Error(`${type}: ${res.status} ${res.body}`);
		return JSON.parse(res.body) as TeacherView;
	};

	const students: Student[] = [];
	const joinStart = performance.now();
	await pool(
		Array.from({ length: opts.students }, (_, i) => i),
		64,
		async (i) => {
			const res = await request(url, 'POST', `/api/class/${code}/join`, {
				name: `Student ${i + 1}`
			});
			if (res.status !== 201) throw new Error(`join ${i}: ${res.status} ${res.body}`);
			const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
			students[i] = {
				cookie,
				phase: 'lobby',
				index: -1,
				answered: new Set(),
				revealedAt: new Map(),
				revealBytes: 0
			};
		}
	);
	const joinMs = performance.now() - joinStart;

	const answerMs: number[] = [];
	const revealMs: number[] = [];
	const revealEveryone: number[] = [];
	let answersDone = 0;
	let currentFields: string[] = [];
	let fieldsOf = -1;
	let failures = 0;

	const submit = async (s: Student, index: number) => {
		await waitFor(() => fieldsOf === index, 'the question');
		const pays: Record<string, number> = {};
		for (const key of currentFields) if (key !== 'total') pays[key] = 50;
		const t = performance.now();
		try {
			const res = await request(
				url,
				'POST',
				`/api/class/${code}/answers`,
				{ question: index, pays, total: 150 },
				{ cookie: s.cookie }
			);
			if (index >= opts.warmup) answerMs.push(performance.now() - t);
			if (res.status !== 201) failures += 1;
		} catch {
			failures += 1;
		}
		answersDone += 1;
	};

	const streams: http.ClientRequest[] = [];
	await pool(students, 64, async (s) => {
		streams.push(
			await openStream(
				url,
				`/api/class/${code}/events?as=student`,
				{ cookie: s.cookie },
				(data, at) => {
					const m = PHASE_RE.exec(data.slice(0, 300));
					if (!m) return;
					s.phase = m[1]!;
					s.index = Number(m[2]);
					if (s.phase === 'revealed' && !s.revealedAt.has(s.index)) {
						s.revealedAt.set(s.index, at);
						s.revealBytes = data.length;
					}
					if (s.phase === 'open' && !s.answered.has(s.index)) {
						s.answered.add(s.index);
						const index = s.index;
						setTimeout(() => void submit(s, index), Math.random() * 2000);
					}
				}
			)
		);
	});
	await waitFor(() => students.every((s) => s.phase === 'lobby'), 'every stream');

	for (let q = 0; q < total; q++) {
		answersDone = 0;
		const opened = q === 0 ? await act('question.open') : await act('question.next');
		currentFields = opened.question?.fields.map((f) => f.key) ?? [];
		fieldsOf = q;
		await waitFor(() => answersDone === students.length, `answers to question ${q + 1}`);
		await act('answers.close');
		await waitFor(() => students.every((s) => s.phase === 'closed'), 'closed');
		const t0 = performance.now();
		await act('question.reveal');
		await waitFor(() => students.every((s) => s.revealedAt.has(q)), `reveal of question ${q + 1}`);
		const times = students.map((s) => s.revealedAt.get(q)! - t0);
		if (q < opts.warmup) continue;
		revealMs.push(...times);
		revealEveryone.push(Math.max(...times));
	}
	await act('session.end');
	for (const s of streams) s.destroy();
	const payloadBytes = Math.max(...students.map((s) => s.revealBytes));
	return { code, joinMs, answerMs, revealMs, revealEveryone, failures, payloadBytes };
}

async function runFloor(url: string, opts: Options, payloadBytes: number) {
	const arrivals: number[][] = [];
	const streams: http.ClientRequest[] = [];
	await pool(
		Array.from({ length: opts.students }, (_, i) => i),
		64,
		async (i) => {
			streams.push(
				await openStream(url, '/events', {}, (_data, at) => {
					(arrivals[i] ??= []).push(at);
				})
			);
		}
	);
	const payload = JSON.stringify({ pad: 'x'.repeat(Math.max(0, payloadBytes - 10)) });
	const answerMs: number[] = [];
	const revealMs: number[] = [];
	const revealEveryone: number[] = [];
	for (let q = 0; q < opts.warmup + opts.questions; q++) {
		const measured = q >= opts.warmup;
		await Promise.all(
			Array.from({ length: opts.students }, async () => {
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
		await request(url, 'POST', '/broadcast', payload);
		await waitFor(
			() => arrivals.filter((a) => a && a.length > q).length === opts.students,
			'floor broadcast'
		);
		const times = arrivals.map((a) => a[q]! - t0);
		if (!measured) continue;
		revealMs.push(...times);
		revealEveryone.push(Math.max(...times));
	}
	for (const s of streams) s.destroy();
	return { answerMs, revealMs, revealEveryone };
}

// ---- main ---------------------------------------------------------------------------------

const fmt = (ms: number) =>
	Number.isNaN(ms) ? '—' : ms < 10 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(1)} ms`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}x` : '—');

/** The goals of issue 11, as p99 ratios to the floor. */
const GOALS = { answer: 2, reveal: 1.5 };

/**
 * The cost of `synchronous = FULL` (what the app uses) against NORMAL: `count` commits of one
 * event row each, in WAL mode, as the app commits an answer. Returns p50 / p99 per commit (ms).
 */
function commitCost(synchronous: 'FULL' | 'NORMAL', count = 400) {
	const dir = mkdtempSync(join(tmpdir(), 'bench-sqlite-'));
	const db = new Database(join(dir, 'coach.db'));
	try {
		db.pragma('journal_mode = WAL');
		db.pragma(`synchronous = ${synchronous}`);
		db.exec('CREATE TABLE events (seq INTEGER PRIMARY KEY, data TEXT NOT NULL)');
		const insert = db.prepare('INSERT INTO events (seq, data) VALUES (?, ?)');
		const commit = db.transaction((seq: number) =>
			insert.run(seq, `{"type":"answer.submit","seq":${seq}}`)
		);
		const times: number[] = [];
		for (let i = 0; i < count; i++) {
			const t = performance.now();
			commit(i);
			times.push(performance.now() - t);
		}
		return stats(times);
	} finally {
		db.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

async function main() {
	const opts = readOptions(process.argv.slice(2));
	const app = opts.url ? { url: opts.url, stop: () => undefined } : await startApp(opts.build);
	const floor = await startFloor();
	try {
		if (opts.url) await waitUp(opts.url, null);
		const cls = await runClass(app.url, opts);
		const bare = await runFloor(floor.url, opts, cls.payloadBytes);
		const rows = [
			{
				name: 'answer submit (POST round trip)',
				app: stats(cls.answerMs),
				floor: stats(bare.answerMs)
			},
			{
				name: 'reveal reaching a student (SSE)',
				app: stats(cls.revealMs),
				floor: stats(bare.revealMs)
			},
			{
				name: 'reveal reaching every student',
				app: stats(cls.revealEveryone),
				floor: stats(bare.revealEveryone)
			}
		];
		if (opts.json) {
			console.log(
				JSON.stringify({
					students: opts.students,
					questions: opts.questions,
					warmup: opts.warmup,
					payloadBytes: cls.payloadBytes,
					failures: cls.failures,
					joinMs: cls.joinMs,
					rows
				})
			);
			return;
		}
		console.log(
			`class bench: ${opts.students} students, ${opts.questions} measured questions (+${opts.warmup} warm-up), ` +
				`${opts.url ? opts.url : 'built app on loopback'}, ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}` +
				` (joins took ${fmt(cls.joinMs)}; reveal message ${cls.payloadBytes} bytes; ${cls.failures} failed answers)`
		);
		const head = ['', 'p50', 'p99', 'max', 'floor p50', 'floor p99', 'ratio p50', 'ratio p99'];
		const table = rows.map((r) => [
			r.name,
			fmt(r.app.p50),
			fmt(r.app.p99),
			fmt(r.app.max),
			fmt(r.floor.p50),
			fmt(r.floor.p99),
			ratio(r.app.p50, r.floor.p50),
			ratio(r.app.p99, r.floor.p99)
		]);
		const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
		for (const row of [head, ...table])
			console.log(
				row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
			);
		console.log(
			'floor: a bare node:http server broadcasting a message of the same size and answering POSTs without work.'
		);
		const check = (what: string, app: number, floor: number, goal: number) =>
			`${what} p99 ${ratio(app, floor)} the floor (goal <= ${goal}x): ${app <= goal * floor ? 'met' : 'MISSED'}`;
		console.log(
			`goals: ${check('answer submit', rows[0]!.app.p99, rows[0]!.floor.p99, GOALS.answer)}; ${check('reveal reaching a student', rows[1]!.app.p99, rows[1]!.floor.p99, GOALS.reveal)}`
		);
		const full = commitCost('FULL');
		const normal = commitCost('NORMAL');
		console.log(
			`synchronous = FULL: one commit p50 / p99 ${fmt(full.p50)} / ${fmt(full.p99)} (NORMAL ${fmt(normal.p50)} / ${fmt(normal.p99)}), ` +
				`${ratio(full.p50, normal.p50)} NORMAL at p50, on this disk`
		);
		if (cls.failures > 0) process.exitCode = 1;
	} finally {
		floor.stop();
		app.stop();
		agent.destroy();
	}
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
