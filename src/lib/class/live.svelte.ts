/**
 * A class view kept live in the browser (issue 4): starts from the view the page was rendered
 * with, follows the session's Server-Sent Events (resuming from the view's event id), reconnects
 * after the server restarts or the phone wakes, and keeps the offset between the server's clock
 * and this one for the timer.
 */

import { onMount } from 'svelte';

/**
 * Connection state: connecting (the first time), live, or offline (the stream dropped and is
 * being retried: the pages say "Reconnecting…" and mark what they show as possibly stale).
 */
export type LiveStatus = 'connecting' | 'live' | 'offline';

/** Reads a view's event id (`seq`) and server time (`now`). */
export interface ViewClock<V> {
	seq(view: V): number;
	now(view: V): number;
}

/** A live view: `view` and `status` are reactive; call `start()` in the browser and `stop()` when done. */
export class LiveView<V> {
	view: V = $state.raw() as V;
	status: LiveStatus = $state('connecting');
	/** Server time minus this device's time, in ms. */
	offset = $state(0);
	private source: EventSource | null = null;
	private retry: ReturnType<typeof setTimeout> | null = null;
	private stopped = false;
	private readonly url: string;
	private readonly clock: ViewClock<V>;
	private readonly isFinal: (view: V) => boolean;
	private readonly onWake = () => {
		if (document.visibilityState === 'visible' && this.source === null) this.connect();
	};
	private readonly onOffline = () => {
		this.status = 'offline';
	};

	/** `url` is the events URL with its `as=` audience; `clock` reads a view's seq and now. */
	constructor(
		initial: V,
		url: string,
		clock: ViewClock<V>,
		isFinal: (view: V) => boolean = () => false
	) {
		this.url = url;
		this.clock = clock;
		this.isFinal = isFinal;
		this.view = initial;
		this.offset = clock.now(initial) - Date.now();
	}

	/** Takes a newer view (from a POST's answer, say); an older one is ignored. */
	replace(view: V): void {
		if (this.clock.seq(view) < this.clock.seq(this.view)) return;
		this.view = view;
		this.offset = this.clock.now(view) - Date.now();
		if (this.isFinal(view)) this.stop();
	}

	/** Opens the stream (browser only). */
	start(): void {
		this.stopped = false;
		if (this.isFinal(this.view)) return;
		document.addEventListener('visibilitychange', this.onWake);
		window.addEventListener('online', this.onWake);
		window.addEventListener('offline', this.onOffline);
		this.connect();
	}

	/** Closes the stream and stops reconnecting. */
	stop(): void {
		this.stopped = true;
		if (this.retry) clearTimeout(this.retry);
		this.source?.close();
		this.source = null;
		document.removeEventListener('visibilitychange', this.onWake);
		window.removeEventListener('online', this.onWake);
		window.removeEventListener('offline', this.onOffline);
	}

	private connect(): void {
		if (this.stopped) return;
		const sep = this.url.includes('?') ? '&' : '?';
		const source = new EventSource(`${this.url}${sep}lastEventId=${this.clock.seq(this.view)}`);
		this.source = source;
		this.status = 'connecting';
		source.onopen = () => (this.status = 'live');
		source.addEventListener('state', (event) => {
			this.status = 'live';
			this.replace(JSON.parse((event as MessageEvent<string>).data) as V);
		});
		source.onerror = () => {
			// The stream dropped: say so at once, while the browser retries (issue 20: the pages
			// showed nothing until the browser gave up, which it never does on a server restart).
			this.status = 'offline';
			if (source.readyState !== EventSource.CLOSED) return;
			// The browser gave up (an error status): try again ourselves.
			this.source = null;
			if (!this.stopped) this.retry = setTimeout(() => this.connect(), 3_000);
		};
	}
}

/** What a class page says when the server cannot be reached: class mode needs the network. */
export const CLASS_OFFLINE =
	'Class mode needs the network, and this device cannot reach the server just now. What you typed is kept: try again when the connection is back.';

/**
 * Sends JSON to a class API route; resolves with the JSON answer or throws an Error with the
 * server's message (`code`, `status`), or `CLASS_OFFLINE` (code `offline`) when the request never
 * reached the server.
 */
export async function postJson<T>(url: string, body: unknown, method = 'POST'): Promise<T> {
	let res: Response;
	try {
		res = await fetch(url, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body)
		});
	} catch {
		throw Object.assign(new Error(CLASS_OFFLINE), { code: 'offline', status: 0 });
	}
	const data = (await res.json().catch(() => null)) as
		(T & { error?: undefined }) | { error: { code: string; message: string } } | null;
	if (!res.ok || data === null || data.error) {
		const error = data?.error;
		throw Object.assign(new Error(error?.message ?? `The server answered ${res.status}.`), {
			code: error?.code ?? 'http',
			status: res.status
		});
	}
	return data as T;
}

/**
 * Follows `live` while the calling component is mounted: `start()` on mount, `stop()` when it is
 * destroyed. Returns `live`. Call it during component initialisation (it uses `onMount`).
 */
export function whileMounted<V>(live: LiveView<V>): LiveView<V> {
	onMount(() => {
		live.start();
		return () => live.stop();
	});
	return live;
}
