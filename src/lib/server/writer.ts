/**
 * How a session's commands are written (issue 19): each session commits one batch at a time, in
 * line with its catch-ups (`rt.chain`). The commands that arrive while a batch is being written
 * wait, then are decided together (`decide`) on the state it left and appended in one write at
 * the expected sequence number (a burst of answers shares one disk sync; the SQLite writer also
 * groups the batches of different sessions). Nothing changes in memory and nobody hears of a
 * command (no stream message, no HTTP answer) before its batch is stored. If another instance
 * appended first, the append is a conflict: the writer reads the events it missed, decides the
 * batch again and appends again; a refusal is only given on a copy known to be up to date. The
 * store's bus says when another instance appended: the sessions held here catch up.
 */
import { decide, type ClassCommand } from '$lib/class/decide';
import { closesAt, phaseOf } from '$lib/class/evolve';
import type { ClassEvent } from '$lib/class/machine';
import { topicSession, type NewRecord } from './class-records';
import type { Opened } from './connection';
import { ClassError, asClassError } from './errors';
import type { StreamHub } from './hub';
import { safely } from './streams';
import type { Pending, Runtime, SessionRegistry } from './registry';
import { ConflictError, StorageError } from './store';

/** The most commands one append takes; the rest wait for the next. */
const MAX_BATCH = 500;
/** How many times a batch is decided again after losing a race to another instance. */
const MAX_ATTEMPTS = 50;

type Outcome = { event: ClassEvent } | { error: unknown };

/** A storage failure as the API says it: 503 `storage-unavailable`. */
const storageUnavailable = (): ClassError => asClassError(new StorageError('unavailable'))!;

/** Swallows a refusal (a timer or a sweep that lost to another instance); logs anything else. */
export function ignoreRefusal(error: unknown): void {
	if (error instanceof ClassError && error.status < 500) return;
	safely(() => console.error('[class]', error));
}

/** Writes the commands of the sessions of one registry. */
export class SessionWriter {
	/** Over `registry` and `hub`; `open` gives the store; `now` is the clock (ms). */
	constructor(
		private readonly registry: SessionRegistry,
		private readonly hub: StreamHub,
		private readonly open: () => Promise<Opened>,
		private readonly now: () => number
	) {}

	/** Waits for every commit and catch-up in progress. */
	async settled(): Promise<void> {
		await Promise.all(this.registry.all().map((rt) => rt.chain));
	}

	/** On a shared store, reads what other instances appended to `rt` (in line with its commits). */
	async fresh(rt: Runtime): Promise<void> {
		if (!(await this.open()).store.shared) return;
		await this.inLine(rt, () => this.catchUp(rt));
	}

	/**
	 * Queues `command` for the session's next append: resolves with its event once stored (and
	 * applied and published), rejects with its refusal (a ClassError) or 503.
	 */
	run(
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
				// A teacher's command is answered once every stream has been written what it made
				// (a class of 2,000 hears the reveal before the teacher's own view is built).
				const written = this.hub.written(code);
				batch.forEach((p, i) => {
					const o = outcomes[i]!;
					if (!('event' in o)) p.reject(o.error);
					else if (p.command.type === 'teacher') void written.then(() => p.resolve(o.event));
					else p.resolve(o.event);
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
		const records = await (await this.open()).repo.events(rt.data.code, rt.data.seq);
		if (records.length === 0) return false;
		this.registry.apply(rt, records);
		this.schedule(rt);
		for (const r of records) this.hub.publish(rt.data, r.event);
		return true;
	}

	/** The bus said session `topic` is at `seq`: catch up if this instance holds it and is behind. */
	heard(topic: string, seq: number): void {
		const code = topicSession(topic);
		const rt = code === null ? undefined : this.registry.cached(code);
		if (!rt) return;
		rt.knownSeq = Math.max(rt.knownSeq, seq);
		if (seq > rt.data.seq) this.catchUpSoon(rt);
	}

	catchUpSoon(rt: Runtime): void {
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
	schedule(rt: Runtime): void {
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
}
