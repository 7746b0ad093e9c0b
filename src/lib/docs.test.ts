/**
 * The repository stands alone: the README links documents inside it (never `../shared`), and
 * docs/ says what the code does: every rule, misconception, skill, error code and outside-League
 * kind, the strict reader's message, the export file's fields. Each check reads the document and
 * the code, so the two cannot drift apart unnoticed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
	diagnoseStrict,
	MISCONCEPTIONS,
	OUTCOME_FIELDS,
	OUTSIDE_LEAGUE,
	readOutcomeStrict,
	SKILL_LABELS,
	SKILLS,
	type ErrorCode
} from '$lib/payments';
import { exportJson, makeAttempt } from '$lib/progress';
import { generateScenarios } from '$lib/scenarios';
import { HOUSE_RULES, type LedgerErrorCode } from '$lib/ledger';
import { ledgerCommand } from '../../scripts/ledger';
import { RULE_TEXTS } from '../routes/rules/rules';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
/** A document with runs of spaces made one (Prettier pads the cells of a table). */
const doc = (path: string) => read(path).replace(/ {2,}/g, ' ');
/** The JSON code blocks of a document, parsed. */
const jsonBlocks = (text: string) =>
	[...text.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as unknown);
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

/** Every file under `dir` (relative to the repository), recursively. */
function filesUnder(dir: string): string[] {
	return readdirSync(join(root, dir)).flatMap((name) => {
		const path = join(dir, name);
		return statSync(join(root, path)).isDirectory() ? filesUnder(path) : [path];
	});
}

describe('the README', () => {
	const readme = read('README.md');
	it('links the documents in docs/, and every link it makes to a file leads to one', () => {
		const links = [...readme.matchAll(/\]\(((?!https?:)[^)#]+)(#[^)]*)?\)/g)].map((m) => m[1]!);
		for (const path of [
			'docs/rules.md',
			'docs/misconceptions.md',
			'docs/skills.md',
			'docs/outcome-json.md',
			'docs/export-format.md',
			'docs/class-api.md',
			'docs/house-rules.md'
		]) {
			expect(links).toContain(path);
		}
		for (const link of links) expect(existsSync(join(root, link)), link).toBe(true);
	});
	it('and nothing in the repository depends on ../shared but the one comparison of the cases', () => {
		const files = ['README.md', ...['src', 'scripts', 'tests', 'docs'].flatMap(filesUnder)].filter(
			(f) => /\.(ts|svelte|md|json|js)$/.test(f)
		);
		const self = join('src', 'lib', 'docs.test.ts');
		const users = files.filter((f) => f !== self && /\.\.\/shared|shared\/spec/.test(read(f)));
		expect(users).toEqual([join('src', 'lib', 'payments', 'cases.test.ts')]);
	});
});

describe('docs/', () => {
	it('rules.md states every rule in the words of the /rules page', () => {
		const rules = read('docs/rules.md').replace(/\s+/g, ' ');
		for (const r of RULE_TEXTS) {
			expect(rules).toContain(`## ${r.id}. ${plain(r.statement)}`.replace(/\s+/g, ' '));
			for (const p of r.explanation) expect(rules).toContain(plain(p).replace(/\s+/g, ' '));
		}
	});
	it('misconceptions.md lists every misconception, with its title and the rules it breaks', () => {
		const text = doc('docs/misconceptions.md');
		for (const m of MISCONCEPTIONS) {
			expect(text).toContain(
				`| \`${m.id}\` | ${m.title} | ${m.wrongRule} | ${m.rules.join(', ')} |`
			);
		}
	});
	it('misconceptions.md shows what diagnose really answers', () => {
		const [line, answer] = jsonBlocks(read('docs/misconceptions.md'));
		expect(diagnoseStrict(line)).toEqual(answer);
	});
	it('skills.md lists every skill with its label', () => {
		const text = doc('docs/skills.md');
		for (const s of SKILLS) expect(text).toContain(`| \`${s}\` | ${SKILL_LABELS[s]} |`);
	});

	const outcomes = doc('docs/outcome-json.md');
	it('outcome-json.md lists every error code and every field', () => {
		const codes = [
			'value-invalid',
			'winner-is-discarder',
			'discarder-missing',
			'discarder-unexpected',
			'winner-dead',
			'discarder-dead',
			'joker-exchange-jokerless',
			'singles-and-pairs-joker',
			'jokers-invalid',
			'caller-is-misnamer',
			'seat-invalid',
			'outcome-invalid',
			'outside-league-rules',
			'field-unknown',
			'answer-invalid',
			'amount-negative',
			'amount-not-whole',
			'amount-too-large'
		] satisfies ErrorCode[];
		for (const code of [...codes, 'json-invalid']) expect(outcomes).toContain(`\`${code}\``);
		for (const fields of Object.values(OUTCOME_FIELDS)) {
			for (const f of fields) if (f !== 'kind') expect(outcomes).toContain(`\`${f}\``);
		}
	});
	it('outcome-json.md gives the strict reader’s real message for a misspelled field', () => {
		const strictly = read('docs/outcome-json.md').split('## Read strictly')[1]!;
		const [example] = jsonBlocks(strictly);
		const checked = readOutcomeStrict({
			kind: 'win',
			value: 25,
			winner: 'east',
			method: 'self-pick',
			jokers: 0,
			declaredJokerlesss: false
		});
		expect(checked.ok ? null : { error: checked.error }).toEqual(example);
	});
	it('outcome-json.md names every outside-League kind, and each kind and field it lists is refused', () => {
		const rows = [...outcomes.matchAll(/^\| `([a-z-]+)` \| (`[^|]+`) \| [^|]+ \|$/gm)];
		expect(rows.map((r) => r[1]).sort()).toEqual(Object.keys(OUTSIDE_LEAGUE).sort());
		const win = { kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 1 };
		for (const [, kind, fields] of rows) {
			expect(readOutcomeStrict({ kind })).toMatchObject({
				error: { code: 'outside-league-rules' }
			});
			for (const [, field] of fields!.matchAll(/`([^`]+)`/g)) {
				expect(readOutcomeStrict({ ...win, [field!]: true }), field).toMatchObject({
					error: { code: 'outside-league-rules' }
				});
			}
		}
	});
	it('export-format.md describes every field an export file has', () => {
		const text = read('docs/export-format.md');
		const [scenario] = generateScenarios({ seed: 'doc', count: 1 });
		const record = makeAttempt({ scenario: scenario!, answer: null, unit: 'points', roundId: 'd' });
		const file = JSON.parse(exportJson([record])) as Record<string, unknown>;
		for (const key of [...Object.keys(file), ...Object.keys(record)]) {
			expect(text).toContain(`\`${key}\``);
		}
		expect(text).toContain(`\`"${file.format as string}"\``);
	});
	it('house-rules.md states every house rule with its id, name and source, and every ledger code', () => {
		const text = doc('docs/house-rules.md');
		for (const r of Object.values(HOUSE_RULES)) {
			expect(text).toContain(`| ${r.id} | ${r.name} |`);
			expect(text).toContain(r.source.replace(/ {2,}/g, ' '));
		}
		const codes = [
			'json-invalid',
			'night-invalid',
			'field-unknown',
			'players-invalid',
			'pie-invalid',
			'house-invalid',
			'hands-invalid',
			'seats-missing',
			'seats-invalid',
			'seat-missing',
			'player-unknown',
			'player-twice',
			'bet-missing',
			'bet-invalid',
			'bet-unexpected'
		] satisfies LedgerErrorCode[];
		for (const code of codes) expect(text).toContain(`| \`${code}\` |`);
	});
	it('house-rules.md shows what npm run ledger really answers', () => {
		const [night, answer] = jsonBlocks(read('docs/house-rules.md'));
		const run = ledgerCommand(JSON.stringify(night));
		expect(run.exitCode).toBe(0);
		expect(JSON.parse(run.stdout)).toEqual(answer);
	});
});

describe('docs/class-api.md', () => {
	it('lists every error code the class API can answer, with its status', () => {
		const table = doc('docs/class-api.md');
		const sources = [
			...filesUnder('src/lib/server'),
			...filesUnder('src/lib/class'),
			'src/hooks.server.ts'
		]
			.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
			.map(read)
			.join('\n');
		const thrown = [
			...sources.matchAll(/(?:ClassError|refusal|errorJson)\(\s*(\d{3}),\s*'([a-z-]+)'/g)
		].map((m) => [m[1]!, m[2]!] as const);
		const tooMany = [...sources.matchAll(/tooMany\('([a-z-]+)'/g)].map(
			(m) => ['429', m[1]!] as const
		);
		expect(thrown.length).toBeGreaterThan(20);
		for (const [status, code] of [...thrown, ...tooMany]) {
			expect(table, `${status} ${code}`).toMatch(new RegExp(`\\| ${status} \\| \`${code}\` \\|`));
		}
	});
});
