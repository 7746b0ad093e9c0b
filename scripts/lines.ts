import { realpathSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

/**
 * True when the module at `moduleUrl` (its `import.meta.url`) is the program node was asked to
 * run, not a module a test imported.
 */
export function isMainModule(moduleUrl: string): boolean {
	const entry = process.argv[1];
	if (!entry) return false;
	try {
		return moduleUrl === pathToFileURL(realpathSync(entry)).href;
	} catch {
		return false;
	}
}

/**
 * The answer to one input line of a JSON-lines command line: `handle`'s answer to the parsed
 * JSON, `{"error":{"code":"json-invalid",...}}` when the line is not JSON, or null for a blank
 * line (skipped: it gets no answer line). `first` strips a byte-order mark at the very start.
 */
export function answerLine(
	raw: string,
	handle: (input: unknown) => object,
	first = false
): object | null {
	// A byte-order mark at the very start is not part of the JSON.
	const line = first ? raw.replace(/^\uFEFF/, '') : raw;
	if (line.trim() === '') return null;
	let input: unknown;
	try {
		input = JSON.parse(line);
	} catch (e) {
		return {
			error: {
				code: 'json-invalid',
				message: `This line is not valid JSON: ${e instanceof Error ? e.message : String(e)}`
			}
		};
	}
	return handle(input);
}

/**
 * Makes a closed standard output (a reader that stops early, `| head -1`: EPIPE) end the run
 * quietly, with the exit code so far, instead of an unhandled error and a stack trace.
 */
export function endQuietlyOnClosedPipe(): void {
	process.stdout.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
		throw error;
	});
}

/**
 * Runs `handle` on every line of standard input and prints its answer as one JSON line, in order
 * (see `answerLine`: blank lines are skipped, a line that is not JSON gets `json-invalid`). A
 * closed standard output ends the run quietly. Sets the exit code to 1 when any line failed
 * (`handle` returned an object with `error`), else 0.
 */
export async function mapJsonLines(handle: (input: unknown) => object): Promise<void> {
	endQuietlyOnClosedPipe();
	let failed = false;
	const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
	let first = true;
	for await (const raw of rl) {
		const answer = answerLine(raw, handle, first);
		first = false;
		if (answer === null) continue;
		if ('error' in answer) failed = true;
		process.stdout.write(JSON.stringify(answer) + '\n');
	}
	process.exitCode = failed ? 1 : 0;
}
