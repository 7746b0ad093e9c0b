/**
 * Debian's nginx for the browser tests (issue 19), started on a free loopback port with the
 * README's sample configuration (the block between `<!-- nginx:start -->` and
 * `<!-- nginx:end -->`), its upstream servers replaced by the instances under test. Runs in the
 * foreground in a temp folder (its pid, logs and temp files there). Each response says which
 * instance served it (`X-Upstream`, added around the README's block), and so does the access log
 * once a request ends. `NGINX_PATH` overrides /usr/sbin/nginx.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './harness';

/** A running nginx: its URL, the access log lines (`upstream "request" status`), `stop()`. */
export interface Nginx {
	url: string;
	accessLog(): string[];
	stop(): Promise<void>;
}

/** The sample site configuration of the README. */
export function readmeNginxConfig(readme = join(process.cwd(), 'README.md')): string {
	const text = readFileSync(readme, 'utf8');
	const block = text.match(/<!-- nginx:start -->\s*```nginx\n([\s\S]*?)```\s*<!-- nginx:end -->/);
	if (!block) throw new Error('README.md has no nginx block between its markers');
	return block[1]!;
}

/** Starts nginx in front of `upstreams` (`127.0.0.1:port` each), round robin. */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
	const binary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
	if (!existsSync(binary)) {
		throw new Error(
			`nginx is missing at ${binary}: install Debian's nginx (apt-get install nginx) or set NGINX_PATH.`
		);
	}
	const port = await freePort();
	const dir = mkdtempSync(join(tmpdir(), 'coach-nginx-'));
	chmodSync(dir, 0o777);
	const servers = upstreams.map((u) => `    server ${u};`).join('\n');
	const site = readmeNginxConfig()
		.replace(
			/(upstream coach \{[^}]*?)((?:\s*server [^;]+;)+)/,
			(_, head: string) => `${head}\n${servers}`
		)
		.replace(/listen 80;/, `listen 127.0.0.1:${port};`);
	if (!site.includes(servers) || !site.includes(`listen 127.0.0.1:${port};`)) {
		throw new Error(
			'the README nginx block no longer has the upstream and listen lines the test replaces'
		);
	}
	writeFileSync(join(dir, 'site.conf'), site);
	writeFileSync(
		join(dir, 'nginx.conf'),
		`worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
	log_format upstream '$upstream_addr "$request" $status';
	access_log ${dir}/access.log upstream;
	add_header X-Upstream $upstream_addr always;
	client_body_temp_path ${dir}/body;
	proxy_temp_path ${dir}/proxy;
	fastcgi_temp_path ${dir}/fastcgi;
	uwsgi_temp_path ${dir}/uwsgi;
	scgi_temp_path ${dir}/scgi;
	include ${dir}/site.conf;
}
`
	);
	const child = spawn(binary, ['-c', join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;'], {
		stdio: ['ignore', 'inherit', 'inherit']
	});
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const deadline = Date.now() + 10_000;
	while (!(await listening(port))) {
		if (Date.now() > deadline || child.exitCode !== null) {
			child.kill();
			const log = existsSync(join(dir, 'error.log'))
				? readFileSync(join(dir, 'error.log'), 'utf8')
				: '';
			rmSync(dir, { recursive: true, force: true });
			throw new Error(`nginx did not start on ${port}: ${log}`);
		}
		await new Promise((r) => setTimeout(r, 50));
	}
	return {
		url: `http://127.0.0.1:${port}`,
		accessLog: () => {
			const path = join(dir, 'access.log');
			return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
		},
		async stop() {
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
			await exited;
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

function listening(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}
