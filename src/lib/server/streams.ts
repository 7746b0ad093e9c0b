/**
 * A class session's open Server-Sent Events streams (issue 11), as the hub (`./hub`) keeps them:
 * each stream's audience and sink, the teacher's and the projector's apart, each student's own,
 * the broadcast still owed, and the writing to one stream (a stream that fails is forgotten).
 */
import type { ClassData } from '$lib/class/types';
import type { Audience, SharedCache } from './frames';

/**
 * Where a stream's bytes go (an SSE response body): `write` sends its chunks as one piece (a
 * `Uint8Array` may be the same for every stream: it must not be changed); `close` ends it.
 */
export interface SseSink {
	write(...chunks: (string | Uint8Array)[]): void;
	close(): void;
}

/** One open stream: who it is for and where its bytes go. */
export interface Client {
	audience: Audience;
	sink: SseSink;
}

/** A session's open streams, by audience, and the broadcast under way. */
export interface Streams {
	data: ClassData;
	clients: Set<Client>;
	staff: Set<Client>;
	students: Map<string, Set<Client>>;
	staffTimer: ReturnType<typeof setTimeout> | null;
	/** How long the teacher's and the projector's views took to build last time (ms). */
	staffCost: number;
	/** The students' shared view, encoded once per state (./frames). */
	shared: SharedCache;
	/** The streams a broadcast still owes the latest state, in the order they get it. */
	behind: Set<Client>;
	/** A turn of `drain` is scheduled. */
	draining: boolean;
	/** Called once `behind` is empty (`written`). */
	waiters: (() => void)[];
}

/** Counts `client` among the session's streams (staff, or the student's own). */
export function add(streams: Streams, client: Client): void {
	streams.clients.add(client);
	const a = client.audience;
	if (a.kind !== 'student') streams.staff.add(client);
	else {
		const own = streams.students.get(a.id) ?? new Set<Client>();
		own.add(client);
		streams.students.set(a.id, own);
	}
}

/** Forgets `client` (closed, failed or removed). */
export function remove(streams: Streams, client: Client): void {
	streams.clients.delete(client);
	streams.behind.delete(client);
	streams.staff.delete(client);
	const a = client.audience;
	if (a.kind === 'student') {
		const own = streams.students.get(a.id);
		own?.delete(client);
		if (own?.size === 0) streams.students.delete(a.id);
	}
}

/** Calls the `written` waiters of a session whose broadcast is over. */
export function settle(streams: Streams): void {
	const waiters = streams.waiters;
	streams.waiters = [];
	for (const w of waiters) w();
}

/** Writes to one stream; a stream that throws is forgotten. */
export function write(streams: Streams, client: Client, ...chunks: (string | Uint8Array)[]): void {
	try {
		client.sink.write(...chunks);
	} catch {
		remove(streams, client);
	}
}

/** Runs `fn`, logging (never throwing) what it throws. */
export function safely(fn: () => void): void {
	try {
		fn();
	} catch (error) {
		console.error('[class]', error);
	}
}
