/**
 * The known name nearest to a misspelt one, for messages such as `did you mean "pie"?`. Pure.
 */

/** The edit distance (insertions, deletions, substitutions) between two texts, ignoring case. */
export function editDistance(a: string, b: string): number {
	const x = a.toLowerCase();
	const y = b.toLowerCase();
	let row = Array.from({ length: y.length + 1 }, (_, j) => j);
	for (let i = 1; i <= x.length; i++) {
		const next = [i];
		for (let j = 1; j <= y.length; j++) {
			next[j] = Math.min(
				row[j]! + 1,
				next[j - 1]! + 1,
				row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1)
			);
		}
		row = next;
	}
	return row[y.length]!;
}

/** The name in `known` nearest to `name` (the first of equals); `known` must not be empty. */
export function nearestName(name: string, known: readonly string[]): string {
	let best = known[0]!;
	for (const k of known) if (editDistance(name, k) < editDistance(name, best)) best = k;
	return best;
}
