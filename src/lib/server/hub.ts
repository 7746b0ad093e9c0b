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
import type { ClassData, StudentSharedView } from '$lib/class/types';
import { studentOwnView, studentSharedView, studentView } from '$lib/class/student-view';
import { screenView, teacherView } from '$lib/class/views';

/** Who is listening to a session's events. */
export type Audience = { kind: 'teacher' } | { kind: 'screen' } | { kind: 'student'; id: string };

/**
 * Where a stream's bytes go (an SSE response body): `write` sends its chunks as one piece (a
 * `Uint8Array` may be the same for every stream: it must not be changed); `close` ends it.
 */
export interface SseSink {
	write(...chunks: (string | Uint8Array)[]): void;
	close(): void;
}

/** Settings: the clock (ms), the coalescing delay for counts (ms; 0 = at once), the keep-alive (ms). */
export interface HubOptions {
	now: () => number;
	coalesceMs: number;
	heartbeatMs: number;
}

interface Client {
	audience: Audience;
	sink: SseSink;
}

interface Streams {
	data: ClassData;
	clients: Set<Client>;
	staff: Set<Client>;
	students: Map<string, Set<Client>>;
	staffTimer: ReturnType<typeof setTimeout> | null;
	/** How long the teacher's and the projector's views took to build last time (ms). */
	staffCost: number;
	/**
	 * The students' shared view without its `seq` and `now`, encoded, for the state it was built
	 * in (`sharedKey`): it changes with the phase, the question, the lock and the deadline only,
	 * so a burst of answers reuses it.
	 */
	sharedKey: string;
	sharedRest: Uint8Array;
	/** The streams a broadcast still owes the latest state, in the order they get it. */
	behind: Set<Client>;
	/** A turn of `drain` is scheduled. */
	draining: boolean;
	/** Called once `behind` is empty (`written`). */
	waiters: (() => void)[];
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
				sharedKey: '',
				sharedRest: new Uint8Array(),
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

	/**
	 * Writes each client its own current view. The part every student sees alike is serialized
	 * and encoded once, and goes to every student as the same bytes; only each student's own
	 * part is built per student.
	 */
	private send(streams: Streams, clients: Client[]): void {
		if (clients.length === 0) return;
		const { data } = streams;
		const now = this.options.now();
		const head = `id: ${data.seq}\nevent: state\ndata: `;
		let teacher: string | null = null;
		let screen: string | null = null;
		let shared: Uint8Array | null = null;
		let rest: Uint8Array | null = null;
		for (const c of clients) {
			streams.behind.delete(c);
			const a = c.audience;
			if (a.kind === 'teacher') {
				teacher ??= JSON.stringify(teacherView(data, now));
				write(streams, c, `${head}${teacher}\n\n`);
			} else if (a.kind === 'screen') {
				screen ??= JSON.stringify(screenView(data, now));
				write(streams, c, `${head}${screen}\n\n`);
			} else {
				const own = studentOwnView(data, a.id);
				if (own.removed) {
					write(streams, c, `${head}${JSON.stringify(studentView(data, a.id, now))}\n\n`);
				} else {
					rest ??= sharedRest(streams, data, now);
					shared ??= encoder.encode(
						`${head}{"audience":"student","shared":{"seq":${data.seq},"now":${now},`
					);
					write(streams, c, concat(shared, rest, `,"me":${JSON.stringify(own)}}\n\n`));
				}
			}
		}
	}
}

function add(streams: Streams, client: Client): void {
	streams.clients.add(client);
	const a = client.audience;
	if (a.kind !== 'student') streams.staff.add(client);
	else {
		const own = streams.students.get(a.id) ?? new Set<Client>();
		own.add(client);
		streams.students.set(a.id, own);
	}
}

function remove(streams: Streams, client: Client): void {
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
function settle(streams: Streams): void {
	const waiters = streams.waiters;
	streams.waiters = [];
	for (const w of waiters) w();
}

const encoder = new TextEncoder();

/** `head`, `rest` and `tail` as one buffer: one write, one chunk on the wire. */
function concat(head: Uint8Array, rest: Uint8Array, tail: string): Uint8Array {
	const out = Buffer.allocUnsafe(head.length + rest.length + Buffer.byteLength(tail));
	out.set(head, 0);
	out.set(rest, head.length);
	out.write(tail, head.length + rest.length);
	return out;
}

/** The encoded students' shared view of `data` but its opening `{`, `seq` and `now` (cached per state). */
function sharedRest(streams: Streams, data: ClassData, now: number): Uint8Array {
	const { phase, context } = data;
	const key = `${phase}|${context.index}|${context.locked}|${context.endReason}|${context.deadline}`;
	if (streams.sharedKey !== key) {
		const view: Partial<StudentSharedView> = studentSharedView(data, now);
		delete view.seq;
		delete view.now;
		streams.sharedKey = key;
		streams.sharedRest = encoder.encode(JSON.stringify(view).slice(1));
	}
	return streams.sharedRest;
}

function write(streams: Streams, client: Client, ...chunks: (string | Uint8Array)[]): void {
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
