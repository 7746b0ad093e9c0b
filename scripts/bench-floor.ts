/**
 * The floor of `npm run bench`'s first-load figures: a bare SvelteKit 2 / Svelte 5 page (one
 * heading and a button with a `$state` counter), built with this project's own installed
 * versions and adapter-node, served and loaded the same way as the app's pages. Each page's
 * first-load JS is then reported as a ratio to it, so the figure says what the app adds to what
 * any SvelteKit page costs, on any machine.
 *
 * The bare app is written under `node_modules/.cache/bench-floor` (ignored by git, the linters and
 * the build), so it resolves the project's packages without installing anything.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { freePort } from './support/harness.ts';
import { pageBytes, type PageBytes } from './measure.ts';

/** The files of the bare app, by path under its folder. */
const FILES: Record<string, string> = {
	'package.json': JSON.stringify({ name: 'bench-floor', private: true, type: 'module' }),
	'svelte.config.js':
		"import adapter from '@sveltejs/adapter-node';\nexport default { kit: { adapter: adapter() } };\n",
	'vite.config.js':
		"import { sveltekit } from '@sveltejs/kit/vite';\nexport default { plugins: [sveltekit()], logLevel: 'warn' };\n",
	'src/app.html': `<!doctype html>
<html lang="en">
	<head>
		<meta charset="utf-8" />
		<meta name="viewport" content="width=device-width, initial-scale=1" />
		<link rel="icon" href="data:," />
		%sveltekit.head%
	</head>
	<body>
		<div style="display: contents">%sveltekit.body%</div>
	</body>
</html>
`,
	'src/routes/+page.svelte': `<script>
	let count = $state(0);
</script>

<h1>Floor</h1>
<button onclick={() => (count += 1)}>Pressed {count} times</button>
`
};

/** Writes the bare app under `root`/node_modules/.cache/bench-floor and builds it; returns its folder. */
export function buildFloorApp(root: string = process.cwd()): string {
	const dir = join(root, 'node_modules', '.cache', 'bench-floor');
	rmSync(dir, { recursive: true, force: true });
	for (const [path, text] of Object.entries(FILES)) {
		mkdirSync(join(dir, path, '..'), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
	const built = spawnSync(process.execPath, [vite, 'build'], { cwd: dir, stdio: ['ignore', 2, 2] });
	if (built.status !== 0) throw new Error('the bare SvelteKit page did not build');
	return dir;
}

/**
 * The first-load bytes of the bare page, loaded `runs` times in `browser` (the median is taken
 * by the caller): builds it, serves it with adapter-node on a free loopback port, measures with
 * `pageBytes` exactly as the app's pages are measured, and stops the server.
 */
export async function floorBytes(browser: Browser, runs: number): Promise<PageBytes[]> {
	const dir = buildFloorApp();
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const server = spawn(process.execPath, ['build'], {
		cwd: dir,
		env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ORIGIN: url },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	try {
		for (let tries = 0; ; tries++) {
			try {
				if ((await fetch(url)).ok) break;
			} catch {
				/* not listening yet */
			}
			if (tries > 100) throw new Error('the bare SvelteKit page did not start');
			await new Promise((r) => setTimeout(r, 100));
		}
		const measured: PageBytes[] = [];
		for (let i = 0; i < runs; i++) measured.push(await pageBytes(browser, url, '/'));
		return measured;
	} finally {
		server.kill();
	}
}
