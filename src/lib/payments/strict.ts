/**
 * The strict reading of outcomes and answered questions that come from outside (the command lines
 * `settle`, `diagnose`, `ledger`): a field this project does not know is refused instead of
 * ignored, since a misspelled `declaredJokerless` would silently change the amounts. A field that
 * names a situation outside League rules (a pie, chips, tournament points, ...) is refused as
 * such. Pure; never throws.
 */
import { diagnose, type Diagnosis } from './diagnose';
import { settleValid } from './settle';
import type { PaymentError, SettleResult } from './types';
import { validateOutcome } from './validate';
import { OUTSIDE_LEAGUE } from './outside-league';
import type { ValidationResult } from './normalized';

/** The fields each kind of outcome may have (payments.md, "Machine-readable form"). */
export const OUTCOME_FIELDS: Readonly<Record<string, readonly string[]>> = {
	win: [
		'kind',
		'value',
		'winner',
		'method',
		'discarder',
		'jokers',
		'declaredJokerless',
		'singlesAndPairs',
		'dead'
	],
	'wall-game': ['kind', 'dead'],
	'misnamed-discard': [
		'kind',
		'value',
		'caller',
		'misnamer',
		'dead',
		'jokers',
		'declaredJokerless',
		'singlesAndPairs'
	]
};

/** The fields of an answer (misconceptions.md): `pays` (seat to points) and `total`. */
export const ANSWER_FIELDS: readonly string[] = ['pays', 'total'];

/** The fields of one line of `diagnose`: `{"outcome": ..., "answer": ...}`. */
export const ANSWERED_FIELDS: readonly string[] = ['outcome', 'answer'];

/**
 * Field names (compared without case, "-" or "_") that describe a situation outside League
 * rules, and the `OUTSIDE_LEAGUE` kind each one is.
 */
const OUTSIDE_FIELDS: Readonly<Record<string, string>> = {
	pie: 'pie',
	piecap: 'pie',
	cap: 'pie',
	chips: 'chips',
	chip: 'chips',
	chipvalue: 'chips',
	tournament: 'tournament',
	tournamentpoints: 'tournament',
	bonuspoints: 'tournament',
	fifthplayer: 'fifth-player',
	bettor: 'fifth-player',
	bet: 'fifth-player',
	lastwall: 'last-wall-discard',
	lastwalldiscard: 'last-wall-discard',
	eastdouble: 'east-double',
	eastpaysdouble: 'east-double',
	falsemahjongg: 'false-mah-jongg',
	inerror: 'false-mah-jongg',
	mahjongginerror: 'false-mah-jongg'
};

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

/** Optimal string alignment distance between `a` and `b` (edits, swaps of neighbours count 1). */
function distance(a: string, b: string): number {
	const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
	for (let j = 1; j <= b.length; j++) d[0]![j] = j;
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
				best = Math.min(best, d[i - 2]![j - 2]! + 1);
			}
			d[i]![j] = best;
		}
	}
	return d[a.length]![b.length]!;
}

/**
 * The name of `known` nearest to `name` (case ignored), or null when none is near (more edits
 * than a third of the longer name, at least 2 allowed). Ties go to the earlier name.
 */
export function nearestName(name: string, known: readonly string[]): string | null {
	let best: string | null = null;
	let bestDistance = Infinity;
	for (const candidate of known) {
		const d = distance(name.toLowerCase(), candidate.toLowerCase());
		if (d < bestDistance) {
			best = candidate;
			bestDistance = d;
		}
	}
	const limit = Math.max(2, Math.floor(Math.max(name.length, best?.length ?? 0) / 3));
	return bestDistance <= limit ? best : null;
}

const shown = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 37)}...` : name);

/**
 * The error for the field `name`, unknown in `what` (e.g. "a win") whose fields are `known`:
 * `field-unknown`, naming the field and the nearest known one ("Unknown field
 * "declaredJokerlesss": did you mean declaredJokerless? ...").
 */
export function unknownField(
	name: string,
	what: string,
	known: readonly string[],
	code: 'field-unknown' | 'answer-invalid' = 'field-unknown'
): PaymentError {
	const near = nearestName(name, known);
	return {
		code,
		message: `Unknown field ${shown(name)}${near ? `: did you mean ${near}?` : '.'} The fields of ${what} are ${known.join(', ')}.`
	};
}

/** The outside-League kind a field names (`OUTSIDE_FIELDS`), or undefined. */
const outsideKind = (key: string): string | undefined => {
	const name = key.toLowerCase().replace(/[-_ ]/g, '');
	// Own keys only: "constructor" or "__proto__" is just an unknown field, not a situation.
	return Object.hasOwn(OUTSIDE_FIELDS, name) ? OUTSIDE_FIELDS[name] : undefined;
};

/** A field naming a situation outside League rules as not having happened: `false` or `null`. */
const notHappened = (raw: Record<string, unknown>, key: string) =>
	(raw[key] === false || raw[key] === null) && outsideKind(key) !== undefined;

/** The first key of `raw` not in `known` (nor saying an outside-League situation did not happen). */
const firstUnknown = (raw: Record<string, unknown>, known: readonly string[]) =>
	Object.keys(raw).find((key) => !known.includes(key) && !notHappened(raw, key));

const KIND_WORDS: Record<string, string> = {
	win: 'a win',
	'wall-game': 'a wall game',
	'misnamed-discard': 'a misnamed discard'
};

/**
 * Reads an outcome strictly (payments.md's machine-readable form). Never throws. In order:
 * - not an object: `outcome-invalid`;
 * - a `kind` outside League rules (`pie`, `tournament`, ... see `OUTSIDE_LEAGUE`), or a field
 *   naming such a situation on any outcome (`"pie": 100`, `"tournament": true`, `"chips"`,
 *   `"fifthPlayer"`, `"lastWall"`, `"falseMahJongg"`, `"eastDouble"`): `outside-league-rules`;
 *   such a field that is `false` or `null` says the situation did not happen, and is skipped;
 * - a field the outcome's kind does not have: `field-unknown`, naming the nearest known field;
 * - then `validateOutcome`: the spec's codes for impossible outcomes, or the normalized outcome.
 */
export function readOutcomeStrict(input: unknown): ValidationResult {
	if (!isRecord(input)) return validateOutcome(input);
	for (const key of Object.keys(input)) {
		const outside = notHappened(input, key) ? undefined : outsideKind(key);
		if (outside) {
			return {
				ok: false,
				error: {
					code: 'outside-league-rules',
					message: `${shown(key)}: ${OUTSIDE_LEAGUE[outside]}`
				}
			};
		}
	}
	const kind = typeof input.kind === 'string' ? input.kind : '';
	const known = Object.hasOwn(OUTCOME_FIELDS, kind) ? OUTCOME_FIELDS[kind] : undefined;
	if (known) {
		const extra = firstUnknown(input, known);
		if (extra !== undefined) {
			return { ok: false, error: unknownField(extra, KIND_WORDS[kind]!, known) };
		}
	}
	return validateOutcome(input);
}

/**
 * Settles an outcome read strictly (`readOutcomeStrict`): the settlement in points, or
 * `{error: {code, message}}`. What `settle` on the command line answers. Never throws.
 */
export function settleStrict(input: unknown): SettleResult {
	try {
		const checked = readOutcomeStrict(input);
		if (!checked.ok) return { error: checked.error };
		return settleValid(checked.outcome);
	} catch {
		// Only a hostile object (a throwing getter or proxy) gets here; JSON never does.
		return { error: { code: 'outcome-invalid', message: 'The outcome could not be read.' } };
	}
}

/**
 * Diagnoses one line of `diagnose` strictly: `{"outcome": ..., "answer": ...}` (misconceptions.md).
 * Never throws. Errors:
 * - not an object, or an outcome given without the wrapper: `outcome-invalid`, saying the line
 *   needs `{"outcome": ..., "answer": ...}`;
 * - a field besides `outcome` and `answer`: `field-unknown`;
 * - the outcome: as `readOutcomeStrict`;
 * - the answer missing, not `{pays, total}`, with an unknown field, a seat that is not one, or
 *   an amount that is not a number: `answer-invalid`.
 */
export function diagnoseStrict(input: unknown): Diagnosis | { error: PaymentError } {
	const wrapper = 'Each line must be {"outcome": {...}, "answer": {"pays": {...}, "total": ...}}';
	if (!isRecord(input)) {
		return { error: { code: 'outcome-invalid', message: `${wrapper}.` } };
	}
	if (!('outcome' in input) && !('answer' in input)) {
		const bare = 'kind' in input;
		return {
			error: {
				code: 'outcome-invalid',
				message: bare
					? `This line is a bare outcome: the {"outcome", "answer"} wrapper is missing. ${wrapper}.`
					: `The {"outcome", "answer"} wrapper is missing. ${wrapper}.`
			}
		};
	}
	const extra = firstUnknown(input, ANSWERED_FIELDS);
	if (extra !== undefined) {
		return { error: unknownField(extra, 'a line of diagnose', ANSWERED_FIELDS) };
	}
	const checked = readOutcomeStrict(input.outcome);
	if (!checked.ok) return { error: checked.error };
	const answer = input.answer;
	if (!isRecord(answer)) {
		return {
			error: {
				code: 'answer-invalid',
				message: `"answer" must be an object like {"pays": {"south": 50}, "total": 150} (got ${answer === undefined ? 'missing' : JSON.stringify(answer).slice(0, 40)}).`
			}
		};
	}
	const extraAnswer = firstUnknown(answer, ANSWER_FIELDS);
	if (extraAnswer !== undefined) {
		return { error: unknownField(extraAnswer, 'an answer', ANSWER_FIELDS, 'answer-invalid') };
	}
	return diagnose(checked.outcome, answer);
}
