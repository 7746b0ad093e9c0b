/**
 * The fields of an export file this app does not know (a newer version's, a hand edit's): listed
 * so an import can report them instead of dropping them without a word. Pure.
 */
import { OUTCOME_FIELDS, SEATS } from '$lib/payments';

const FILE = ['format', 'version', 'exportedAt', 'attempts'];
/** What an attempt keeps, and its graded part (an import grades it again: see `regrade`). */
const ATTEMPT = [
	'id',
	'at',
	'scenario',
	'unit',
	'answer',
	'given',
	'rulesVersion',
	'hintsUsed',
	'revealed',
	'roundId',
	'triedAgain',
	'correct',
	'wrong',
	'missing',
	'misconceptions',
	'skills',
	'exercised',
	'explanations',
	'expected'
];
const SCENARIO = ['id', 'seed', 'index', 'outcome', 'skills', 'narrative', 'groups', 'trap'];
const ANSWER = ['pays', 'total'];
const TRAP = ['rule', 'takenBy', 'calledFrom', 'tile', 'group'];

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

function extra(x: unknown, known: readonly string[], at: string, out: string[]) {
	if (!isRecord(x)) return;
	for (const key of Object.keys(x)) if (!known.includes(key)) out.push(`${at}${key}`);
}

/**
 * The paths of the fields of an export file (parsed JSON) that this app does not know, in file
 * order: "colour" (the file's own), "question 3: scenario.outcome.pie". Empty when there are none.
 */
export function unknownFields(json: unknown): string[] {
	const out: string[] = [];
	extra(json, FILE, '', out);
	const attempts = isRecord(json) && Array.isArray(json.attempts) ? json.attempts : [];
	for (const [i, a] of attempts.entries()) {
		const at = `question ${i + 1}: `;
		extra(a, ATTEMPT, at, out);
		if (!isRecord(a)) continue;
		extra(a.answer, ANSWER, `${at}answer.`, out);
		if (isRecord(a.answer)) extra(a.answer.pays, SEATS, `${at}answer.pays.`, out);
		extra(a.scenario, SCENARIO, `${at}scenario.`, out);
		if (!isRecord(a.scenario)) continue;
		extra(a.scenario.trap, TRAP, `${at}scenario.trap.`, out);
		const outcome = a.scenario.outcome;
		const kind = isRecord(outcome) && typeof outcome.kind === 'string' ? outcome.kind : '';
		const fields = Object.hasOwn(OUTCOME_FIELDS, kind) ? OUTCOME_FIELDS[kind] : undefined;
		if (fields) extra(outcome, fields, `${at}scenario.outcome.`, out);
	}
	return out;
}
