/**
 * `npm run --silent scenarios` (scripts/scenarios.ts): its arguments and output lines, in this
 * process, then a few runs of the real program (exit codes, stderr, a reader that stops early).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SKILLS } from '$lib/payments';
import { scenariosCommand } from '../../../scripts/scenarios';
import { generateRound } from './index';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** Runs the program with `node --import tsx` (as `npm run scenarios` runs it with tsx). */
async function program(args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
	try {
		const { stdout, stderr } = await run(
			process.execPath,
			['--import', 'tsx', 'scripts/scenarios.ts', ...args],
			{ cwd: root, maxBuffer: 16 * 1024 * 1024 }
		);
		return { stdout, stderr, code: 0 };
	} catch (e) {
		const failed = e as { stdout: string; stderr: string; code: number };
		return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
	}
}

const errorOf = (args: string[]) => {
	const result = scenariosCommand(args);
	expect(result.exitCode).toBe(1);
	expect(result.stdout).toHaveLength(1);
	const line = JSON.parse(result.stdout[0]!) as { error: { code: string; message: string } };
	expect(Object.keys(line)).toEqual(['error']);
	return line.error;
};

describe('scenariosCommand', () => {
	it('prints one question a line, with exactly the spec fields, the same for the same arguments', () => {
		const result = scenariosCommand([
			'--seed',
			'abc',
			'--count',
			'5',
			'--skills',
			'jokerless,east'
		]);
		expect(result).toEqual(
			scenariosCommand(['--seed=abc', '--count=5', '--skills=east,jokerless'])
		);
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toEqual([]);
		const round = generateRound({ seed: 'abc', count: 5, skills: ['jokerless', 'east'] });
		expect(result.stdout.map((l) => JSON.parse(l))).toEqual(
			round.scenarios.map(({ id, seed, index, outcome, skills, narrative }) => ({
				id,
				seed,
				index,
				outcome,
				skills,
				narrative
			}))
		);
		const first = JSON.parse(result.stdout[0]!) as Record<string, unknown>;
		expect(Object.keys(first)).toEqual(['id', 'seed', 'index', 'outcome', 'skills', 'narrative']);
		expect(first).toMatchObject({ id: 'abc:0', seed: 'abc', index: 0 });
	});

	it('uses the natural mix without --skills', () => {
		const result = scenariosCommand(['--count', '3', '--seed', 'mix']);
		expect(result.stdout).toHaveLength(3);
		expect(result.stdout.map((l) => JSON.parse(l).id)).toEqual(['mix:0', 'mix:1', 'mix:2']);
	});

	it('prints a shorter round, with the reason on stderr', () => {
		const result = scenariosCommand(['--seed', 'w', '--count', '10', '--skills', 'wall-game']);
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toHaveLength(1);
		expect(result.stderr).toEqual([
			'This round has 1 question, not 10: a wall game has only one outcome (nobody pays), so it cannot be asked twice.'
		]);
	});

	it.each([['0'], ['1001'], ['2.5'], ['abc'], ['-3'], [''], ['1e2']])(
		'refuses the count %j',
		(count) => {
			const error = errorOf(['--seed', 's', '--count', count]);
			expect(error.code).toBe('count-invalid');
			expect(error.message).toContain('from 1 to 1000');
		}
	);

	it('refuses a missing count or seed, a blank seed, an unknown skill or argument', () => {
		expect(errorOf(['--seed', 's']).code).toBe('count-invalid');
		expect(errorOf(['--seed', 's', '--count']).code).toBe('count-invalid');
		expect(errorOf(['--count', '3']).code).toBe('seed-missing');
		expect(errorOf(['--seed', '  ', '--count', '3']).code).toBe('seed-missing');
		expect(errorOf(['--seed=', '--count', '3']).code).toBe('seed-missing');
		const skill = errorOf(['--seed', 's', '--count', '3', '--skills', 'discard,jokerles']);
		expect(skill.code).toBe('skill-unknown');
		expect(skill.message).toContain('"jokerles": did you mean jokerless?');
		for (const id of SKILLS) expect(skill.message).toContain(id);
		expect(errorOf(['--seed', 's', '--count', '3', '--skills', ',']).code).toBe('skill-unknown');
		expect(errorOf(['--seed', 's', '--count', '3', '--skills']).code).toBe('skill-unknown');
		const flag = errorOf(['--seed', 's', '--count', '3', '--skill', 'east']);
		expect(flag.code).toBe('argument-unknown');
		expect(flag.message).toContain('"--skill": did you mean --skills?');
		expect(errorOf(['--seed', 's', '--count', '3', 'extra']).code).toBe('argument-unknown');
		expect(errorOf(['-x', '--seed', 's', '--count', '3']).code).toBe('argument-unknown');
	});
});

describe('npm run scenarios (the program)', () => {
	it('prints the round and exits 0; bad arguments print one error line and exit 1', async () => {
		const [good, bad, short, head] = await Promise.all([
			program(['--seed', 'abc', '--count', '4', '--skills', 'discard']),
			program(['--seed', 'abc', '--count', '1001']),
			program(['--seed', 'abc', '--count', '3', '--skills=wall-game']),
			run(
				'sh',
				[
					'-c',
					'"$0" --import tsx scripts/scenarios.ts --seed a --count 1000 | head -1',
					process.execPath
				],
				{
					cwd: root
				}
			)
		]);
		expect(good.code).toBe(0);
		expect(good.stderr).toBe('');
		expect(good.stdout.trimEnd().split('\n')).toEqual(
			scenariosCommand(['--seed', 'abc', '--count', '4', '--skills', 'discard']).stdout
		);
		expect(bad.code).toBe(1);
		expect(JSON.parse(bad.stdout).error.code).toBe('count-invalid');
		expect(short.code).toBe(0);
		expect(short.stdout.trimEnd().split('\n')).toHaveLength(1);
		expect(short.stderr).toMatch(/^This round has 1 question, not 3: /);
		// A reader that stops after the first line: no stack trace.
		expect(head.stdout.trimEnd().split('\n')).toHaveLength(1);
		expect(head.stderr).toBe('');
	});
});
