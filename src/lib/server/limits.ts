/**
 * Per-client limits of the class mode (issue 11): code look-ups and projector views by client
 * address (a token bucket: `CLASS_LOOKUP_BURST`, default 300, then `CLASS_LOOKUP_PER_SECOND`,
 * default 5), and a cap on the event streams open at once per client: per student identity,
 * per session for the teacher, per address for the projector (`CLASS_STREAMS_PER_CLIENT`,
 * default 8). Students behind one school address each have their own cap.
 */
import { envNumber, RateLimiter, type RateDecision } from './rate-limit';

/** Streams open at once per key; `open` answers a release function, or null past the cap. */
export class StreamCap {
	private readonly open = new Map<string, number>();

	/** A cap of `max` streams per key. */
	constructor(readonly max: number) {}

	/** Opens a stream for `key`: the function that closes it (safe to call twice), or null when full. */
	take(key: string): (() => void) | null {
		const n = this.open.get(key) ?? 0;
		if (n >= this.max) return null;
		this.open.set(key, n + 1);
		let released = false;
		return () => {
			if (released) return;
			released = true;
			const left = (this.open.get(key) ?? 1) - 1;
			if (left <= 0) this.open.delete(key);
			else this.open.set(key, left);
		};
	}

	/** Streams open for `key`. */
	count(key: string): number {
		return this.open.get(key) ?? 0;
	}
}

let lookups: RateLimiter | null = null;
let streams: StreamCap | null = null;

/** Takes one look-up (a code's summary, the projector's view or page, a projector stream) for `address`. */
export function takeLookup(address: string): RateDecision {
	lookups ??= new RateLimiter({
		capacity: envNumber(process.env.CLASS_LOOKUP_BURST, 300),
		perSecond: envNumber(process.env.CLASS_LOOKUP_PER_SECOND, 5)
	});
	return lookups.take(address);
}

/** The process's cap on open streams per client. */
export function streamCap(): StreamCap {
	streams ??= new StreamCap(envNumber(process.env.CLASS_STREAMS_PER_CLIENT, 8));
	return streams;
}

/** Starts the limits afresh (tests). */
export function resetLimits(): void {
	lookups = null;
	streams = null;
}
