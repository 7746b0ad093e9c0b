/**
 * The measurements of `npm run bench` (scripts/bench.ts starts this once the app is built):
 * engine throughput, first-load bytes of every page and of a bare SvelteKit page (the floor the
 * pages are compared with), check-to-feedback times in Chromium and
 * Lighthouse on `/` and `/practice`. Prints one table and writes it into the README.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { startServer } from '../tests/e2e/harness.ts';
import { engineFigures } from './bench-engine.ts';
import { floorBytes } from './bench-floor.ts';
import { checkToFeedbackTimes } from './bench-feedback.ts';
import { benchTable, writeBenchSection, type BenchFigures } from './bench-report.ts';
import {
	appPages,
	chromiumPath,
	launchChromium,
	median,
	pageBytes,
	percentile,
	withLighthouse,
	type LighthouseFigures,
	type PageBytes
} from './measure.ts';

const BYTE_RUNS = 3;
const FEEDBACK_ROUNDS = 3;
const QUESTIONS = 50;
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_PAGES = ['/', '/practice'];

/** Prints progress on stderr, so stdout holds the table alone. */
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

/** The field-by-field median of several loads of one page. */
function medianBytes(runs: PageBytes[]): PageBytes {
	const pick = (key: 'jsRaw' | 'jsGzip' | 'cssRaw' | 'cssGzip') => median(runs.map((r) => r[key]));
	return {
		page: runs[0]!.page,
		jsRaw: pick('jsRaw'),
		jsGzip: pick('jsGzip'),
		cssRaw: pick('cssRaw'),
		cssGzip: pick('cssGzip'),
		files: runs[0]!.files
	};
}

/** The median of each Lighthouse figure over several runs (null when a run had none). */
function medianLighthouse(
	page: string,
	runs: LighthouseFigures[]
): LighthouseFigures & { page: string } {
	const pick = (key: 'performance' | 'accessibility' | 'lcpMs') => {
		const values = runs.map((r) => r[key]).filter((v): v is number => v !== null);
		return values.length > 0 ? median(values) : null;
	};
	return {
		page,
		performance: pick('performance'),
		accessibility: pick('accessibility'),
		lcpMs: pick('lcpMs'),
		failing: [...new Set(runs.flatMap((r) => r.failing))]
	};
}

function environment(): string {
	let chromium = 'Chromium';
	try {
		chromium = execFileSync(chromiumPath(), ['--version'], {
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore']
		}).trim();
	} catch {
		/* the version is only informative */
	}
	const cpu = cpus();
	return `Node ${process.versions.node}, ${chromium}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${new Date().toISOString().slice(0, 10)}`;
}

const started = Date.now();
log('engine');
const engine = engineFigures();

const server = await startServer();
let figures: BenchFigures;
try {
	const browser = await launchChromium();
	const pages: PageBytes[] = [];
	let feedback: BenchFigures['feedback'];
	let floor: PageBytes;
	try {
		log('first-load bytes of the floor (a bare SvelteKit page)');
		floor = medianBytes(await floorBytes(browser, BYTE_RUNS));
		for (const page of appPages()) {
			log(`first-load bytes of ${page}`);
			const runs: PageBytes[] = [];
			for (let i = 0; i < BYTE_RUNS; i++) runs.push(await pageBytes(browser, server.url, page));
			pages.push(medianBytes(runs));
		}
		const p50s: number[] = [];
		const p95s: number[] = [];
		for (let round = 0; round < FEEDBACK_ROUNDS; round++) {
			log(`check to feedback, round ${round + 1} of ${FEEDBACK_ROUNDS}`);
			const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
			const times = await checkToFeedbackTimes(context, server.url, `bench-${round}`, QUESTIONS);
			await context.close();
			p50s.push(percentile(times, 50));
			p95s.push(percentile(times, 95));
		}
		feedback = {
			p50: median(p50s),
			p95: median(p95s),
			questions: QUESTIONS,
			rounds: FEEDBACK_ROUNDS
		};
	} finally {
		await browser.close();
	}
	const lighthouse = await withLighthouse(async (run) => {
		const results: BenchFigures['lighthouse'] = [];
		for (const page of LIGHTHOUSE_PAGES) {
			const runs: LighthouseFigures[] = [];
			for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
				log(`Lighthouse ${page}, run ${i + 1} of ${LIGHTHOUSE_RUNS}`);
				runs.push(await run(server.url + page, ['performance', 'accessibility']));
			}
			results.push(medianLighthouse(page, runs));
		}
		return results;
	});
	figures = {
		engine,
		pages,
		floor,
		byteRuns: BYTE_RUNS,
		feedback,
		lighthouse,
		lighthouseRuns: LIGHTHOUSE_RUNS,
		environment: environment()
	};
} finally {
	await server.stop();
}

const table = benchTable(figures);
const options = (await prettier.resolveConfig('README.md')) ?? {};
process.stdout.write(await prettier.format(table, { ...options, parser: 'markdown' }));
for (const l of figures.lighthouse) {
	if (l.failing.length > 0)
		log(`Lighthouse ${l.page} audits below full marks: ${l.failing.join('; ')}`);
}
await writeBenchSection(join(process.cwd(), 'README.md'), table);
log(`README.md updated; ${Math.round((Date.now() - started) / 1000)} s`);
