/**
 * Test helpers of the class server: a service over a real store (a SQLite file in a temp folder,
 * or a PostgreSQL schema of its own: `./store/testing`) with a settable clock, and an SSE sink
 * that records what it was sent. Used by the tests only.
 */
import { classQuestions } from '$lib/class/preview';
import type { AnyView } from '$lib/class/types';
import type { SseSink } from './streams';
import { ClassService, type ClassServiceOptions } from './sessions';
import { testStore, type StoreKind, type TestStore } from './store/testing';

export { STORE_KINDS, type StoreKind } from './store/testing';

/** A test service, its store, a settable clock, and `cleanup()`. */
export interface TestService {
	service: ClassService;
	place: TestStore;
	clock: { now: number };
	/** Another service on the same store, as another instance (or after a restart). */
	another(options?: Partial<ClassServiceOptions>): ClassService;
	/** A new service on the same store, as after a restart (the old one is shut down first). */
	restart(): Promise<ClassService>;
	cleanup(): Promise<void>;
}

/** A service over a fresh store of `kind` (SQLite: `<temp>/nested/dir/coach.db`, folder not yet made). */
export function testService(
	options: Partial<ClassServiceOptions> = {},
	kind: StoreKind = 'sqlite'
): TestService {
	const place = testStore(kind);
	const clock = { now: 1_700_000_000_000 };
	const services: ClassService[] = [];
	const make = (more: Partial<ClassServiceOptions> = {}) => {
		const service = new ClassService({
			open: () => place.open(),
			generate: classQuestions,
			now: () => clock.now,
			coalesceMs: 0,
			createLimit: { capacity: 1_000, perSecond: 1_000 },
			...options,
			...more
		});
		services.push(service);
		return service;
	};
	const t: TestService = {
		service: make(),
		place,
		clock,
		another: make,
		async restart() {
			await t.service.shutdown();
			t.service = make();
			return t.service;
		},
		async cleanup() {
			for (const s of services.splice(0)) await s.shutdown().catch(() => undefined);
			await place.cleanup();
		}
	};
	return t;
}

/** One parsed SSE message. */
export interface SseMessage {
	id: string | null;
	event: string | null;
	data: string;
}

/** An SSE sink that keeps every chunk and parses the messages. */
export class CaptureSink implements SseSink {
	chunks: string[] = [];
	closed = false;

	write(...chunks: (string | Uint8Array)[]): void {
		if (this.closed) throw new Error('write after close');
		const decoder = new TextDecoder();
		this.chunks.push(chunks.map((c) => (typeof c === 'string' ? c : decoder.decode(c))).join(''));
	}

	close(): void {
		this.closed = true;
	}

	/** The messages with data, in order. */
	messages(): SseMessage[] {
		return this.chunks
			.join('')
			.split('\n\n')
			.map((block) => {
				const msg: SseMessage = { id: null, event: null, data: '' };
				for (const line of block.split('\n')) {
					if (line.startsWith('id: ')) msg.id = line.slice(4);
					else if (line.startsWith('event: ')) msg.event = line.slice(7);
					else if (line.startsWith('data: ')) msg.data += line.slice(6);
				}
				return msg;
			})
			.filter((m) => m.data !== '');
	}

	/** The last view sent. */
	last<V extends AnyView>(): V {
		const all = this.messages();
		const msg = all[all.length - 1];
		if (!msg) throw new Error('nothing was sent');
		return JSON.parse(msg.data) as V;
	}
}

/** A cookie jar standing in for SvelteKit's `cookies` (what was set is readable again). */
export class FakeCookies {
	readonly jar = new Map<string, string>();
	readonly setOptions = new Map<string, Record<string, unknown>>();

	get(name: string): string | undefined {
		return this.jar.get(name);
	}
	getAll(): { name: string; value: string }[] {
		return [...this.jar].map(([name, value]) => ({ name, value }));
	}
	set(name: string, value: string, options: Record<string, unknown>): void {
		this.jar.set(name, value);
		this.setOptions.set(name, options);
	}
	delete(name: string): void {
		this.jar.delete(name);
	}
	serialize(name: string, value: string): string {
		return `${name}=${value}`;
	}
}

/** What a test request carries. */
export interface FakeRequest {
	method?: string;
	path: string;
	params?: Record<string, string>;
	body?: string | Uint8Array;
	json?: unknown;
	headers?: Record<string, string>;
	cookies?: FakeCookies;
	address?: string;
}

/** A minimal SvelteKit request event for calling an endpoint's exported handler directly. */
export function fakeEvent(req: FakeRequest) {
	const url = new URL(req.path, 'http://127.0.0.1:5173');
	const headers = new Headers(req.headers ?? {});
	let body: string | Uint8Array | undefined = req.body;
	if (req.json !== undefined) {
		body = JSON.stringify(req.json);
		if (!headers.has('content-type')) headers.set('content-type', 'application/json');
	}
	const controller = new AbortController();
	const request = new Request(url, {
		method: req.method ?? (body === undefined ? 'GET' : 'POST'),
		headers,
		body: body as BodyInit | undefined,
		signal: controller.signal
	});
	const cookies = req.cookies ?? new FakeCookies();
	return {
		event: {
			request,
			url,
			params: req.params ?? {},
			cookies,
			getClientAddress: () => req.address ?? '127.0.0.1',
			setHeaders: () => undefined,
			locals: {},
			platform: undefined,
			route: { id: null },
			isDataRequest: false,
			isSubRequest: false,
			fetch
		},
		cookies,
		abort: () => controller.abort()
	};
}
