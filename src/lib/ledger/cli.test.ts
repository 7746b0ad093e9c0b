/**
 * `npm run --silent ledger` (scripts/ledger.ts): its answer for a night and for bad input, in this
 * process, then the real program (exit codes, a reader that closes the pipe early).
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ledgerCommand } from '../../../scripts/ledger';

const root = fileURLToPath(new URL('../../..', import.meta.url));

const NIGHT = {
	players: ['Ann', 'Bea', 'Cy', 'Di'],
	pie: 500,
	hands: [
		{
			seats: { east: 'Ann', south: 'Bea', west: 'Cy', north: 'Di' },
			outcome: { kind: 'win', value: 25, winner: 'south', method: 'self-pick', jokers: 1 }
		}
	]
};
const ANSWER = {
	hands: [{ net: { Ann: -50, Bea: 150, Cy: -50, Di: -50 } }],
	balance: { Ann: -50, Bea: 150, Cy: -50, Di: -50 },
	settleUp: [
		{ from: 'Ann', to: 'Bea', points: 50 },
		{ from: 'Cy', to: 'Bea', points: 50 },
		{ from: 'Di', to: 'Bea', points: 50 }
	]
};

/** Runs the program with `node --import tsx`, `input` on its standard input. */
function program(input: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
	return new Promise((resolve) => {
		const child = execFile(
			process.execPath,
			['--import', 'tsx', 'scripts/ledger.ts'],
			{ cwd: root },
			(error, stdout, stderr) =>
				resolve({ stdout, stderr, code: error ? (error.code as number) : 0 })
		);
		child.stdin!.end(input);
	});
}

const errorOf = (text: string) => {
	const run = ledgerCommand(text);
	expect(run.exitCode).toBe(1);
	const out = JSON.parse(run.stdout) as {
		error: { code: string; message: string; hand: number | null };
	};
	expect(Object.keys(out)).toEqual(['error']);
	expect(Object.keys(out.error)).toEqual(['code', 'message', 'hand']);
	return out.error;
};

describe('ledgerCommand', () => {
	it("prints the issue's answer, in exactly its shape", () => {
		const run = ledgerCommand(JSON.stringify(NIGHT));
		expect(run.exitCode).toBe(0);
		expect(JSON.parse(run.stdout)).toEqual(ANSWER);
		expect(Object.keys(JSON.parse(run.stdout))).toEqual(['hands', 'balance', 'settleUp']);
		expect(ledgerCommand('\uFEFF' + JSON.stringify({ ...NIGHT, pie: null })).exitCode).toBe(0);
	});

	it('refuses bad JSON, unknown fields and bad nights', () => {
		expect(errorOf('')).toMatchObject({ code: 'json-invalid', hand: null });
		expect(errorOf('{"players": [')).toMatchObject({ code: 'json-invalid', hand: null });
		const field = errorOf(JSON.stringify({ ...NIGHT, hand: [] }));
		expect(field).toMatchObject({ code: 'field-unknown', hand: null });
		expect(field.message).toContain('"hand"');
		expect(field.message).toContain('did you mean hands');
		const bad = {
			...NIGHT,
			hands: [
				NIGHT.hands[0],
				{ ...NIGHT.hands[0], seats: { east: 'Ann', south: 'Bea', west: 'Cy', north: 'Ed' } }
			]
		};
		expect(errorOf(JSON.stringify(bad))).toMatchObject({ code: 'player-unknown', hand: 1 });
		const impossible = {
			...NIGHT,
			hands: [
				{
					...NIGHT.hands[0],
					outcome: {
						kind: 'win',
						value: 25,
						winner: 'south',
						method: 'discard',
						discarder: 'south',
						jokers: 1
					}
				}
			]
		};
		expect(errorOf(JSON.stringify(impossible))).toMatchObject({
			code: 'winner-is-discarder',
			hand: 0
		});
	});
});

describe("house-rules.md's worked examples through the command", () => {
	// Value 25, South wins on West's discard, a joker in the hand. Ann East, Bea South, Cy West,
	// Di North; with five, Ed sits out (and bets, with the bettor).
	const seats = { east: 'Ann', south: 'Bea', west: 'Cy', north: 'Di' };
	const outcome = {
		kind: 'win',
		value: 25,
		winner: 'south',
		method: 'discard',
		discarder: 'west',
		jokers: 1
	};
	const netOf = (night: object) => {
		const run = ledgerCommand(JSON.stringify(night));
		expect(run.exitCode).toBe(0);
		return (JSON.parse(run.stdout) as { hands: { net: Record<string, number> }[] }).hands[0]!.net;
	};
	const five = (house: string[], bet?: string) =>
		netOf({
			players: ['Ann', 'Bea', 'Cy', 'Di', 'Ed'],
			house,
			hands: [{ seats, ...(bet ? { bet } : {}), outcome }]
		});

	it('League: West 50, East 25, North 25; South gets 100', () => {
		expect(netOf({ players: ['Ann', 'Bea', 'Cy', 'Di'], hands: [{ seats, outcome }] })).toEqual({
			Ann: -25,
			Bea: 100,
			Cy: -50,
			Di: -25
		});
		expect(five([])).toEqual({ Ann: -25, Bea: 100, Cy: -50, Di: -25, Ed: 0 });
	});

	it('H1: West 50, East 50, North 25; South gets 125', () => {
		expect(
			netOf({
				players: ['Ann', 'Bea', 'Cy', 'Di'],
				house: ['east-double'],
				hands: [{ seats, outcome }]
			})
		).toEqual({ Ann: -50, Bea: 125, Cy: -50, Di: -25 });
	});

	it('H2, the bettor picked South: as League, and the bettor also gets West 50, East 25, North 25', () => {
		expect(five(['bettor'], 'Bea')).toEqual({ Ann: -50, Bea: 100, Cy: -100, Di: -50, Ed: 100 });
	});

	it('H2, the bettor picked West: as League, and the bettor pays South 50; South gets 150', () => {
		expect(five(['bettor'], 'Cy')).toEqual({ Ann: -25, Bea: 150, Cy: -50, Di: -25, Ed: -50 });
	});

	it('H2, the bettor picked North: as League, and the bettor pays South 25; South gets 125', () => {
		expect(five(['bettor'], 'Di')).toEqual({ Ann: -25, Bea: 125, Cy: -50, Di: -25, Ed: -25 });
	});

	it('passes the seats when a hand leaves them out, and names every player in every net', () => {
		const run = ledgerCommand(
			JSON.stringify({
				players: ['Ann', 'Bea', 'Cy', 'Di', 'Ed'],
				house: ['east-double', 'bettor'],
				hands: [
					{ seats, bet: 'Bea', outcome },
					// Bea East, Cy South, Di West, Ed North; Ann sits out and bets on Cy, who wins.
					{ bet: 'Cy', outcome: { ...outcome, winner: 'south', discarder: 'west' } }
				]
			})
		);
		expect(run.exitCode).toBe(0);
		const out = JSON.parse(run.stdout) as { hands: { net: Record<string, number> }[] };
		// Di (West) threw: 50; Bea (East) pays 25 doubled = 50; Ed (North) 25. Ann collects the same.
		expect(out.hands[1]!.net).toEqual({ Ann: 125, Bea: -100, Cy: 125, Di: -100, Ed: -50 });
		expect(
			errorOf(
				JSON.stringify({
					players: ['Ann', 'Bea', 'Cy', 'Di', 'Ed'],
					house: ['bettor'],
					hands: [{ seats, outcome }]
				})
			)
		).toMatchObject({ code: 'bet-missing', hand: 0 });
	});
});

describe('npm run ledger (the program)', () => {
	it('prints one JSON line and exits 0; a bad night exits 1; a closed pipe ends quietly', async () => {
		const [good, bad] = await Promise.all([program(JSON.stringify(NIGHT)), program('[')]);
		expect(good).toEqual({ stdout: JSON.stringify(ANSWER) + '\n', stderr: '', code: 0 });
		expect(bad.code).toBe(1);
		expect(JSON.parse(bad.stdout).error.code).toBe('json-invalid');
		// A reader that has gone before the answer is written: no stack trace.
		const closed = await new Promise<{ stderr: string; code: number | null }>((resolve) => {
			const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/ledger.ts'], {
				cwd: root
			});
			let stderr = '';
			child.stderr.on('data', (d) => (stderr += d));
			child.stdout.destroy();
			child.on('close', (code) => resolve({ stderr, code }));
			child.stdin.end(JSON.stringify(NIGHT));
		});
		expect(closed.stderr).toBe('');
		expect(closed.code).toBe(0);
	});
});
