/**
 * Practice rounds from the command line (docs/skills.md, "Machine-readable form"):
 * `npm run --silent scenarios -- --seed SEED --count N [--skills id,id,...]` prints the round's
 * questions, one JSON object a line, `{"id", "seed", "index", "outcome", "skills", "narrative"}`
 * (`skills`: what the question exercises, in SKILLS order), the same for the same arguments.
 * Bad arguments print one line `{"error": {"code", "message"}}` and exit 1 (codes `seed-missing`,
 * `count-invalid`, `skill-unknown`, `argument-unknown`). A round shorter than asked (only
 * `wall-game` picked) still prints its questions and exits 0, with the reason on stderr.
 * `--skills=a,b` and `--skills a,b` both work; so do `--seed=` and `--count=`.
 */
import { parseArgs } from 'node:util';
import { SKILLS, isSkill, nearestName, type Skill } from '../src/lib/payments/index.ts';
import { generateRound } from '../src/lib/scenarios/index.ts';
import { endQuietlyOnClosedPipe, isMainModule } from './lines.ts';

/** The most questions a round from the command line may have. */
export const MAX_COUNT = 1000;

/** What a run prints: `stdout` and `stderr` lines (without their newlines) and the exit code. */
export interface CommandResult {
	stdout: string[];
	stderr: string[];
	exitCode: 0 | 1;
}

/** The codes of a bad command line. */
export type ArgumentErrorCode =
	'seed-missing' | 'count-invalid' | 'skill-unknown' | 'argument-unknown';

const USAGE = 'Usage: npm run --silent scenarios -- --seed SEED --count N [--skills id,id,...].';
const SKILL_LIST = SKILLS.join(', ');

const failure = (code: ArgumentErrorCode, message: string): CommandResult => ({
	stdout: [JSON.stringify({ error: { code, message } })],
	stderr: [],
	exitCode: 1
});

/** The picked skills of `--skills` text, or the failure naming the valid ones. */
function readSkills(text: string | undefined): Skill[] | CommandResult {
	if (text === undefined) return [];
	const ids = text
		.split(',')
		.map((s) => s.trim())
		.filter((s) => s !== '');
	if (ids.length === 0) {
		return failure(
			'skill-unknown',
			`--skills needs one or more skill ids separated by commas, from: ${SKILL_LIST}.`
		);
	}
	const unknown = ids.find((id) => !isSkill(id));
	if (unknown !== undefined) {
		const near = nearestName(unknown, SKILLS);
		return failure(
			'skill-unknown',
			`Unknown skill "${unknown}"${near ? `: did you mean ${near}?` : '.'} The skills are: ${SKILL_LIST}.`
		);
	}
	return ids.filter(isSkill);
}

/** The round size of `--count` text, or the failure. */
function readCount(text: string | undefined): number | CommandResult {
	const count = text !== undefined && /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
	if (!(count >= 1 && count <= MAX_COUNT)) {
		const got =
			text === undefined ? 'it is missing' : text === '' ? 'it has no value' : `got "${text}"`;
		return failure(
			'count-invalid',
			`--count must be a whole number of questions from 1 to ${MAX_COUNT} (${got}). ${USAGE}`
		);
	}
	return count;
}

/**
 * Runs the command on its arguments (`argv` without node and the script) and returns what it
 * prints, without printing it. Pure: the same arguments give the same result. Never throws.
 */
export function scenariosCommand(argv: readonly string[]): CommandResult {
	const { tokens } = parseArgs({
		args: [...argv],
		options: {
			seed: { type: 'string' },
			count: { type: 'string' },
			skills: { type: 'string' }
		},
		strict: false,
		allowPositionals: true,
		tokens: true
	});
	const values: Partial<Record<'seed' | 'count' | 'skills', string>> = {};
	for (const token of tokens) {
		if (
			token.kind === 'option' &&
			(token.name === 'seed' || token.name === 'count' || token.name === 'skills')
		) {
			values[token.name] = token.value ?? '';
		} else if (token.kind !== 'option-terminator') {
			const what = token.kind === 'option' ? token.rawName : token.value;
			const near = nearestName(what, ['--seed', '--count', '--skills']);
			return failure(
				'argument-unknown',
				`Unknown argument "${what}"${near ? `: did you mean ${near}?` : '.'} The arguments are --seed, --count and --skills. ${USAGE}`
			);
		}
	}
	if (values.seed === undefined || values.seed.trim() === '') {
		return failure(
			'seed-missing',
			`--seed is missing: give any text, such as --seed abc (the same seed gives the same round). ${USAGE}`
		);
	}
	const count = readCount(values.count);
	if (typeof count !== 'number') return count;
	const skills = readSkills(values.skills);
	if (!Array.isArray(skills)) return skills;
	const round = generateRound({ seed: values.seed, count, skills });
	return {
		stdout: round.scenarios.map(({ id, seed, index, outcome, skills, narrative }) =>
			JSON.stringify({ id, seed, index, outcome, skills, narrative })
		),
		stderr: round.shortReason ? [round.shortReason] : [],
		exitCode: 0
	};
}

if (isMainModule(import.meta.url)) {
	// A reader that stops early (`| head -1`) closes the pipe: stop quietly, as other tools do.
	endQuietlyOnClosedPipe('scenarios');
	const result = scenariosCommand(process.argv.slice(2));
	if (result.stderr.length > 0) process.stderr.write(result.stderr.join('\n') + '\n');
	if (result.stdout.length > 0) process.stdout.write(result.stdout.join('\n') + '\n');
	process.exitCode = result.exitCode;
}
