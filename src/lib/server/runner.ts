/**
 * The runner of the class mode (issue 11; issue 19: on any store, any instance): the one path of
 * every command, decide (`$lib/class/decide`) → append at the expected sequence number (the
 * store) → apply (the session in memory) → publish (the stream hub), written by `./writer`. The
 * time limit's timer and the idle sweep send their commands down the same path. This file holds
 * the sessions' lifecycle (loading, idle, the sweep) and the store's (`./connection`);
 * `ClassService` adds who is asking.
 */
import type { Scenario } from '$lib/scenarios/types';
import { decide, type ClassCommand } from '$lib/class/decide';
import type { ClassEvent } from '$lib/class/machine';
import { IDLE_MS, idleAt } from '$lib/class/rules';
import type { ClassConfig } from '$lib/class/types';
import type { ClassRepository } from './class-repo';
import { StoreConnection, type Opened } from './connection';
import { StreamHub } from './hub';
import type { ClassLimits, Limit } from './limits';
import { SessionRegistry, type Pending, type Runtime } from './registry';
import { SessionWriter, ignoreRefusal } from './writer';
import type { Store } from './store';

export type { Limit } from './limits';

/** Settings of the service; `open` opens the store, `generate` makes the questions. */
export interface ClassServiceOptions {
	open: () => Promise<Store>;
	generate: (config: ClassConfig) => Scenario[];
	now?: () => number;
	/** Joins per client address (default a burst of 120, then 5 per second). */
	joinLimit?: Limit;
	/** Sessions created per client address (default a burst of 10, then one a minute). */
	createLimit?: Limit;
	/** Code look-ups, projector views and projector streams per address (default 300, then 5 per second). */
	lookupLimit?: Limit;
	/** Homework answer sends per address (default a burst of 600, then 10 per second). */
	answerLimit?: Limit;
	/** Event streams open at once per client (default 8). */
	streamsPerClient?: number;
	/** Answer and join counts reach the teacher and the projector at most this often (ms, default 100; 0 = at once). */
	coalesceMs?: number;
	/** Keep-alive comment on every stream this often (ms, default 20 000). */
	heartbeatMs?: number;
}

/** Runs the commands of every session in memory; see `ClassService` for the public side. */
export class SessionRunner {
	protected readonly now: () => number;
	protected readonly generate: (config: ClassConfig) => Scenario[];
	protected readonly registry: SessionRegistry;
	protected readonly hub: StreamHub;
	private readonly connection: StoreConnection;
	private readonly writer: SessionWriter;

	/** A service over the store `options.open` opens (lazily, and again after `closeDatabase`). */
	constructor(options: ClassServiceOptions) {
		this.now = options.now ?? (() => Date.now());
		this.generate = options.generate;
		this.registry = new SessionRegistry(() => this.repo());
		this.hub = new StreamHub({
			now: this.now,
			coalesceMs: options.coalesceMs ?? 100,
			heartbeatMs: options.heartbeatMs ?? 20_000
		});
		const limits = {
			joins: { capacity: 120, perSecond: 5, ...options.joinLimit },
			creations: { capacity: 10, perSecond: 1 / 60, ...options.createLimit },
			lookups: { capacity: 300, perSecond: 5, ...options.lookupLimit },
			answers: { capacity: 600, perSecond: 10, ...options.answerLimit },
			streams: options.streamsPerClient ?? 8
		};
		this.connection = new StoreConnection(options.open, limits, this.now, {
			onNotice: (n) => this.writer.heard(n.topic, n.seq),
			onGap: () => this.registry.all().forEach((rt) => this.writer.catchUpSoon(rt))
		});
		this.writer = new SessionWriter(this.registry, this.hub, () => this.open(), this.now);
	}

	private open(): Promise<Opened> {
		return this.connection.get();
	}

	/** The class repository over the open store. */
	protected async repo(): Promise<ClassRepository> {
		return (await this.open()).repo;
	}

	/** The open store itself (homework keeps its answers in it too, issue 20). */
	async openStore(): Promise<Store> {
		return (await this.open()).store;
	}

	/** The limits of this store (shared by every instance on PostgreSQL). */
	async limits(): Promise<ClassLimits> {
		return (await this.open()).limits;
	}

	/** True when other instances may write the same sessions (the store is shared). */
	protected async shared(): Promise<boolean> {
		return (await this.open()).store.shared;
	}

	/** Waits for every commit and catch-up in progress. */
	settled(): Promise<void> {
		return this.writer.settled();
	}

	/** Closes the store (after the commits in progress); the next call that needs it opens it again. */
	async closeDatabase(): Promise<void> {
		await this.settled();
		await this.connection.close();
	}

	/** Forgets every session held in memory and ends their streams (as a restart would). */
	async forgetSessions(): Promise<void> {
		await this.settled();
		this.hub.close();
		this.registry.forgetAll();
	}

	/** Stops timers, ends every stream and closes the store. */
	async shutdown(): Promise<void> {
		await this.forgetSessions();
		await this.closeDatabase();
	}

	/**
	 * The session (loaded and its timer armed if needed), ended now if `decide` says it has been
	 * idle too long; else 404. With `fresh` (what a view needs), on a shared store it is brought up
	 * to date with what other instances appended first. A command needs no `fresh`: its append at
	 * the expected sequence number fails if another instance went first, and a refusal is only
	 * given once the session is known to be up to date (`commit`).
	 */
	protected async runtime(code: string, fresh = false): Promise<Runtime> {
		const rt = await this.registry.get(code);
		if (fresh) await this.fresh(rt);
		if (rt.timer === null) this.schedule(rt);
		const now = this.now();
		if (now >= idleAt(rt.data.context) && decide(rt.data.state, { type: 'idle' }, now).ok) {
			await this.run(rt, { type: 'idle' }).catch(ignoreRefusal);
		}
		return rt;
	}

	/** On a shared store, reads what other instances appended to `rt` (in line with its commits). */
	protected fresh(rt: Runtime): Promise<void> {
		return this.writer.fresh(rt);
	}

	/**
	 * Queues `command` for the session's next append: resolves with its event once stored (and
	 * applied and published), rejects with its refusal (a ClassError) or 503.
	 */
	protected run(rt: Runtime, command: ClassCommand, facts?: Pending['facts']): Promise<ClassEvent> {
		return this.writer.run(rt, command, facts);
	}

	/** Arms the time limit of an open question (see `SessionWriter.schedule`). */
	protected schedule(rt: Runtime): void {
		this.writer.schedule(rt);
	}

	/**
	 * Ends every session `decide` finds idle (in memory or only in the store) and forgets ended
	 * sessions nobody watches here. Returns the codes this instance ended (another instance
	 * sweeping at the same time ends each session once: the loser's append is refused).
	 */
	async expireIdle(): Promise<string[]> {
		const ended: string[] = [];
		const stored = await (await this.repo()).idleSessions(this.now() - IDLE_MS);
		const codes = new Set([...stored, ...this.registry.all().map((rt) => rt.data.code)]);
		for (const code of codes) {
			const rt = await this.registry.get(code);
			await this.fresh(rt);
			if (decide(rt.data.state, { type: 'idle' }, this.now()).ok) {
				const done = await this.run(rt, { type: 'idle' }).then(
					() => true,
					(error: unknown) => (ignoreRefusal(error), false)
				);
				if (done) ended.push(code);
			}
			if (rt.data.phase === 'ended' && this.hub.count(code) === 0) {
				this.hub.close(code);
				this.registry.forget(code);
			}
		}
		return ended;
	}

	/** How many streams are open on a session here (for tests and the bench). */
	async streamCount(code: string): Promise<number> {
		return this.hub.count((await this.runtime(code)).data.code);
	}
}
