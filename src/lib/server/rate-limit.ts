/**
 * A token-bucket rate limiter per key (the client address for joins, issue 4). In memory: a
 * restart forgets it, which only loosens the limit for a moment.
 */

/** `capacity` tokens at most (the burst), refilled at `perSecond`; `now` in ms (injectable for tests). */
export interface RateLimitOptions {
	capacity: number;
	perSecond: number;
	now?: () => number;
}

/** The limiter's answer: allowed, or refused with the seconds to wait. */
export type RateDecision = { ok: true } | { ok: false; retryAfter: number };

/** Token buckets by key; buckets that are full again are forgotten. */
export class RateLimiter {
	private readonly buckets = new Map<string, { tokens: number; at: number }>();
	private readonly options: Required<RateLimitOptions>;

	/** A limiter; throws a RangeError for a capacity below 1 or a rate that is not positive. */
	constructor(options: RateLimitOptions) {
		if (!(options.capacity >= 1) || !(options.perSecond > 0)) {
			throw new RangeError('A rate limit needs capacity >= 1 and perSecond > 0');
		}
		this.options = { now: () => Date.now(), ...options };
	}

	/** Takes one token for `key`: ok, or how many whole seconds until one is available. */
	take(key: string): RateDecision {
		const { capacity, perSecond, now } = this.options;
		const t = now();
		const bucket = this.buckets.get(key) ?? { tokens: capacity, at: t };
		const tokens = Math.min(capacity, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
		if (tokens < 1) {
			this.buckets.set(key, { tokens, at: t });
			return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
		}
		this.buckets.set(key, { tokens: tokens - 1, at: t });
		if (this.buckets.size > 10_000) this.prune();
		return { ok: true };
	}

	/** Forgets the buckets that have refilled completely. */
	prune(): void {
		const { capacity, perSecond, now } = this.options;
		const t = now();
		for (const [key, b] of this.buckets) {
			if (b.tokens + ((t - b.at) / 1000) * perSecond >= capacity) this.buckets.delete(key);
		}
	}

	/** How many keys are tracked (for tests). */
	get size(): number {
		return this.buckets.size;
	}
}

/** Reads a positive number from the environment, or the fallback. */
export function envNumber(value: string | undefined, fallback: number): number {
	const n = Number(value);
	return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}
