/**
 * A night's ledger from the command line: `npm run --silent ledger` reads one night as one JSON
 * object on standard input (`{"players": [4 names], "pie": points or null, "hands": [{"seats":
 * {east, south, west, north: name}, "outcome": the engine's outcome}]}`) and prints one JSON object
 * `{"hands": [{"net": {name: points}}], "balance": {name: points}, "settleUp": [{"from", "to",
 * "points"}]}`, exit code 0. A bad night prints `{"error": {"code", "message", "hand"}}` (`hand`:
 * the hand's index from 0, null for the night itself) and exits 1: `json-invalid`,
 * `field-unknown` (naming the nearest known field), `players-invalid`, `seat-missing`,
 * `player-unknown`, `player-twice`, the engine's codes for an impossible outcome, ... (see
 * src/lib/ledger/types.ts). A reader that closes the pipe early ends the run quietly.
 */
import { ledger } from '../src/lib/ledger/index.ts';
import { endQuietlyOnClosedPipe, isMainModule } from './lines.ts';

/** What a run prints (one JSON line) and its exit code. */
export interface LedgerRun {
	stdout: string;
	exitCode: 0 | 1;
}

/** Runs the command on the whole of standard input's text. Pure; never throws. */
export function ledgerCommand(text: string): LedgerRun {
	let input: unknown;
	try {
		input = JSON.parse(text.replace(/^\uFEFF/, ''));
	} catch (e) {
		const why =
			text.trim() === '' ? 'the input is empty' : e instanceof Error ? e.message : String(e);
		const error = {
			code: 'json-invalid',
			message: `The night is not valid JSON: ${why}.`,
			hand: null
		};
		return { stdout: JSON.stringify({ error }), exitCode: 1 };
	}
	const result = ledger(input);
	if ('error' in result) return { stdout: JSON.stringify({ error: result.error }), exitCode: 1 };
	return {
		stdout: JSON.stringify({
			hands: result.hands.map((h) => ({ net: h.net })),
			balance: result.balance,
			settleUp: result.settleUp
		}),
		exitCode: 0
	};
}

if (isMainModule(import.meta.url)) {
	endQuietlyOnClosedPipe('ledger');
	const chunks: Buffer[] = [];
	for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
	const run = ledgerCommand(Buffer.concat(chunks).toString('utf8'));
	process.exitCode = run.exitCode;
	process.stdout.write(run.stdout + '\n');
}
