/**
 * The stream hub of the class mode (issue 11): every open Server-Sent Events stream, by session
 * and audience, and who hears of which event. Phase changes reach everyone at once; joins and
 * answers reach the teacher and the projector coalesced (every `coalesceMs`, or five times as
 * long as their views took to build last time if longer: a class of 2,000 does not spend the
 * server on the teacher's view); an answer reaches the answering
 * student's own streams at once; a removed student's streams get a last view and are closed.
 * A change everyone hears is written `SLICE` streams per turn of the event loop (the teacher and
 * the projector first): a class of 2,000 does not hold up the answers and the other classes for
 * the whole broadcast, and a stream still waiting gets the state as it is when its turn comes
 * (never an older one than it already had). Keep-alive comments every `heartbeatMs`.
 */
import type { ClassEvent } from '$lib/class/machine';
import type { ClassData } from '$lib/class/types';
import { StateFrames, sharedCache, type Audience } from './frames';
import {
	add,
	remove,
	safely,
	settle,
	write,
	type Client,
	type SseSink,
	type Streams
} from './streams';

export type { Audience } from './frames';

/** Settings: the clock (ms), the coalescing delay for counts (ms; 0 = at once), the keep-alive (ms). */
export interface HubOptions {
	now: () => number;
	coalesceMs: number;
	heartbeatMs: number;
}

/** How many streams a broadcast writes per turn of the event loop (about 2 ms of writes). */
const SLICE = 64;

/** Every open stream of every session held in memory. */
export class StreamHub {
	private readonly sessions = new Map<string, Streams>();
	private heartbeat: ReturnType<typeof setInterval> | null = null;

	/** A hub with no streams. */
	constructor(private readonly options: HubOptions) {}

	/**
	 * Adds a stream for `audience` on the session `data` (the caller checked who it is). Sends
	 * `retry`, then the current view with `id:` the last event id, unless `lastEventId` is already
	 * that id (a resumed stream that missed nothing). Returns the function that removes it.
	 */
	subscribe(
		data: ClassData,
		audience: Audience,
		lastEventId: number | null,
		sink: SseSink
	): () => void {
		const streams = this.streams(data);
		const client: Client = { audience, sink };
		add(streams, client);
		this.startHeartbeat();
		write(streams, client, 'retry: 2000\n\n');
		if (lastEventId === data.seq) write(streams, client, ': resumed\n\n');
		else this.send(streams, [client]);
		return () => remove(streams, client);
	}

	/** How many streams are open on session `code`. */
	count(code: string): number {
		return this.sessions.get(code)?.clients.size ?? 0;
	}

	/** Tells the listeners of `data`'s session about an accepted `event`. */
	publish(data: ClassData, event: ClassEvent): void {
		const streams = this.streams(data);
		switch (event.type) {
			case 'student.join':
				this.staffSoon(streams);
				return;
			case 'answer.submit':
				this.send(streams, [...(streams.students.get(event.studentId) ?? [])]);
				this.staffSoon(streams);
				return;
			case 'student.remove': {
				const removed = [...(streams.students.get(event.id) ?? [])];
				this.send(streams, removed);
				for (const c of removed) {
					remove(streams, c);
					safely(() => c.sink.close());
				}
				this.send(streams, [...streams.staff]);
				return;
			}
			default:
				this.broadcast(streams);
		}
	}

	/** Owes every stream of the session the latest state: the staff first, then the students. */
	private broadcast(streams: Streams): void {
		if (streams.staffTimer) {
			clearTimeout(streams.staffTimer);
			streams.staffTimer = null;
		}
		for (const c of streams.staff) streams.behind.add(c);
		for (const c of streams.clients) streams.behind.add(c);
		this.drain(streams);
	}

	/** Writes the next `SLICE` streams owed the latest state, and schedules the rest. */
	private drain(streams: Streams): void {
		const slice: Client[] = [];
		for (const c of streams.behind) {
			if (slice.length === SLICE) break;
			slice.push(c);
		}
		this.send(streams, slice);
		if (streams.behind.size === 0) return settle(streams);
		if (streams.draining) return;
		streams.draining = true;
		setImmediate(() => {
			streams.draining = false;
			if (this.sessions.get(streams.data.code) === streams) this.drain(streams);
		});
	}

	/**
	 * Resolves once every stream of session `code` has been written the latest state (at once when
	 * no broadcast is under way): what a teacher's command waits for before it is answered.
	 */
	written(code: string): Promise<void> {
		const streams = this.sessions.get(code);
		if (!streams || streams.behind.size === 0) return Promise.resolve();
		return new Promise((resolve) => streams.waiters.push(resolve));
	}

	/** Ends every stream of session `code` (or of every session) and forgets them. */
	close(code?: string): void {
		const codes = code === undefined ? [...this.sessions.keys()] : [code];
		for (const c of codes) {
			const streams = this.sessions.get(c);
			if (!streams) continue;
			if (streams.staffTimer) clearTimeout(streams.staffTimer);
			for (const client of streams.clients) safely(() => client.sink.close());
			this.sessions.delete(c);
			streams.behind.clear();
			settle(streams);
		}
		if (this.sessions.size === 0 && this.heartbeat) {
			clearInterval(this.heartbeat);
			this.heartbeat = null;
		}
	}

	private streams(data: ClassData): Streams {
		let streams = this.sessions.get(data.code);
		if (!streams) {
			streams = {
				data,
				clients: new Set(),
				staff: new Set(),
				students: new Map(),
				staffTimer: null,
				staffCost: 0,
				shared: sharedCache(),
				behind: new Set(),
				draining: false,
				waiters: []
			};
			this.sessions.set(data.code, streams);
		}
		streams.data = data;
		return streams;
	}

	private startHeartbeat(): void {
		if (this.heartbeat) return;
		this.heartbeat = setInterval(() => {
			for (const streams of this.sessions.values()) {
				for (const c of streams.clients) write(streams, c, ': ping\n\n');
			}
		}, this.options.heartbeatMs);
		this.heartbeat.unref?.();
	}

	private staffSoon(streams: Streams): void {
		if (this.options.coalesceMs === 0) return this.send(streams, [...streams.staff]);
		if (streams.staffTimer) return;
		streams.staffTimer = setTimeout(
			() => {
				streams.staffTimer = null;
				const started = performance.now();
				this.send(streams, [...streams.staff]);
				streams.staffCost = performance.now() - started;
			},
			Math.max(this.options.coalesceMs, 5 * streams.staffCost)
		);
		streams.staffTimer.unref?.();
	}

	/** Writes each client its own current view (./frames builds each view once for them all). */
	private send(streams: Streams, clients: Client[]): void {
		if (clients.length === 0) return;
		const frames = new StateFrames(streams.data, this.options.now(), streams.shared);
		for (const c of clients) {
			streams.behind.delete(c);
			write(streams, c, frames.for(c.audience));
		}
	}
}
