import { describe, expect, it } from 'vitest';
import { RateLimiter, envNumber } from './rate-limit';

describe('RateLimiter', () => {
	it('allows a burst, then refuses with the seconds to wait, then refills', () => {
		let now = 0;
		const limiter = new RateLimiter({ capacity: 3, perSecond: 0.5, now: () => now });
		expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, true]);
		expect(limiter.take('a')).toEqual({ ok: false, retryAfter: 2 });
		expect(limiter.take('b').ok).toBe(true);
		now += 2_000;
		expect(limiter.take('a').ok).toBe(true);
		expect(limiter.take('a').ok).toBe(false);
	});

	it('forgets full buckets when pruned', () => {
		let now = 0;
		const limiter = new RateLimiter({ capacity: 2, perSecond: 1, now: () => now });
		limiter.take('a');
		limiter.take('b');
		now += 5_000;
		limiter.prune();
		expect(limiter.size).toBe(0);
	});

	it('rejects a limit that could never allow anything', () => {
		expect(() => new RateLimiter({ capacity: 0, perSecond: 1 })).toThrow(RangeError);
		expect(() => new RateLimiter({ capacity: 1, perSecond: 0 })).toThrow(RangeError);
	});
});

describe('envNumber', () => {
	it('reads positive numbers and falls back otherwise', () => {
		expect(envNumber('500', 1)).toBe(500);
		expect(envNumber(undefined, 7)).toBe(7);
		expect(envNumber('', 7)).toBe(7);
		expect(envNumber('-1', 7)).toBe(7);
		expect(envNumber('abc', 7)).toBe(7);
	});
});
