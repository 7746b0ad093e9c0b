/**
 * `npm run bench`: builds the app when build/ is missing or older than its sources, then runs the
 * measurements (scripts/bench-run.ts) in a fresh tsx process, which prints one table of figures
 * and writes it into the README's "Performance" section. Exits with the measurements' exit code.
 *
 * The measurements run in their own process because they import `$lib`, whose path alias tsx
 * reads from .svelte-kit/tsconfig.json: on a fresh clone that file only exists after the build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();

/** The newest modification time (ms) of a file or of any file under a folder; 0 if missing. */
function newest(path: string): number {
	if (!existsSync(path)) return 0;
	const stat = statSync(path);
	if (!stat.isDirectory()) return stat.mtimeMs;
	return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

/** Runs node with `args` (its output on ours, or on stderr); exits this process if it fails. */
function run(args: string[], outputToStderr = false): void {
	const result = spawnSync(process.execPath, args, {
		stdio: outputToStderr ? ['ignore', 2, 2] : 'inherit',
		cwd: root
	});
	if (result.status !== 0) process.exit(result.status ?? 1);
}

const built = newest(join(root, 'build', 'handler.js'));
const sources = Math.max(
	...['src', 'static', 'svelte.config.js', 'vite.config.ts', 'package-lock.json'].map((p) =>
		newest(join(root, p))
	)
);
if (built === 0 || built < sources || !existsSync(join(root, '.svelte-kit', 'tsconfig.json'))) {
	process.stderr.write('bench: building the app (vite build)\n');
	run([join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], true);
}
run(['--import', 'tsx', join(root, 'scripts', 'bench-run.ts')]);
