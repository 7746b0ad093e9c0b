/**
 * One lazy-loading adapter for an XState actor (issue 18): the quiz, a lesson and the night's
 * ledger each show a page before their machine (XState and the grading or the ledger it uses)
 * has loaded, and load it on the first sign of intent (`preload`) or the first event. Events sent
 * before it arrives wait in order and are replayed on the actor, so nothing is lost; a failed
 * load keeps them for the next try and says why (`onfail`). Each owner keeps its own state (a
 * `$state.raw` view replaced whole on every snapshot) and its own rules (what to show at once,
 * what to save, when to reload in place); this module holds only the mechanics they shared.
 *
 * (svelte.dev's `createSubscriber` fits a source read only while something shows it; these
 * owners save and record on every change whether it is shown or not, so they subscribe for the
 * actor's whole life instead.)
 */

/** What the adapter needs of an actor: XState's `Actor` has it. */
export interface RunnableActor<Event, Snapshot> {
	start(): unknown;
	stop(): unknown;
	send(event: Event): void;
	getSnapshot(): Snapshot;
	subscribe(next: (snapshot: Snapshot) => void): { unsubscribe(): void };
}

/** How a `LazyActor` fetches, creates and follows its machine. */
export interface LazyActorOptions<Module, Event, Snapshot> {
	/** Fetches the machine's module (a dynamic import, through `onDemand`; tests pass their own). */
	load: () => Promise<Module>;
	/** Creates the actor, not started, or null when it cannot start yet (the next try loads again). */
	create: (module: Module) => RunnableActor<Event, Snapshot> | null;
	/** Every snapshot of the running actor, its first (at start) included. */
	onsnapshot: (snapshot: Snapshot) => void;
	/** After start, before the waiting events are replayed (e.g. the event that starts a round). */
	onstart?: (actor: RunnableActor<Event, Snapshot>, module: Module) => void;
	/** The module could not be fetched; `waiting` are the events kept for the next try. */
	onfail: (error: unknown, waiting: readonly Event[]) => void | Promise<void>;
}

/**
 * A machine loaded on demand. `send` passes an event to the running actor, or keeps it until the
 * actor runs (true when it was sent at once); `preload` fetches and starts it once and resolves to
 * whether it runs (never rejects); `restart` stops the actor and starts a new one from the loaded
 * module; `stop` ends everything, and anything after it is ignored.
 */
export class LazyActor<Module, Event, Snapshot> {
	readonly #options: LazyActorOptions<Module, Event, Snapshot>;
	#actor: RunnableActor<Event, Snapshot> | undefined;
	#module: Module | undefined;
	#subscription: { unsubscribe(): void } | undefined;
	#loading: Promise<boolean> | undefined;
	#waiting: Event[] = [];
	#stopped = false;

	constructor(options: LazyActorOptions<Module, Event, Snapshot>) {
		this.#options = options;
	}

	/** True while the actor runs (loaded and started, not stopped). */
	get running(): boolean {
		return this.#actor !== undefined && !this.#stopped;
	}

	/** True once `stop` was called. */
	get stopped(): boolean {
		return this.#stopped;
	}

	/** The events waiting for the actor, oldest first. */
	get waiting(): readonly Event[] {
		return this.#waiting;
	}

	/** Sends `event` to the running actor (true), or keeps it for when it runs (false). */
	send(event: Event): boolean {
		if (this.#stopped) return false;
		if (this.#actor) {
			this.#actor.send(event);
			return true;
		}
		this.#waiting.push(event);
		return false;
	}

	/** Drops the events still waiting (a new round makes them moot). */
	drop(): void {
		this.#waiting = [];
	}

	/** Fetches the module and starts the actor, once; resolves to whether it runs. */
	preload(): Promise<boolean> {
		this.#loading ??= this.#options.load().then(
			(module) => this.#begin(module),
			async (error: unknown) => {
				this.#loading = undefined;
				if (this.#stopped) return false;
				await this.#options.onfail(error, this.#waiting);
				return false;
			}
		);
		return this.#loading;
	}

	/** Stops the running actor and starts a new one (`create` again); false before it has loaded. */
	restart(): boolean {
		if (this.#stopped || !this.#module) return false;
		this.#halt();
		return this.#begin(this.#module);
	}

	#begin(module: Module): boolean {
		if (this.#stopped) return false;
		const actor = this.#options.create(module);
		if (!actor) {
			this.#loading = undefined;
			return false;
		}
		this.#module = module;
		this.#actor = actor;
		this.#subscription = actor.subscribe(this.#options.onsnapshot);
		actor.start();
		this.#options.onstart?.(actor, module);
		for (const event of this.#waiting.splice(0)) actor.send(event);
		return true;
	}

	#halt(): void {
		this.#subscription?.unsubscribe();
		this.#actor?.stop();
		this.#actor = undefined;
	}

	/** Stops listening, stops the actor and drops what waits. */
	stop(): void {
		if (this.#stopped) return;
		this.#stopped = true;
		this.#waiting = [];
		this.#halt();
	}
}
