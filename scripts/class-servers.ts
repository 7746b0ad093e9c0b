/**
 * The servers of `npm run bench:class` (issue 19): the built app as `npm start` runs it
 * (`node server.js`) on SQLite or on a PostgreSQL database, one instance or several on the same
 * database; the floor (a bare `node:http` SSE server); and PostgreSQL itself (`--database-url`,
 * or a throwaway cluster when Debian's binaries are installed). Every process exits with the
 * bench, even when the bench is killed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postgresBinDir, startCluster, type Cluster } from '../tests/postgres-cluster.ts';
import { request, sleep } from './bench-http.ts';
import { freePort } from './support/harness.ts';

/** A running server (or group of instances): where to send requests, and how to stop it. */
export interface Running {
	urls: string[];
	stop(): Promise<void>;
}

/** Runs a child as a grandchild that dies with the bench (an orphan is adopted by another parent). */
const WATCHED = `
const { spawn } = require('node:child_process');
const [file, ...args] = JSON.parse(process.env.BENCH_CHILD);
const child = spawn(process.execPath, [file, ...args], { stdio: 'inherit' });
const parent = process.ppid;
const stop = () => { child.kill(); setTimeout(() => process.exit(0), 5000).unref(); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
setInterval(() => { if (process.ppid !== parent) stop(); }, 500);
`;

function watched(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
	return spawn(process.execPath, ['-e', WATCHED], {
		env: { ...env, BENCH_CHILD: JSON.stringify(args) },
		stdio: ['ignore', 'ignore', 'inherit']
	});
}

async function waitUp(url: string, child: ChildProcess): Promise<void> {
	const deadline = Date.now() + 30_000;
	for (;;) {
		try {
			if ((await request(url, 'GET', '/api/class/AAAAAA')).status > 0) return;
		} catch {
			/* not yet */
		}
		if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no server on ${url}`);
		await sleep(100);
	}
}

/** Builds the app when `build/` is missing (or when asked). */
export function ensureBuilt(force: boolean): void {
	if (!force && existsSync('build/index.js')) return;
	console.error('Building the app (vite build)…');
	const done = spawnSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
	if (done.status !== 0) throw new Error('vite build failed');
}

/**
 * Starts `instances` instances of the built app: on SQLite in a temp folder, or on the
 * PostgreSQL database at `databaseUrl` (all instances on the same one). Limits lifted: the
 * bench's thousands of students all come from one address.
 */
export async function startApp(instances: number, databaseUrl: string | null): Promise<Running> {
	const dir = mkdtempSync(join(tmpdir(), 'bench-class-'));
	const children: ChildProcess[] = [];
	const urls: string[] = [];
	for (let i = 0; i < instances; i++) {
		const port = await freePort();
		const url = `http://127.0.0.1:${port}`;
		const env: NodeJS.ProcessEnv = {
			...process.env,
			PORT: String(port),
			HOST: '127.0.0.1',
			ORIGIN: url,
			CLASS_JOIN_BURST: '1000000',
			CLASS_JOIN_PER_SECOND: '1000000',
			CLASS_SESSION_BURST: '1000000',
			CLASS_LOOKUP_BURST: '1000000',
			// Longer than the bench client's idle keep-alive, as the README asks behind nginx.
			KEEP_ALIVE_TIMEOUT: '65'
		};
		delete env.DATABASE_URL;
		if (databaseUrl) env.DATABASE_URL = databaseUrl;
		else env.DATABASE_PATH = join(dir, 'coach.db');
		const child = watched(['server.js'], env);
		children.push(child);
		urls.push(url);
		await waitUp(url, child);
	}
	return {
		urls,
		async stop() {
			await Promise.all(
				children.map(
					(c) =>
						new Promise<void>((r) =>
							c.exitCode !== null ? r() : (c.once('exit', () => r()), c.kill())
						)
				)
			);
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

/** The floor: a bare node:http server; `/events?c=K` streams, `/answer` answers at once, `/broadcast?c=K` sends. */
const FLOOR = `
const http = require('node:http');
const classes = new Map();
let id = 0;
http.createServer((req, res) => {
	const url = new URL(req.url, 'http://x');
	const c = url.searchParams.get('c') ?? '0';
	if (req.method === 'GET' && url.pathname === '/events') {
		res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
		res.write('retry: 2000\\n\\n');
		const set = classes.get(c) ?? new Set();
		classes.set(c, set);
		set.add(res);
		req.on('close', () => set.delete(res));
		return;
	}
	let body = '';
	req.setEncoding('utf8');
	req.on('data', (d) => (body += d));
	req.on('end', () => {
		if (url.pathname === '/broadcast') {
			const message = 'id: ' + ++id + '\\nevent: state\\ndata: ' + body + '\\n\\n';
			for (const r of classes.get(c) ?? []) r.write(message);
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{}');
		} else {
			res.writeHead(201, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		}
	});
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** Starts the floor server. */
export async function startFloor(): Promise<Running> {
	const port = await freePort();
	const child = watched(['-e', FLOOR], { ...process.env, PORT: String(port) });
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
	return { urls: [url], stop: async () => void child.kill() };
}

/** PostgreSQL for the bench: databases to create and drop, or why there is none. */
export interface Postgres {
	database(): Promise<{ url: string; drop(): Promise<void> }>;
	stop(): void;
}

/** `--database-url` (a server the bench may create databases on), else a throwaway cluster, else null. */
export async function startPostgres(adminUrl: string | null): Promise<Postgres | string> {
	let cluster: Cluster | null = null;
	if (!adminUrl) {
		const bin = postgresBinDir();
		if (!bin) return 'no PostgreSQL: pass --database-url postgres://… or install PostgreSQL';
		cluster = await startCluster(bin);
		adminUrl = cluster.url;
	}
	const admin = adminUrl;
	const run = async (sql: string) => {
		const client = new pg.Client({ connectionString: admin });
		await client.connect();
		try {
			await client.query(sql);
		} finally {
			await client.end();
		}
	};
	return {
		async database() {
			const name = `bench_${randomBytes(5).toString('hex')}`;
			await run(`CREATE DATABASE ${name}`);
			const url = new URL(admin);
			url.pathname = `/${name}`;
			return {
				url: url.toString(),
				drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
			};
		},
		stop: () => cluster?.stop()
	};
}
