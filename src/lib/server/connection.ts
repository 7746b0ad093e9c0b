/**
 * The store a class service runs on (issue 19): opened on first use, and again after it was
 * closed, with its class repository, the limits (in this process's memory for the embedded
 * store and its one instance; in the store itself when instances share it) and the service's
 * subscription to its bus. A store that does not open is 503 `storage-unavailable`.
 */
import { ClassRepository } from './class-repo';
import { asClassError } from './errors';
import { memoryLimits, storeLimits, type ClassLimits, type LimitSettings } from './limits';
import { StorageError, type Notice, type Store } from './store';

/** The open store, its class repository and its limits. */
export interface Opened {
	store: Store;
	repo: ClassRepository;
	limits: ClassLimits;
}

export type { LimitSettings } from './limits';

/** How the service hears the bus: each notice, and a gap (notices may have been missed). */
export interface BusListener {
	onNotice: (notice: Notice) => void;
	onGap: () => void;
}

/** One service's link to its store. */
export class StoreConnection {
	private opened: Promise<Opened> | null = null;
	private stopBus: (() => void) | null = null;
	private readonly local: ClassLimits;

	/** Opens with `open`; `limits` and `now` make the limits; `listener` hears the bus. */
	constructor(
		private readonly open: () => Promise<Store>,
		private readonly limits: LimitSettings,
		private readonly now: () => number,
		private readonly listener: BusListener
	) {
		this.local = memoryLimits(limits, now);
	}

	/** The open store (opening it if needed). */
	get(): Promise<Opened> {
		this.opened ??= this.open().then(
			(store) => {
				this.stopBus = store.bus.subscribe(this.listener.onNotice, this.listener.onGap);
				const limits = store.shared ? storeLimits(store, this.limits, this.now) : this.local;
				return { store, repo: new ClassRepository(store), limits };
			},
			(error: unknown) => {
				this.opened = null;
				console.error('[class] the store did not open', error);
				throw asClassError(new StorageError('unavailable'));
			}
		);
		return this.opened;
	}

	/** Closes the store (the next `get` opens it again); the limits in memory are kept. */
	async close(): Promise<void> {
		const opened = this.opened;
		this.opened = null;
		if (!opened) return;
		const { store, limits } = await opened.catch(() => ({ store: null, limits: null }));
		this.stopBus?.();
		this.stopBus = null;
		if (limits && limits !== this.local) await limits.close();
		await store?.close();
	}
}
