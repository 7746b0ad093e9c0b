/**
 * A throwaway PostgreSQL cluster for the tests and `npm run bench:class` (issue 19): Debian's
 * binaries (`/usr/lib/postgresql/<version>/bin`, or `PG_BIN`, or `initdb` on the PATH), a data
 * folder in a temporary directory, a free loopback port, trust authentication; stopped with
 * `-m immediate` and deleted at the end. As root (CI), it runs as the unprivileged `postgres`
 * user, as PostgreSQL requires. Nothing here touches a cluster it did not create.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from '../scripts/support/harness.ts';

/** What a run says when PostgreSQL is needed and missing. */
export const POSTGRES_MISSING =
	'The PostgreSQL tests need a PostgreSQL server: set TEST_DATABASE_URL=postgres://… (a server ' +
	'the tests may create schemas and databases on), or install PostgreSQL (Debian: ' +
	'`apt-get install postgresql`; or PG_BIN=<folder of initdb and pg_ctl>) and the tests start ' +
	'a throwaway cluster of their own.';

/** The folder holding `initdb` and `pg_ctl`, or null when PostgreSQL is not installed. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string | null {
	const has = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
	if (env.PG_BIN) return has(env.PG_BIN) ? env.PG_BIN : null;
	const debian = '/usr/lib/postgresql';
	if (existsSync(debian)) {
		const versions = readdirSync(debian)
			.filter((v) => /^\d+$/.test(v))
			.sort((a, b) => Number(b) - Number(a));
		for (const v of versions) if (has(join(debian, v, 'bin'))) return join(debian, v, 'bin');
	}
	for (const dir of (env.PATH ?? '').split(delimiter)) if (dir && has(dir)) return dir;
	return null;
}

/** A running throwaway cluster: its URL (database `postgres`, user `postgres`) and `stop()`. */
export interface Cluster {
	url: string;
	stop(): void;
}

/**
 * Starts a cluster from the binaries in `bin` (about 2 s). `settings` are extra server
 * settings (`-c name=value`). Throws with PostgreSQL's log when it does not start.
 */
export async function startCluster(
	bin: string,
	settings: Record<string, string> = {}
): Promise<Cluster> {
	const dir = mkdtempSync(join(tmpdir(), 'coach-pg-'));
	const root = userInfo().uid === 0;
	if (root) {
		const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
		const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
		chownSync(dir, uid, gid);
	}
	const run = (file: string, args: string[]) => {
		const [cmd, all] = root
			? ['runuser', ['-u', 'postgres', '--', join(bin, file), ...args]]
			: [join(bin, file), args];
		const done = spawnSync(cmd, all, { encoding: 'utf8' });
		if (done.status !== 0) {
			throw new Error(`${file} failed: ${done.stderr || done.stdout || done.error?.message}`);
		}
	};
	const data = join(dir, 'pg');
	const port = await freePort();
	run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-instructions']);
	const options = [
		`-p ${port}`,
		`-k ${dir}`,
		'-c listen_addresses=127.0.0.1',
		'-c max_connections=300',
		...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)
	].join(' ');
	try {
		run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'pg.log'), '-w', 'start']);
	} catch (error) {
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	let stopped = false;
	return {
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		stop() {
			if (stopped) return;
			stopped = true;
			try {
				run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		}
	};
}
