/**
 * The runner of the class mode (issue 11; issue 19: on any store, any instance): the one path of
 * every command, decide (`$lib/class/decide`) → append at the expected sequence number (the
 * store) → apply (the session in memory) → publish (the stream hub). The time limit's timer and
 * the idle sweep send their commands down the same path. `ClassService` adds who is asking.
 *
 * Each session commits one batch at a time: the commands that arrive while a batch is being
 * written wait, then are decided together on the state it left and appended in one write (a
 * burst of answers shares one disk sync; the SQLite writer also groups the batches of different
 * sessions). Nothing changes in memory and nobody hears of a command (no stream message, no HTTP
 * answer) before its batch is stored. If another instance appended first, the append is a
 * conflict: the runner reads the events it missed, decides the batch again and retries. Every
 * instance hears the others' commits on the store's bus and catches up the sessions it holds.
 */
import type { Scenario } from '$lib/scenarios/types';
import { closesAt, decide, phaseOf, type ClassCommand } from '$lib/class/decide';
import type { ClassEvent } from '$lib/class/machine';
import { IDLE_MS, idleAt } from '$lib/class/rules';
import type { ClassConfig } from '$lib/class/types';
import { ClassRepository, topicSession, type NewRecord } from './class-repo';
import { ClassError, asClassError } from './errors';
import { StreamHub, safely } from './hub';
import { memoryLimits, storeLimits, type ClassLimits, type Limit } from './limits';
import { SessionRegistry, type Pending, type Runtime } from './registry';
import { ConflictError, StorageError, type Store } from './store';

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
	/** Event streams open at once per client (default 8). */
	streamsPerClient?: number;
	/** Answer and join counts reach the teacher and the projector at most this often (ms, default 100; 0 = at once). */
	coalesceMs?: number;
	/** Keep-alive comment on every stream this often (ms, default 20 000). */
	heartbeatMs?: number;
}

/** The most commands one append takes; the rest wait for the next. */
const MAX_BATCH = 500;
/** How many times a batch is decided again after losing a race to another instance. */
const MAX_ATTEMPTS = 50;

type Outcome = { event: ClassEvent } | { error: unknown };

/** A storage failure as the API says it: 503 `storage-unavailable`. */
const storageUnavailable = (): ClassError => asClassError(new StorageError('unavailable'))!;

/** Runs the commands of every session in memory; see `ClassService` for the public side. */
export class SessionRunner {
	protected readonly now: () => number;
	protected readonly generate: (config: ClassConfig) => Scenario[];
	protected readonly registry: SessionRegistry;
	protected readonly hub: StreamHub;
	private readonly options: ClassServiceOptions;
	private opened: Promise<{ store: Store; repo: ClassRepository; limits: ClassLimits }> | null =
		null;
	private readonly local: ClassLimits;
	private stopBus: (() => void) | null = null;

	/** A service over the store `options.open` opens (lazily, and again after `closeDatabase`). */
	constructor(options: ClassServiceOptions) {
		this.options = options;
		this.now = options.now ?? (() => Date.now());
		this.generate = options.generate;
		this.registry = new SessionRegistry(() => this.repo());
		this.hub = new StreamHub({
			now: this.now,
			coalesceMs: options.coalesceMs ?? 100,
			heartbeatMs: options.heartbeatMs ?? 20_000
		});
		this.local = memoryLimits(this.limitSettings(), this.now);
	}

	private limitSettings() {
		const o = this.options;
		return {
			joins: { capacity: 120, perSecond: 5, ...o.joinLimit },
			creations: { capacity: 10, perSecond: 1 / 60, ...o.createLimit },
			lookups: { capacity: 300, perSecond: 5, ...o.lookupLimit },
			streams: o.streamsPerClient ?? 8
		};
	}

	/** The store, its class repository and the limits (opened on first use; 503 when it cannot be). */
	private open(): Promise<{ store: Store; repo: ClassRepository; limits: ClassLimits }> {
		this.opened ??= this.options.open().then(
			(store) => {
				this.stopBus = store.bus.subscribe(
					(n) => this.heard(n.topic, n.seq),
					() => this.registry.all().forEach((rt) => this.catchUpSoon(rt))
				);
				const limits = store.shared
					? storeLimits(store, this.limitSettings(), this.now)
					: this.local;
				return { store, repo: new ClassRepository(store), limits };
			},
			(error: unknown) => {
				this.opened = null;
				console.error('[class] the store did not open', error);
				throw storageUnavailable();
			}
		);
		return this.opened;
	}

	/** The class repository over the open store. */
	protected async repo(): Promise<ClassRepository> {
		return (await this.open()).repo;
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
	async settled(): Promise<void> {
		await Promise.all(this.registry.all().map((rt) => rt.chain));
	}

	/** Closes the store (after the commits in progress); the next call that needs it opens it again. */
	async closeDatabase(): Promise<void> {
		await this.settled();
		const opened = this.opened;
		this.opened = null;
		if (!opened) return;
		const { store, limits } = await opened.catch(() => ({ store: null, limits: null }));
		this.stopBus?.();
		this.stopBus = null;
		if (limits && limits !== this.local) await limits.close();
		await store?.close();
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
	protected async fresh(rt: Runtime): Promise<void> {
		if (!(await this.shared())) return;
		await this.inLine(rt, () => this.catchUp(rt));
	}

	/**
	 * Queues `command` for the session's next append: resolves with its event once stored (and
	 * applied and published), rejects with its refusal (a ClassError) or 503.
	 */
	protected run(
		rt: Runtime,
		command: ClassCommand,
		facts: Pending['facts'] = () => ({ facts: {} })
	): Promise<ClassEvent> {
		return new Promise<ClassEvent>((resolve, reject) => {
			rt.queue.push({ command, facts, resolve, reject });
			this.commitSoon(rt);
		});
	}

	/** Runs `fn` after everything queued before it on this session (commits and catch-ups). */
	private inLine<T>(rt: Runtime, fn: () => Promise<T>): Promise<T> {
		const next = rt.chain.then(fn);
		rt.chain = next.then(
			() => undefined,
			() => undefined
		);
		return next;
	}

	private commitSoon(rt: Runtime): void {
		if (rt.committing) return;
		rt.committing = true;
		void this.inLine(rt, async () => {
			rt.committing = false;
			const batch = rt.queue.splice(0, MAX_BATCH);
			if (rt.queue.length > 0) this.commitSoon(rt);
			if (batch.length > 0) await this.commit(rt, batch);
		});
	}

	/** Decides a batch on the latest state, appends it, applies and publishes it, answers its callers. */
	private async commit(rt: Runtime, batch: Pending[]): Promise<void> {
		const code = rt.data.code;
		try {
			const { repo, store } = await this.open();
			for (let attempt = 1; ; attempt++) {
				if (store.shared && rt.knownSeq > rt.data.seq) await this.catchUp(rt);
				const now = this.now();
				let state = rt.data.state;
				const outcomes: Outcome[] = [];
				const records: NewRecord[] = [];
				for (const p of batch) {
					const decision = decide(state, p.command, now);
					if (!decision.ok) {
						outcomes.push({ error: ClassError.of(decision.refusal) });
						continue;
					}
					try {
						records.push({ event: decision.event, ...p.facts(decision.event) });
					} catch (error) {
						outcomes.push({ error });
						continue;
					}
					state = decision.next;
					outcomes.push({ event: decision.event });
				}
				// A refusal decided on a copy another instance has overtaken would be wrong: read
				// what it missed first (and decide again if there was something).
				const refused = records.length < batch.length;
				if (store.shared && refused && attempt < MAX_ATTEMPTS && (await this.caughtUp(rt))) {
					continue;
				}
				if (records.length > 0) {
					const base = rt.data.seq;
					try {
						await repo.append(code, base, records, phaseOf(state));
					} catch (error) {
						if (error instanceof ConflictError && error.conflict === 'sequence') {
							if (attempt < MAX_ATTEMPTS) {
								await this.catchUp(rt);
								continue;
							}
							throw new ClassError(503, 'busy', 'The class is very busy: try again.');
						}
						throw error;
					}
					const stored = records.map((r, i) => ({ ...r, seq: base + i + 1 }));
					this.registry.apply(rt, stored, state);
					this.schedule(rt);
					for (const r of records) this.hub.publish(rt.data, r.event);
				}
				batch.forEach((p, i) => {
					const o = outcomes[i]!;
					if ('event' in o) p.resolve(o.event);
					else p.reject(o.error);
				});
				return;
			}
		} catch (error) {
			if (!(error instanceof ClassError)) console.error(`[class] ${code}: not stored`, error);
			const failure = error instanceof ClassError ? error : storageUnavailable();
			for (const p of batch) p.reject(failure);
		}
	}

	/** Reads and applies the events other instances appended after `rt`'s seq, and publishes them. */
	private async catchUp(rt: Runtime): Promise<void> {
		await this.caughtUp(rt);
	}

	/** `catchUp`, telling whether there was anything to catch up. */
	private async caughtUp(rt: Runtime): Promise<boolean> {
		const records = await (await this.repo()).events(rt.data.code, rt.data.seq);
		if (records.length === 0) return false;
		this.registry.apply(rt, records);
		this.schedule(rt);
		for (const r of records) this.hub.publish(rt.data, r.event);
		return true;
	}

	/** The bus said session `topic` is at `seq`: catch up if this instance holds it and is behind. */
	private heard(topic: string, seq: number): void {
		const code = topicSession(topic);
		const rt = code === null ? undefined : this.registry.cached(code);
		if (!rt) return;
		rt.knownSeq = Math.max(rt.knownSeq, seq);
		if (seq > rt.data.seq) this.catchUpSoon(rt);
	}

	private catchUpSoon(rt: Runtime): void {
		if (rt.catchingUp) return;
		rt.catchingUp = true;
		this.inLine(rt, () => {
			rt.catchingUp = false;
			return this.catchUp(rt);
		}).catch((error: unknown) => {
			console.error(`[class] ${rt.data.code}: catching up failed`, error);
			this.hub.close(rt.data.code);
			this.registry.forget(rt.data.code);
		});
	}

	/** Arms the time limit of an open question: answers close at the deadline plus the grace. */
	protected schedule(rt: Runtime): void {
		if (rt.timer) clearTimeout(rt.timer);
		rt.timer = null;
		const at = closesAt(rt.data.state);
		if (at === null) return;
		rt.timer = setTimeout(
			() => {
				rt.timer = null;
				this.run(rt, { type: 'timer' }).catch(ignoreRefusal);
			},
			Math.max(0, at - this.now())
		);
		rt.timer.unref?.();
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

/** Swallows a refusal (a timer or a sweep that lost to another instance); logs anything else. */
function ignoreRefusal(error: unknown): void {
	if (error instanceof ClassError && error.status < 500) return;
	safely(() => console.error('[class]', error));
}
