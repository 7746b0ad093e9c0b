/**
 * The event bus's fan-out inside one process (issue 19): listeners, and notices coalesced per
 * topic until the next turn of the event loop (a burst of commits wakes each listener once per
 * topic). The SQLite store publishes its own commits here; the PostgreSQL store publishes what
 * its LISTEN connection hears.
 */
import type { EventBus, Notice } from './types';

interface Listener {
	onNotice: (notice: Notice) => void;
	onGap?: () => void;
}

/** Listeners of one store, with coalescing. */
export class LocalBus implements EventBus {
	private readonly listeners = new Set<Listener>();
	private readonly waiting = new Map<string, number>();
	private scheduled = false;

	/** See `EventBus.subscribe`. */
	subscribe(onNotice: (notice: Notice) => void, onGap?: () => void): () => void {
		const listener: Listener = { onNotice, onGap };
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Queues notices: each listener hears the highest seq of each topic once, on the next turn. */
	publish(notices: readonly Notice[]): void {
		for (const n of notices) {
			this.waiting.set(n.topic, Math.max(n.seq, this.waiting.get(n.topic) ?? -1));
		}
		if (this.scheduled || this.waiting.size === 0) return;
		this.scheduled = true;
		setImmediate(() => this.flush());
	}

	/** Tells every listener that notices may have been missed. */
	gap(): void {
		for (const l of [...this.listeners]) safely(() => l.onGap?.());
	}

	private flush(): void {
		this.scheduled = false;
		const notices = [...this.waiting].map(([topic, seq]) => ({ topic, seq }));
		this.waiting.clear();
		for (const l of [...this.listeners]) {
			for (const n of notices) safely(() => l.onNotice(n));
		}
	}
}

function safely(fn: () => void): void {
	try {
		fn();
	} catch (error) {
		console.error('[store bus]', error);
	}
}
