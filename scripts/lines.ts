import { createInterface } from 'node:readline';

/**
 * Runs `handle` on every line of standard input and prints its answer as one JSON line, in order.
 * A line that is not JSON prints `{"error":{"code":"json-invalid",...}}`. Blank lines are skipped.
 * Sets the exit code to 1 when any line failed (`handle` returned an object with `error`).
 */
export async function mapJsonLines(handle: (input: unknown) => object): Promise<void> {
	let failed = false;
	const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
	let first = true;
	for await (const raw of rl) {
		// A byte-order mark at the very start is not part of the JSON.
		const line = first ? raw.replace(/^\uFEFF/, '') : raw;
		first = false;
		if (line.trim() === '') continue;
		let answer: object;
		try {
			answer = handle(JSON.parse(line));
		} catch (e) {
			answer = {
				error: {
					code: 'json-invalid',
					message: `This line is not valid JSON: ${e instanceof Error ? e.message : String(e)}`
				}
			};
		}
		if ('error' in answer) failed = true;
		process.stdout.write(JSON.stringify(answer) + '\n');
	}
	process.exitCode = failed ? 1 : 0;
}
