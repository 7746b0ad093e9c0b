/**
 * The learner's attempts as a live, reactive list: read from the store when first shown, and read
 * again whenever the store changes, in this tab or another (`ProgressStore.subscribe`). What
 * /progress and /review show, so a tab opened earlier never works on old data.
 */
import { createSubscriber } from 'svelte/reactivity';
import { listAttempts } from './progress';
import { progressStore, type ProgressStore } from './store';
import type { AttemptRecord } from './types';

/**
 * `attempts`: every attempt kept, oldest first (null until first read); `error`: why the store
 * could not be read, else ''. Both are reactive; reading `attempts` in an effect or template
 * starts following the store, and leaving it stops.
 */
export class LiveAttempts {
	#attempts: AttemptRecord[] | null = $state.raw(null);
	#error = $state('');
	#store: ProgressStore;
	#reads = 0;
	#shown = '';
	#subscribe = createSubscriber(() => {
		void this.refresh();
		return this.#store.subscribe(() => void this.refresh());
	});

	constructor(store: ProgressStore = progressStore()) {
		this.#store = store;
	}

	get attempts(): AttemptRecord[] | null {
		this.#subscribe();
		return this.#attempts;
	}

	get error(): string {
		this.#subscribe();
		return this.#error;
	}

	/** Reads the store again now (the latest read wins). Never rejects. */
	async refresh(): Promise<void> {
		const read = ++this.#reads;
		try {
			const list = await listAttempts(this.#store);
			if (read !== this.#reads) return;
			this.#error = '';
			// The same list read again changes nothing on the page (an open card stays open).
			const text = JSON.stringify(list);
			if (this.#attempts !== null && text === this.#shown) return;
			this.#shown = text;
			this.#attempts = list;
		} catch (e) {
			if (read !== this.#reads) return;
			this.#error = `Your progress could not be read on this device: ${e instanceof Error ? e.message : String(e)}`;
			this.#attempts ??= [];
		}
	}
}
