/**
 * A night's ledger from the command line: `npm run --silent ledger` reads one night as one JSON
 * object on standard input and prints one JSON object, exit code 0:
 *
 * - in: `{"players": [4 or 5 names], "pie": points or null (H3), "house": ["east-double",
 *   "bettor"] (H1, H2; optional), "hands": [{"seats": {east, south, west, north: name}, "bet":
 *   name, "outcome": the engine's outcome}]}`. `seats` are needed on the first hand; left out
 *   later, they pass on as house-rules.md says (with five, East sits out the next hand). `bet`,
 *   the seated player the one sitting out bet on, is needed when the bettor plays with five.
 * - out: `{"hands": [{"net": {name: points}}], "balance": {name: points}, "settleUp": [{"from",
 *   "to", "points"}]}`: every hand's `net` names every player (the one sitting out has 0, or the
 *   bettor's amount).
 *
 * A bad night prints `{"error": {"code", "message", "hand"}}` (`hand`: the hand's index from 0,
 * null for the night itself) and exits 1: `json-invalid`, `field-unknown` (naming the nearest known
 * field), `players-invalid`, `house-invalid`, `seats-missing`, `seat-missing`, `player-unknown`,
 * `player-twice`, `bet-missing`, `bet-invalid`, `bet-unexpected`, the engine's codes for an
 * impossible outcome, ... (see src/lib/ledger/types.ts). A reader that closes the pipe early ends
 * the run quietly; a full disk says so in one line on standard error.
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
