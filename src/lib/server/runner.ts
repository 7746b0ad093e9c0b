/**
 * The runner of the class mode (issue 11): the one path of every command, decide
 * (`$lib/class/decide`) → commit (SQLite) → evolve (the session in memory) → publish (the stream
 * hub); the time limit's timer and the idle sweep send their commands down the same path.
 * `ClassService` adds who is asking and the views.
 *
 * With `groupCommitMs` (the app's setting), the commands that arrive within a few ms are
 * committed together in one transaction, so `synchronous = FULL` costs one disk sync per batch,
 * not per answer: each command evolves the session at once (the next command is decided on it),
 * but nobody hears of it (no stream message, no HTTP answer: callers `await settled()`) until
 * its batch is on disk. A batch that cannot be written makes its sessions load again from the
 * database and `settled()` reject with 503.
 */
import type { Scenario } from '$lib/scenarios/types';
import { closesAt, decide, type ClassCommand } from '$lib/class/decide';
import type { ClassEvent, ClassPhase } from '$lib/class/machine';
import { IDLE_MS } from '$lib/class/rules';
import type { ClassConfig } from '$lib/class/types';
import type { Db } from './db';
import { ClassError, withStorage } from './errors';
import { addAnswer } from './grading';
import { StreamHub, safely, type Audience, type SseSink } from './hub';
import { RateLimiter } from './rate-limit';
import { SessionRegistry, type Runtime } from './registry';
import type { EventWrites } from './store';

/** A token-bucket limit: a burst of `capacity`, refilled at `perSecond`. */
export interface Limit {
	capacity: number;
	perSecond: number;
}

/** Settings of the service; `open` (re)opens the database, `generate` makes the questions. */
export interface ClassServiceOptions {
	open: () => Db;
	generate: (config: ClassConfig) => Scenario[];
	now?: () => number;
	/** Joins per client address (default a burst of 120, then 5 per second). */
	joinLimit?: Limit;
	/** Sessions created per client address (default a burst of 10, then one a minute). */
	createLimit?: Limit;
	/** Answer and join counts reach the teacher and the projector at most this often (ms, default 100; 0 = at once). */
	coalesceMs?: number;
	/** Keep-alive comment on every stream this often (ms, default 20 000). */
	heartbeatMs?: number;
	/**
	 * Commit the commands that arrive within this many ms together (default null: each at once;
	 * 0 = those of one event-loop turn). The app uses 4 ms: a burst of answers costs one disk sync
	 * per 4 ms, not one per answer.
	 */
	groupCommitMs?: number | null;
}

interface Pending {
	rt: Runtime;
	seq: number;
	event: ClassEvent;
	phase: ClassPhase;
	writes: EventWrites;
}

/** Runs the commands of every session in memory; see `ClassService` for the public side. */
export class SessionRunner {
	protected readonly now: () => number;
	protected readonly generate: (config: ClassConfig) => Scenario[];
	protected readonly registry: SessionRegistry;
	protected readonly hub: StreamHub;
	protected readonly joins: RateLimiter;
	protected readonly creations: RateLimiter;
	private readonly groupCommit: boolean;
	private readonly groupCommitMs: number;
	private queue: Pending[] = [];
	private batch: { done: Promise<void>; resolve: () => void; reject: (e: unknown) => void } | null =
		null;
	/** A service over the database that `options.open` opens (lazily, and again after `closeDatabase`). */
	constructor(options: ClassServiceOptions) {
		this.now = options.now ?? (() => Date.now());
		this.groupCommit = options.groupCommitMs !== undefined && options.groupCommitMs !== null;
		this.groupCommitMs = options.groupCommitMs ?? 0;
		this.generate = options.generate;
		this.registry = new SessionRegistry(options.open);
		this.hub = new StreamHub({
			now: this.now,
			coalesceMs: options.coalesceMs ?? 100,
			heartbeatMs: options.heartbeatMs ?? 20_000
		});
		const now = this.now;
		this.joins = new RateLimiter({ capacity: 120, perSecond: 5, ...options.joinLimit, now });
		this.creations = new RateLimiter({
			capacity: 10,
			perSecond: 1 / 60,
			...options.createLimit,
			now
		});
	}

	/** Closes the database connection; the next call that needs it opens it again. */
	closeDatabase(): void {
		this.registry.closeDatabase();
	}

	/** Forgets every session held in memory and ends their streams (as a restart would). */
	forgetSessions(): void {
		this.flush();
		this.hub.close();
		this.registry.forgetAll();
	}

	/** Stops timers, ends every stream and closes the database. */
	shutdown(): void {
		this.forgetSessions();
		this.closeDatabase();
	}

	/** The session (loaded and its timer armed if needed; ended now if idle too long), else 404. */
	protected runtime(code: string): Runtime {
		const known = this.registry.get(code);
		if (known.timer === null) this.schedule(known);
		if (known.data.phase !== 'ended' && this.now() - known.data.context.lastActivity >= IDLE_MS) {
			this.run(known, { type: 'idle' });
		}
		return known;
	}

	/** decide → commit → evolve → publish; a refusal throws its ClassError and changes nothing. */
	protected run(
		rt: Runtime,
		command: ClassCommand,
		writes: (e: ClassEvent) => EventWrites = () => ({})
	): ClassEvent {
		const decision = decide(rt.state, command, this.now());
		if (!decision.ok) throw ClassError.of(decision.refusal);
		const { event, next } = decision;
		const extra = writes(event);
		const seq = rt.data.seq + 1;
		const pending: Pending = { rt, seq, event, phase: next.value as ClassPhase, writes: extra };
		if (!this.groupCommit) withStorage(() => this.registry.store().commit([pending]));
		this.registry.evolve(rt, next, seq);
		if (extra.answer) addAnswer(rt.data.answers, extra.answer);
		this.schedule(rt);
		if (!this.groupCommit) this.hub.publish(rt.data, event);
		else this.enqueue(pending);
		return event;
	}

	/** Resolves once every command run so far is on disk (at once without group commit); 503 if not. */
	settled(): Promise<void> {
		return this.batch?.done ?? Promise.resolve();
	}

	private enqueue(pending: Pending): void {
		this.queue.push(pending);
		if (this.batch) return;
		let resolve!: () => void;
		let reject!: (e: unknown) => void;
		const done = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
		done.catch(() => undefined);
		this.batch = { done, resolve, reject };
		if (this.groupCommitMs > 0) setTimeout(() => this.flush(), this.groupCommitMs);
		else setImmediate(() => this.flush());
	}

	/** Commits the queued commands in one transaction, then tells their listeners. */
	private flush(): void {
		const { queue, batch } = this;
		this.queue = [];
		this.batch = null;
		if (!batch) return;
		try {
			withStorage(() => this.registry.store().commit(queue));
		} catch (error) {
			for (const code of new Set(queue.map((p) => p.rt.data.code))) {
				this.hub.close(code);
				this.registry.forget(code);
			}
			batch.reject(error);
			return;
		}
		for (const p of queue) this.hub.publish(p.rt.data, p.event);
		batch.resolve();
	}

	/** Arms the time limit of an open question: answers close at the deadline plus the grace. */
	protected schedule(rt: Runtime): void {
		if (rt.timer) clearTimeout(rt.timer);
		rt.timer = null;
		const at = closesAt(rt.state);
		if (at === null) return;
		const seq = rt.data.seq;
		rt.timer = setTimeout(
			() => {
				rt.timer = null;
				if (rt.data.seq === seq) safely(() => this.run(rt, { type: 'timer' }));
			},
			Math.max(0, at - this.now())
		);
		rt.timer.unref?.();
	}

	/**
	 * Ends every session idle for 12 hours (in memory or only in the database) and forgets ended
	 * sessions nobody watches. Returns the codes it ended.
	 */
	expireIdle(): string[] {
		const ended = new Set<string>();
		const cutoff = this.now() - IDLE_MS;
		const stored = withStorage(() => this.registry.store().idleSessions(cutoff));
		for (const code of [...stored, ...[...this.registry.all()].map((rt) => rt.data.code)]) {
			const rt = this.registry.get(code);
			if (rt.data.phase !== 'ended' && this.now() - rt.data.context.lastActivity >= IDLE_MS) {
				this.run(rt, { type: 'idle' });
				ended.add(code);
			}
			if (rt.data.phase === 'ended' && this.hub.count(code) === 0) {
				this.hub.close(code);
				this.registry.forget(code);
			}
		}
		return [...ended];
	}

	/**
	 * Adds a stream for `audience` (the caller checked who it is; a removed student is 403
	 * `removed`). Sends `retry`, then the current view with `id:` the last event id, unless
	 * `lastEventId` is already that id. Returns the function that removes it.
	 */
	subscribe(
		code: string,
		audience: Audience,
		lastEventId: number | null,
		sink: SseSink
	): () => void {
		const rt = this.runtime(code);
		if (
			audience.kind === 'student' &&
			rt.state.context.students.find((s) => s.id === audience.id)?.removed !== false
		) {
			throw new ClassError(403, 'removed', 'The teacher removed you from this session.');
		}
		return this.hub.subscribe(rt.data, audience, lastEventId, sink);
	}

	/** How many streams are open on a session (for tests and the bench). */
	streamCount(code: string): number {
		return this.hub.count(this.runtime(code).data.code);
	}
}
