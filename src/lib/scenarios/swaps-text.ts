/**
 * A round's swapped questions as they travel in an address or a form ("2:1,5:3"), apart from the
 * generator (`./swaps.ts` draws the swapped questions), so a page that only links to a class's
 * worksheet does not download the generator. Pure.
 */

/**
 * Swaps by question index (0-based): how many times that question was swapped out (1, 2, ...).
 * A question not listed (or 0) is the round's own.
 */
export type Swaps = Readonly<Record<number, number>>;

/** Swaps as text for an address or a form: "2:1,5:3" (index + 1, then the swap number). */
export function swapsText(swaps: Swaps): string {
	return Object.entries(swaps)
		.filter(([, n]) => n > 0)
		.map(([index, n]) => `${Number(index) + 1}:${n}`)
		.join(',');
}

/**
 * Reads `swapsText`'s form back ("2:1,5:3"); blank is no swaps. Returns null when a part is not
 * two whole numbers (a question number from 1 to `count`, a swap number from 1 to 999).
 */
export function readSwaps(text: string, count: number): Record<number, number> | null {
	const swaps: Record<number, number> = {};
	for (const part of text.split(',').map((p) => p.trim())) {
		if (part === '') continue;
		const match = /^(\d{1,3}):(\d{1,3})$/.exec(part);
		if (!match) return null;
		const question = Number(match[1]);
		const n = Number(match[2]);
		if (question < 1 || question > count || n < 1) return null;
		swaps[question - 1] = n;
	}
	return swaps;
}
