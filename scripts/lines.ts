import { realpathSync, writeSync } from 'node:fs';
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

/** Plain words for the errors a write to standard output can meet. */
const OUTPUT_ERRORS: Record<string, string> = {
	ENOSPC: 'no space left on the disk',
	EDQUOT: 'the disk quota is used up',
	EFBIG: 'the output file is too large',
	EIO: 'the device failed to write',
	EACCES: 'not allowed to write there',
	EBADF: 'standard output is closed'
};

/**
 * The one line a command prints on standard error when its output cannot be written (the disk is
 * full, ...), e.g. "settle: cannot write the answer: no space left on the disk (ENOSPC)."
 */
export function outputErrorLine(command: string, error: NodeJS.ErrnoException): string {
	const code = error.code ?? 'unknown error';
	const why = OUTPUT_ERRORS[code] ?? error.message.split('\n')[0];
	return `${command}: cannot write the answer: ${why} (${code}).`;
}

/**
 * Guards standard output. A closed one (a reader that stops early, `| head -1`: EPIPE) ends the
 * run quietly, with the exit code so far. Any other write error (a full disk: ENOSPC, ...) prints
 * one line on standard error (`outputErrorLine`) and exits 1, never an unhandled error and a
 * stack trace.
 */
export function endQuietlyOnClosedPipe(command = 'command'): void {
	process.stdout.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
		try {
			writeSync(2, outputErrorLine(command, error) + '\n');
		} finally {
			process.exit(1);
		}
	});
}

/**
 * Runs `handle` on every line of standard input and prints its answer as one JSON line, in order
 * (see `answerLine`: blank lines are skipped, a line that is not JSON gets `json-invalid`). A
 * closed standard output ends the run quietly; a full disk says so in one line (`command` names
 * the program in it). Sets the exit code to 1 when any line failed
 * (`handle` returned an object with `error`), else 0.
 */
export async function mapJsonLines(
	handle: (input: unknown) => object,
	command = 'command'
): Promise<void> {
	endQuietlyOnClosedPipe(command);
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
