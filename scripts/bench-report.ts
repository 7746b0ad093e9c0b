/**
 * The benchmark's table: one Markdown table of every figure `npm run bench` measures, printed and
 * written into the README's "Performance" section between the markers below.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import type { EngineFigures } from './bench-engine.ts';
import type { LighthouseFigures, PageBytes } from './measure.ts';

/** The README lines between which the latest figures are written. */
export const START_MARKER = '<!-- bench:start -->';
export const END_MARKER = '<!-- bench:end -->';

/** The first-load budget of `/practice`, gzipped JS, in bytes (60 KB of 1,024 bytes). */
export const PRACTICE_JS_GZIP_BUDGET = 60 * 1024;

/** The goal for every page's first-load JS: at most this many times the bare page's (gzipped). */
export const FLOOR_RATIO_GOAL = 2;

/**
 * The bare SvelteKit page's first-load JS, gzipped, in bytes, as `npm run bench` measured it
 * (26.4 KB; scripts/bench-floor.ts builds it with this project's versions): the tests' fixed
 * stand-in for the floor, which only a version change of Svelte or SvelteKit moves.
 */
export const FLOOR_JS_GZIP = Math.round(26.4 * 1024);

/** Every figure of one `npm run bench` run (each a median over `runs` runs). */
export interface BenchFigures {
	engine: EngineFigures;
	/** Per page, medians over `byteRuns` loads. */
	pages: PageBytes[];
	/** A bare SvelteKit page built with the same versions (scripts/bench-floor.ts), same loads. */
	floor: PageBytes;
	byteRuns: number;
	/** Check to feedback painted, milliseconds: medians of each round's p50 and p95. */
	feedback: { p50: number; p95: number; questions: number; rounds: number };
	/** Per page, medians over `lighthouseRuns` runs. */
	lighthouse: (LighthouseFigures & { page: string })[];
	lighthouseRuns: number;
	/** Where it was measured, e.g. "Node 20.20.2, Chromium 131, 2 CPUs, 2026-11-29". */
	environment: string;
}

/** Bytes as KB of 1,024 bytes with one decimal, e.g. `40.7 KB`. */
export function kb(bytes: number): string {
	return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A whole number with thousands separators, e.g. `412,345`. */
function count(n: number): string {
	return Math.round(n).toLocaleString('en-US');
}

/** Milliseconds as `12.3 ms` under a second, else `1.23 s`. */
function time(ms: number | null): string {
	if (ms === null) return 'n/a';
	return ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** The figures as one Markdown table (Figure | Median | Budget) and a line saying where. */
export function benchTable(f: BenchFigures): string {
	const rows: [string, string, string][] = [
		[
			`Engine: settlements per second (${f.engine.runs} runs)`,
			count(f.engine.settlementsPerSecond),
			''
		],
		[
			`Generator: scenarios per second (${f.engine.runs} runs)`,
			count(f.engine.scenariosPerSecond),
			''
		]
	];
	rows.push([
		'Floor: a bare SvelteKit page, first load JS raw / gzip',
		`${kb(f.floor.jsRaw)} / ${kb(f.floor.jsGzip)}`,
		''
	]);
	for (const p of f.pages) {
		const ratio = p.jsGzip / f.floor.jsGzip;
		const goal = `≤ ${FLOOR_RATIO_GOAL.toFixed(1)} × floor`;
		rows.push([
			`\`${p.page}\` first load: JS raw / gzip (gzip ÷ floor)`,
			`${kb(p.jsRaw)} / ${kb(p.jsGzip)} (${ratio.toFixed(2)} ×)`,
			p.page === '/practice' ? `gzip ≤ ${kb(PRACTICE_JS_GZIP_BUDGET)}, ${goal}` : goal
		]);
		rows.push([
			`\`${p.page}\` first load: CSS raw / gzip`,
			`${kb(p.cssRaw)} / ${kb(p.cssGzip)}`,
			''
		]);
	}
	rows.push([
		`Check → feedback painted, p50 / p95 (${f.feedback.questions} questions, ${f.feedback.rounds} rounds)`,
		`${time(f.feedback.p50)} / ${time(f.feedback.p95)}`,
		''
	]);
	for (const l of f.lighthouse) {
		rows.push([
			`Lighthouse \`${l.page}\` (mobile, ${f.lighthouseRuns} runs): performance / accessibility`,
			`${l.performance ?? 'n/a'} / ${l.accessibility ?? 'n/a'}`,
			'accessibility = 100'
		]);
		rows.push([`Lighthouse \`${l.page}\`: largest contentful paint`, time(l.lcpMs), '']);
	}
	const escape = (cell: string) => cell.replaceAll('|', '\\|');
	const lines = [
		'| Figure | Median | Budget |',
		'| --- | --- | --- |',
		...rows.map((r) => `| ${r.map(escape).join(' | ')} |`)
	];
	return `${lines.join('\n')}\n\nMeasured with ${f.environment}.\n`;
}

/**
 * `readme` with the text between START_MARKER and END_MARKER replaced by `table`; when the markers
 * are missing, a "Performance" section holding them is appended at the end.
 */
export function replaceBenchSection(readme: string, table: string): string {
	const start = readme.indexOf(START_MARKER);
	const end = readme.indexOf(END_MARKER);
	const block = `${START_MARKER}\n\n${table.trim()}\n\n${END_MARKER}`;
	if (start >= 0 && end > start) {
		return readme.slice(0, start) + block + readme.slice(end + END_MARKER.length);
	}
	return `${readme.trimEnd()}\n\n## Performance\n\nLatest figures of \`npm run bench\`:\n\n${block}\n`;
}

/** Writes `table` into the README at `path`, formatted with the project's Prettier settings. */
export async function writeBenchSection(path: string, table: string): Promise<void> {
	const next = replaceBenchSection(readFileSync(path, 'utf8'), table);
	const options = (await prettier.resolveConfig(path)) ?? {};
	writeFileSync(path, await prettier.format(next, { ...options, filepath: path }));
}
