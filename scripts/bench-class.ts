/**
 * `npm run bench:class [-- --students 2000] [--classes 100] [--questions 3] [--warmup 1]
 *  [--only sqlite|pg1|pg2] [--database-url postgres://…] [--build] [--json]`
 *
 * Load test of the class mode on loopback (issues 4, 11, 19). Side by side in one run: SQLite on
 * one instance, PostgreSQL on one instance, PostgreSQL on two instances (requests round robin
 * over both, as nginx sends them), each with `--students` in one class and the same students in
 * `--classes` classes; and the same traffic against the bare floor (`./class-load.ts`). Prints
 * p50 / p99 of the answer POST round trip and of the reveal reaching the students, their ratios
 * to the floor, whether the goals are met (SQLite, one instance: answer submit p99 at most 2 x the
 * floor, reveal p99 at most 1.5 x), and the same as a table to paste into the README.
 *
 * PostgreSQL: `--database-url` (the bench creates and drops a database per run there), else a
 * throwaway cluster from Debian's binaries; without either, the PostgreSQL rows say so.
 */
import { cpus, loadavg } from 'node:os';
import {
	closeConnections,
	runClasses,
	runFloor,
	type LoadResult,
	type Rounds,
	type Shape
} from './class-load.ts';
import {
	ensureBuilt,
	startApp,
	startFloor,
	startPostgres,
	type Postgres
} from './class-servers.ts';

interface Options extends Rounds {
	students: number;
	classes: number;
	only: string | null;
	databaseUrl: string | null;
	build: boolean;
	json: boolean;
}

function readOptions(argv: string[]): Options {
	const opts: Options = {
		students: 2000,
		classes: 100,
		questions: 3,
		warmup: 1,
		only: null,
		databaseUrl: null,
		build: false,
		json: false
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const value = () => {
			const v = argv[++i];
			if (v === undefined) throw new Error(`${arg} needs a value`);
			return v;
		};
		const whole = (v: string, min: number) => {
			const n = Number(v);
			if (!Number.isInteger(n) || n < min)
				throw new Error(`${arg} must be a whole number >= ${min}`);
			return n;
		};
		if (arg === '--students') opts.students = whole(value(), 1);
		else if (arg === '--classes') opts.classes = whole(value(), 1);
		else if (arg === '--questions') opts.questions = whole(value(), 1);
		else if (arg === '--warmup') opts.warmup = whole(value(), 0);
		else if (arg === '--only') opts.only = value();
		else if (arg === '--database-url') opts.databaseUrl = value();
		else if (arg === '--build') opts.build = true;
		else if (arg === '--json') opts.json = true;
		else throw new Error(`Unknown option ${arg}`);
	}
	if (opts.students % opts.classes !== 0)
		throw new Error('--students must be a multiple of --classes');
	return opts;
}

const CONFIGS = [
	{ id: 'sqlite', label: 'SQLite, 1 instance', instances: 1, postgres: false },
	{ id: 'pg1', label: 'PostgreSQL, 1 instance', instances: 1, postgres: true },
	{ id: 'pg2', label: 'PostgreSQL, 2 instances', instances: 2, postgres: true }
] as const;

/** The goals, as p99 ratios to the floor (SQLite, one instance). */
const GOALS = { answer: 2, reveal: 1.5 };

interface Row {
	config: string;
	shape: string;
	result: LoadResult | null;
	floor: LoadResult;
	note?: string;
}

const ms = (v: number) =>
	Number.isNaN(v) ? '—' : v < 10 ? `${v.toFixed(2)} ms` : `${v.toFixed(1)} ms`;
const ratio = (a: number, b: number) =>
	b > 0 && !Number.isNaN(a) ? `${(a / b).toFixed(1)} ×` : '—';

async function main() {
	const opts = readOptions(process.argv.slice(2));
	ensureBuilt(opts.build);
	const shapes: [string, Shape][] = [
		[
			`${opts.students.toLocaleString('en-US')} in 1 class`,
			{ classes: 1, perClass: opts.students }
		],
		[
			`${opts.students.toLocaleString('en-US')} in ${opts.classes} classes of ${opts.students / opts.classes}`,
			{ classes: opts.classes, perClass: opts.students / opts.classes }
		]
	];
	const configs = CONFIGS.filter((c) => opts.only === null || opts.only.split(',').includes(c.id));
	const postgres: Postgres | string | null = configs.some((c) => c.postgres)
		? await startPostgres(opts.databaseUrl)
		: null;
	const rows: Row[] = [];
	try {
		for (const [shapeName, shape] of shapes) {
			let payload = 0;
			const results: [string, LoadResult | null, string?][] = [];
			for (const config of configs) {
				if (config.postgres && typeof postgres !== 'object') {
					results.push([config.label, null, String(postgres)]);
					continue;
				}
				const database = config.postgres ? await (postgres as Postgres).database() : null;
				const app = await startApp(config.instances, database?.url ?? null);
				try {
					console.error(`${config.label}, ${shapeName}…`);
					const result = await runClasses(app.urls, shape, opts);
					payload = Math.max(payload, result.payloadBytes);
					results.push([config.label, result]);
				} finally {
					await app.stop();
					await database?.drop();
				}
			}
			const floorServer = await startFloor();
			try {
				console.error(`floor, ${shapeName}…`);
				const floor = await runFloor(floorServer.urls[0]!, shape, opts, payload || 6000);
				for (const [config, result, note] of results)
					rows.push({ config, shape: shapeName, result, floor, note });
			} finally {
				await floorServer.stop();
			}
		}
	} finally {
		if (postgres && typeof postgres === 'object') postgres.stop();
		closeConnections();
	}
	if (opts.json) {
		console.log(
			JSON.stringify({ students: opts.students, classes: opts.classes, rounds: opts, rows })
		);
		return;
	}
	print(rows, opts);
	if (rows.some((r) => r.result && r.result.failures > 0)) process.exitCode = 1;
}

function print(rows: Row[], opts: Options): void {
	console.log(
		`class bench: ${opts.questions} measured questions (+${opts.warmup} warm-up) per class, answers within 2 s of a question opening; ` +
			`${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)} at the end (${new Date().toISOString().slice(0, 16)}Z)\n`
	);
	const lines = [
		'| configuration | students | answer submit p50 / p99 | ratio p99 | reveal p50 / p99 | ratio p99 | reveal to all p99 | failed |',
		'| --- | --- | --- | --- | --- | --- | --- | --- |'
	];
	let shape = '';
	for (const r of rows) {
		if (r.shape !== shape) {
			shape = r.shape;
			const f = r.floor;
			lines.push(
				`| floor (bare node:http) | ${shape} | ${ms(f.answer.p50)} / ${ms(f.answer.p99)} | 1 × | ${ms(f.reveal.p50)} / ${ms(f.reveal.p99)} | 1 × | ${ms(f.revealEveryone.p99)} | |`
			);
		}
		const a = r.result;
		if (!a) {
			lines.push(`| ${r.config} | ${r.shape} | ${r.note ?? 'not run'} | | | | | |`);
			continue;
		}
		lines.push(
			`| ${r.config} | ${r.shape} | ${ms(a.answer.p50)} / ${ms(a.answer.p99)} | ${ratio(a.answer.p99, r.floor.answer.p99)} | ` +
				`${ms(a.reveal.p50)} / ${ms(a.reveal.p99)} | ${ratio(a.reveal.p99, r.floor.reveal.p99)} | ${ms(a.revealEveryone.p99)} | ${a.failures} |`
		);
	}
	console.log(lines.join('\n'));
	console.log(
		'\nGoals (SQLite, 1 instance): answer submit p99 <= 2 x the floor, reveal p99 <= 1.5 x.'
	);
	for (const r of rows.filter((x) => x.config.startsWith('SQLite') && x.result)) {
		const a = r.result!;
		const met = (v: number, f: number, goal: number) => (v <= goal * f ? 'met' : 'MISSED');
		console.log(
			`- ${r.shape}: answer ${ratio(a.answer.p99, r.floor.answer.p99)} (${met(a.answer.p99, r.floor.answer.p99, GOALS.answer)}), ` +
				`reveal ${ratio(a.reveal.p99, r.floor.reveal.p99)} (${met(a.reveal.p99, r.floor.reveal.p99, GOALS.reveal)}); joins took ${ms(a.joinMs)}`
		);
	}
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
