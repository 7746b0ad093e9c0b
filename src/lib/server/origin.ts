/**
 * Where a request really came from and which address phones can use (issue 11, a laptop on a
 * school network). adapter-node takes every request for https unless `ORIGIN` or
 * `PROTOCOL_HEADER` is set, so the protocol is read from the socket itself; and a page opened on
 * `localhost` gets the laptop's LAN address for its join link and QR code.
 */
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { TLSSocket } from 'node:tls';

/** What these helpers read of a SvelteKit request event. */
export interface RequestFacts {
	url: URL;
	platform?: { req?: IncomingMessage } | undefined;
}

/**
 * True when the request came over https: by the socket (a TLS socket) when the app serves
 * requests itself, by the URL when a proxy is configured as the README says (`ORIGIN=https://…`
 * or `PROTOCOL_HEADER=x-forwarded-proto`), in development, and in tests.
 */
export function isHttps(event: RequestFacts, env: NodeJS.ProcessEnv = process.env): boolean {
	const req = event.platform?.req;
	const proxied = Boolean(env.ORIGIN?.trim() || env.PROTOCOL_HEADER?.trim());
	if (req && !proxied) return (req.socket as TLSSocket | undefined)?.encrypted === true;
	return event.url.protocol === 'https:';
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|::1)$/i;

/** True for a name or address that only reaches this machine (localhost, 127.x, ::1). */
export const isLoopback = (hostname: string): boolean => LOOPBACK.test(hostname);

/** The machine's IPv4 addresses on its networks (not loopback), e.g. `192.168.1.20`. */
export function lanAddresses(): string[] {
	const found: string[] = [];
	for (const list of Object.values(networkInterfaces())) {
		for (const a of list ?? []) {
			if (a.family === 'IPv4' && !a.internal) found.push(a.address);
		}
	}
	return found;
}

/** The origin `ORIGIN` sets (the address students type, README), or null when unset or unreadable. */
export function configuredOrigin(env: NodeJS.ProcessEnv = process.env): string | null {
	const origin = env.ORIGIN?.trim();
	if (!origin) return null;
	try {
		return new URL(origin).origin;
	} catch {
		return null;
	}
}

/**
 * The origin phones should use to reach this server (`http://192.168.1.20:3000`): `ORIGIN` when
 * it is set (the address students type); else the page's own origin, except that `localhost`
 * becomes the first LAN address (same port, real protocol).
 */
export function reachableOrigin(
	event: RequestFacts,
	lan: string[] = lanAddresses(),
	env: NodeJS.ProcessEnv = process.env
): string {
	const configured = configuredOrigin(env);
	if (configured) return configured;
	const protocol = isHttps(event) ? 'https:' : 'http:';
	const { hostname, port } = event.url;
	const host = isLoopback(hostname) && lan[0] ? lan[0] : event.url.hostname;
	return `${protocol}//${host}${port ? `:${port}` : ''}`;
}

/**
 * The addresses students can open, printed on start: `ORIGIN`'s when it is set, else one per LAN
 * address (or localhost when there is none), on `port`.
 */
export function joinAddresses(
	port: string,
	lan: string[] = lanAddresses(),
	env: NodeJS.ProcessEnv = process.env
): string[] {
	const configured = configuredOrigin(env);
	if (configured) return [`${configured}/join`];
	const hosts = lan.length > 0 ? lan : ['localhost'];
	return hosts.map((h) => `http://${h}${port === '80' ? '' : `:${port}`}/join`);
}

/**
 * True when a form post comes from this site: its `Origin` names the same host (and port) as the
 * request, whatever the protocol (SvelteKit's own check compares protocols too, which fails for
 * a plain-http LAN address that adapter-node takes for https). Without an `Origin` (or `null`),
 * the browser's `Sec-Fetch-Site: same-origin` is enough.
 */
export function sameSite(request: Request, url: URL): boolean {
	const origin = request.headers.get('origin');
	if (!origin || origin === 'null') return request.headers.get('sec-fetch-site') === 'same-origin';
	try {
		return new URL(origin).host === url.host;
	} catch {
		return false;
	}
}

/**
 * The client's address: adapter-node's `getClientAddress()` (the `ADDRESS_HEADER` when set, as
 * behind nginx), or, for a request that came around the proxy without that header (a teacher on
 * the instance itself, a health check), the socket's own address: never a 500.
 */
export function clientAddress(event: {
	getClientAddress: () => string;
	platform?: { req?: IncomingMessage } | undefined;
}): string {
	try {
		return event.getClientAddress();
	} catch {
		return event.platform?.req?.socket.remoteAddress ?? 'unknown';
	}
}
