/**
 * Reading a class API request's body (issue 4): bounded JSON, read from SvelteKit's `Request` or
 * straight from Node's request, and checked against a valibot schema. Nothing here answers 500
 * for bad input: an unreadable, oversized or malformed body is a `ClassError` with its 4xx.
 */
import type { IncomingMessage } from 'node:http';
import * as v from 'valibot';
import { ClassError } from './errors';

/** Largest request body the class API reads, in bytes. */
export const MAX_BODY_BYTES = 8 * 1024;

/** A request body as either transport gives it: its content type and length, and its bytes. */
export interface BodySource {
	contentType: string;
	contentLength: number;
	chunks: AsyncIterator<Uint8Array> | null;
	/**
	 * Lets the rest of the body flow and be dropped (after a 413), without closing the socket;
	 * resolves once it has all come, the socket closed, or `ms` milliseconds passed.
	 */
	drain?: (ms: number) => Promise<void>;
}

/** `BodySource.drain` for a Node request: resumes it and waits for its end (see there). */
function drainNode(req: IncomingMessage, ms: number): Promise<void> {
	if (req.readableEnded || req.destroyed) return Promise.resolve();
	return new Promise((resolve) => {
		const done = () => {
			clearTimeout(timer);
			req.off('end', done);
			req.off('close', done);
			resolve();
		};
		const timer = setTimeout(done, Math.max(0, ms));
		req.once('end', done);
		req.once('close', done);
		req.resume();
	});
}

/**
 * Reads a JSON body of at most `MAX_BODY_BYTES`: 415 `unsupported-media-type` unless the
 * content type is application/json, 413 `body-too-large` past the limit (by Content-Length, while
 * reading, or when the server's own `BODY_SIZE_LIMIT` stopped the body first), 400 `bad-json`
 * when it is not JSON, 400 `bad-body` when it could not be read. `raw`, the Node request when
 * there is one (`platform.req`), is drained after a 413 so a client still sending hears it.
 */
export function readJson(request: Request, raw?: IncomingMessage, limit = MAX_BODY_BYTES) {
	return readJsonFrom(
		{
			contentType: request.headers.get('content-type') ?? '',
			contentLength: Number(request.headers.get('content-length') ?? '0'),
			chunks: request.body?.values({ preventCancel: true }) ?? null,
			drain: raw ? (ms) => drainNode(raw, ms) : undefined
		},
		limit
	);
}

/** `readJson` straight from Node's request (the fast path of `./fast`). */
export function readNodeJson(req: IncomingMessage, limit = MAX_BODY_BYTES) {
	return readJsonFrom(
		{
			contentType: req.headers['content-type'] ?? '',
			contentLength: Number(req.headers['content-length'] ?? '0'),
			chunks: req[Symbol.asyncIterator](),
			drain: (ms) => drainNode(req, ms)
		},
		limit
	);
}

/** The one reader behind `readJson` and `readNodeJson`. */
async function readJsonFrom(source: BodySource, limit: number): Promise<unknown> {
	if (!/^application\/json\b/i.test(source.contentType.trim())) {
		throw new ClassError(415, 'unsupported-media-type', 'Send the body as application/json.');
	}
	const tooLarge = async (reader: AsyncIterator<Uint8Array> | null) => {
		// Whatever is still coming is read and dropped, not left to stall the client.
		await dropRest(source, reader);
		return new ClassError(413, 'body-too-large', `The body is larger than ${limit} bytes.`, {
			connection: 'close'
		});
	};
	if (source.contentLength > limit) throw await tooLarge(null);
	const chunks: Uint8Array[] = [];
	let size = 0;
	const reader = source.chunks;
	if (reader) {
		try {
			for (;;) {
				const { done, value } = await reader.next();
				if (done) break;
				size += value.byteLength;
				// Past the limit: the rest is read and dropped (`dropRest`) before the 413.
				if (size > limit) throw await tooLarge(reader);
				chunks.push(value);
			}
		} catch (error) {
			if (error instanceof ClassError) throw error;
			// SvelteKit's own limit (adapter-node's BODY_SIZE_LIMIT, 512 KB) ends the body with a 413.
			if ((error as { status?: unknown } | null)?.status === 413) throw await tooLarge(null);
			throw new ClassError(400, 'bad-body', 'The body could not be read.');
		}
	}
	const text = new TextDecoder('utf-8', { fatal: false }).decode(concat(chunks, size));
	try {
		return JSON.parse(text) as unknown;
	} catch {
		throw new ClassError(400, 'bad-json', 'The body is not valid JSON.');
	}
}

/** How much of an oversized body is read and dropped before the 413, at most (bytes). */
const DRAIN_BYTES = 8 * 1024 * 1024;
/** How long the 413 waits for the rest of an oversized body, at most (milliseconds). */
const DRAIN_MS = 2000;

/**
 * Reads and drops the rest of an oversized body (up to `DRAIN_BYTES`, for up to `DRAIN_MS`), from
 * `reader` while it reads, else through `source.drain`. A client still sending its body then hears
 * the 413 instead of a broken pipe: the response closes the connection, and bytes arriving after
 * that would be refused. Reading stops without cancelling, since cancelling destroys the socket
 * before the 413 is written.
 */
async function dropRest(
	source: BodySource,
	reader: AsyncIterator<Uint8Array> | null
): Promise<void> {
	const deadline = Date.now() + DRAIN_MS;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, DRAIN_MS, 'late')));
	try {
		if (reader) {
			let size = 0;
			while (size <= DRAIN_BYTES) {
				const next = await Promise.race([reader.next(), late]);
				if (next === 'late' || next.done) return;
				size += next.value.byteLength;
			}
			return;
		}
	} catch {
		// The body's stream failed (the server's own limit): what is left flows through `drain`.
	} finally {
		clearTimeout(timer);
	}
	await source.drain?.(deadline - Date.now());
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
	const all = new Uint8Array(size);
	let offset = 0;
	for (const c of chunks) {
		all.set(c, offset);
		offset += c.byteLength;
	}
	return all;
}

/**
 * Checks `input` (a JSON object: arrays are refused) against a valibot schema: the parsed value,
 * or 400 `invalid-body` naming the first problem.
 */
export function parseBody<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
	if (Array.isArray(input))
		throw new ClassError(400, 'invalid-body', 'The body must be a JSON object.');
	const result = v.safeParse(schema, input);
	if (result.success) return result.output;
	const issue = result.issues[0];
	const path = issue ? v.getDotPath(issue) : null;
	throw new ClassError(
		400,
		'invalid-body',
		`${path ? `${path}: ` : ''}${issue?.message ?? 'The body does not have the expected shape.'}`
	);
}
