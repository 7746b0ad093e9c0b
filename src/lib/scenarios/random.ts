import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * Hashes a string into four 32-bit words (cyrb128). Works on UTF-16 code units, so Node and the
 * browser give the same words for the same string.
 */
export function hash128(text: string): [number, number, number, number] {
	let h1 = 1779033703;
	let h2 = 3144134277;
	let h3 = 1013904242;
	let h4 = 2773480762;
	for (let i = 0; i < text.length; i++) {
		const k = text.charCodeAt(i);
		h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
		h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
		h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
		h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
	}
	h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
	h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
	h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
	h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
	h1 ^= h2 ^ h3 ^ h4;
	h2 ^= h1;
	h3 ^= h1;
	h4 ^= h1;
	return [h1 | 0, h2 | 0, h3 | 0, h4 | 0];
}

/**
 * A small deterministic random source over pure-rand's xoroshiro128+ generator, seeded from a
 * hash of a string. Never uses `Math.random`: the same key gives the same draws everywhere.
 */
export class Rand {
	private readonly rng: RandomGenerator;

	/** A generator seeded from `hash128(key)`. */
	constructor(key: string) {
		const state = hash128(key);
		// xoroshiro128+ must not start from the all-zero state.
		if (state.every((w) => w === 0)) state[0] = 1;
		this.rng = xoroshiro128plusFromState(state);
		// Mix the fresh state a little before the first draw.
		for (let i = 0; i < 4; i++) this.rng.next();
	}

	/** A whole number from `min` to `max`, both included. */
	int(min: number, max: number): number {
		return uniformInt(this.rng, min, max);
	}

	/** True with probability `p` (0..1), at a resolution of 1/10000. */
	chance(p: number): boolean {
		return this.int(0, 9999) < Math.round(p * 10000);
	}

	/** One element of a non-empty list, each equally likely. Throws on an empty list. */
	pick<T>(items: readonly T[]): T {
		if (items.length === 0) throw new RangeError('pick() needs a non-empty list');
		return items[this.int(0, items.length - 1)]!;
	}

	/**
	 * One value of a non-empty list of `[value, weight]` pairs, with probability proportional to
	 * its whole-number weight. Throws when no weight is positive.
	 */
	weighted<T>(choices: readonly (readonly [T, number])[]): T {
		const total = choices.reduce((sum, [, w]) => sum + w, 0);
		if (total <= 0) throw new RangeError('weighted() needs a positive total weight');
		let roll = this.int(0, total - 1);
		for (const [value, w] of choices) {
			if (roll < w) return value;
			roll -= w;
		}
		return choices[choices.length - 1]![0];
	}

	/** A shuffled copy of `items` (Fisher-Yates). */
	shuffle<T>(items: readonly T[]): T[] {
		const out = [...items];
		for (let i = out.length - 1; i > 0; i--) {
			const j = this.int(0, i);
			[out[i], out[j]] = [out[j]!, out[i]!];
		}
		return out;
	}
}
