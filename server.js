/**
 * The app's entry (`npm start`, and each instance behind nginx): adapter-node's own server
 * (`build/index.js`, with every setting it reads: PORT, HOST, ORIGIN, ADDRESS_HEADER,
 * BODY_SIZE_LIMIT, SHUTDOWN_TIMEOUT, socket activation…), with one addition: the class API's
 * fast path (src/lib/server/fast.ts, registered by the app when it starts) sees each request
 * before SvelteKit does, and answers the students' answers and event streams itself. Every other
 * request, and all of them if the fast path is absent, goes to SvelteKit as with `node build`.
 */
import http from 'node:http';

const FAST_PATH = Symbol.for('mahjong-coach.fast-path');
const createServer = http.createServer;

// adapter-node's index.js makes its one HTTP server with http.createServer(): hand it a server
// whose 'request' event asks the fast path first.
http.createServer = function (...args) {
	http.createServer = createServer;
	const server = createServer.apply(this, args);
	const emit = server.emit;
	server.emit = function (event, ...rest) {
		if (event === 'request') {
			const fast = globalThis[FAST_PATH];
			if (typeof fast === 'function' && fast(rest[0], rest[1])) return true;
		}
		return emit.call(this, event, ...rest);
	};
	return server;
};

await import('./build/index.js');
