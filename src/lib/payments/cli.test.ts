/**
 * `npm run --silent settle` and `npm run --silent diagnose` (scripts/settle.ts, diagnose.ts,
 * lines.ts) as programs: what the README says of them, each run on real standard input.
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { answerLine } from '../../../scripts/lines';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** Runs `scripts/NAME.ts` with `input` on standard input. */
interface Line {
	error?: { code: string; message: string };
	[key: string]: unknown;
}

function program(
	name: 'settle' | 'diagnose',
	input: string
): Promise<{ lines: Line[]; stderr: string; code: number | null }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`], { cwd: root });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d: Buffer) => (stdout += d));
		child.stderr.on('data', (d: Buffer) => (stderr += d));
		child.on('error', reject);
		child.on('close', (code) =>
			resolve({
				lines: stdout
					.split('\n')
					.filter((l) => l !== '')
					.map((l) => JSON.parse(l) as Line),
				stderr,
				code
			})
		);
		child.stdin.end(input);
	});
}

const win = { kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 0 };
const lines = (...xs: unknown[]) =>
	xs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n') + '\n';

describe('npm run settle', () => {
	it('answers one line per non-blank line, in order; skips blank lines; exit 0 when all settled', async () => {
		const r = await program('settle', lines(win, '', '   ', { kind: 'wall-game' }, '\r'));
		expect(r.code).toBe(0);
		expect(r.stderr).toBe('');
		expect(r.lines).toHaveLength(2);
		expect(r.lines[0]).toMatchObject({ total: 300, net: { east: 300, south: -100 } });
		expect(r.lines[1]).toMatchObject({ total: 0 });
	});

	it('refuses an unknown field, naming the nearest, and a situation outside League rules; exit 1', async () => {
		const r = await program(
			'settle',
			lines(
				{ ...win, declaredJokerlesss: false },
				{ ...win, singlesAndPair: true },
				{ ...win, pie: 100 },
				{ ...win, jokers: 1, tournament: true },
				{ kind: 'chips' },
				'{not json',
				win
			)
		);
		expect(r.code).toBe(1);
		expect(r.lines.map((l) => l.error?.code ?? 'settled')).toEqual([
			'field-unknown',
			'field-unknown',
			'outside-league-rules',
			'outside-league-rules',
			'outside-league-rules',
			'json-invalid',
			'settled'
		]);
		expect(r.lines[0]!.error!.message).toContain('did you mean declaredJokerless?');
		expect(r.lines[1]!.error!.message).toContain('did you mean singlesAndPairs?');
	});

	it('ends quietly when the reader closes the pipe (| head -1)', async () => {
		const { stdout, stderr } = await run(
			'sh',
			[
				'-c',
				`i=0; while [ $i -lt 20000 ]; do echo '{"kind":"wall-game"}'; i=$((i+1)); done | "$0" --import tsx scripts/settle.ts | head -1`,
				process.execPath
			],
			{ cwd: root, maxBuffer: 16 * 1024 * 1024 }
		);
		expect(stdout.trimEnd().split('\n')).toHaveLength(1);
		expect(stderr).toBe('');
	});
});

describe('a full disk (ENOSPC)', () => {
	it.each(['settle', 'diagnose', 'ledger', 'scenarios'])(
		'%s says so in one line on standard error and exits 1, with no stack trace',
		async (name) => {
			const args = name === 'scenarios' ? ' --seed a --count 200' : '';
			const input =
				name === 'ledger'
					? '{"players":["Ann","Bea","Cy","Di"],"hands":[]}'
					: '{"outcome":{"kind":"wall-game"},"answer":{"pays":{},"total":0}}';
			// /dev/full answers every write with ENOSPC, as a full disk does.
			const { stderr, code } = await new Promise<{ stderr: string; code: number | null }>(
				(resolve) => {
					const child = spawn(
						'sh',
						['-c', `"$0" --import tsx scripts/${name}.ts${args} > /dev/full`, process.execPath],
						{ cwd: root }
					);
					let err = '';
					child.stderr.on('data', (d: Buffer) => (err += d));
					child.on('close', (c) => resolve({ stderr: err, code: c }));
					child.stdin.end(input + '\n');
				}
			);
			expect(code).toBe(1);
			expect(stderr).toBe(
				`${name}: cannot write the answer: no space left on the disk (ENOSPC).\n`
			);
		}
	);
});

describe('npm run diagnose', () => {
	const outcome = { kind: 'wall-game' };
	const right = { pays: { east: 0, south: 0, west: 0, north: 0 }, total: 0 };
	it('diagnoses, skips blank lines, and tells a bad answer and a missing wrapper apart', async () => {
		const r = await program(
			'diagnose',
			lines(
				{ outcome, answer: right },
				'',
				{ outcome, answer: 'fifty' },
				{ outcome, answer: { pay: {} } },
				win,
				{ outcome: { ...win, declaredJokerlesss: true }, answer: right },
				{ outcome: { ...win, pie: 100 }, answer: right }
			)
		);
		expect(r.code).toBe(1);
		expect(r.lines[0]).toMatchObject({ correct: true, misconceptions: [] });
		expect(r.lines.slice(1).map((l) => l.error?.code)).toEqual([
			'answer-invalid',
			'answer-invalid',
			'outcome-invalid',
			'field-unknown',
			'outside-league-rules'
		]);
		expect(r.lines[2]!.error!.message).toContain('did you mean pays?');
		expect(r.lines[3]!.error!.message).toContain('wrapper is missing');
	});

	it('exits 0 when every line was diagnosed', async () => {
		const r = await program('diagnose', lines({ outcome, answer: right }));
		expect(r.code).toBe(0);
		expect(r.lines).toHaveLength(1);
	});

	it('names "total not the sum" for a wall game paid 0 everywhere with a total of 10', async () => {
		const r = await program('diagnose', lines({ outcome, answer: { ...right, total: 10 } }));
		expect(r.code).toBe(0);
		expect(r.lines[0]).toMatchObject({
			correct: false,
			wrong: ['total'],
			misconceptions: ['winner-total-not-sum'],
			skills: ['wall-game']
		});
	});
});

describe('answerLine', () => {
	const echo = (x: unknown) => ({ x });
	it('skips blank lines, strips a leading byte-order mark, names bad JSON', () => {
		expect(answerLine('', echo)).toBeNull();
		expect(answerLine(' \t', echo)).toBeNull();
		expect(answerLine('\uFEFF{"a":1}', echo, true)).toEqual({ x: { a: 1 } });
		expect(answerLine('{', echo)).toMatchObject({ error: { code: 'json-invalid' } });
	});
});
