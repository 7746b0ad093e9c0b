/**
 * Building an attempt record from what the practice page or a lesson knows about an answered
 * question, and grading a record again, with the same inputs, when it is imported or was kept
 * under older rules (`regrade`).
 */
import {
	grade,
	RULES_VERSION,
	SEATS,
	type AmountKey,
	type Answer,
	type AmountUnit,
	type Graded
} from '$lib/payments';
import { lessonGiven } from '$lib/lessons/given';
import type { Scenario } from '$lib/scenarios/types';
import type { AttemptRecord } from './types';
import { newId } from './id';

export { newId };

/**
 * What the practice page passes to record one question:
 * - `scenario`, `unit`, `roundId` (e.g. the round's seed);
 * - `answer` in points, or null when the learner revealed the answer without answering;
 * - `graded`: the quiz's graded result of that answer (graded once, at the check); when left
 *   out (tests, imports) the answer is graded here;
 * - `given`: the amounts the question filled in rather than asked (a lesson's partly worked
 *   question; default none), which the grade depends on and the record keeps;
 * - `hintsUsed` (default 0);
 * - `triedAgain`: the question is being tried again after its breakdown was shown (default false);
 * - `at` (default now) and `id` (default a random id) mostly for tests and imports.
 */
export interface AttemptInput {
	scenario: Scenario;
	unit: AmountUnit;
	roundId: string;
	answer: Answer | null;
	graded?: Graded;
	given?: readonly AmountKey[];
	hintsUsed?: number;
	triedAgain?: boolean;
	at?: Date;
	id?: string;
}

/** Keeps only finite numbers for seats and total (an empty field is left out). */
function cleanAnswer(answer: Answer | null): Answer {
	const out: Answer = { pays: {} };
	if (!answer) return out;
	for (const seat of SEATS) {
		const value = answer.pays[seat];
		if (typeof value === 'number' && Number.isFinite(value)) out.pays[seat] = value;
	}
	if (typeof answer.total === 'number' && Number.isFinite(answer.total)) out.total = answer.total;
	return out;
}

/**
 * Grades `answer` (null: revealed) for `scenario` in `unit`, `given` filled in. Throws an Error when the outcome is
 * impossible or the answer cannot be read (an amount for the winner's own seat, say): the
 * generator never makes such a question and the quiz never sends such an answer.
 */
function graded(
	scenario: Scenario,
	answer: Answer | null,
	unit: AmountUnit,
	given: readonly AmountKey[]
): Graded {
	const result = grade(scenario.outcome, answer, unit, given);
	if ('error' in result) throw new Error(result.error.message);
	return result;
}

/**
 * The record of one answered question, with its graded result (the quiz's, or graded here). The
 * scenario and the result are copied (plain JSON), so a reactive proxy passed in is never kept.
 * Throws an Error for an impossible outcome or an unreadable answer (see `graded`).
 */
export function makeAttempt(input: AttemptInput): AttemptRecord {
	const answer = cleanAnswer(input.answer);
	const given = [...(input.given ?? [])];
	const result = input.graded ?? graded(input.scenario, input.answer && answer, input.unit, given);
	return {
		...(JSON.parse(JSON.stringify(result)) as Graded),
		id: input.id ?? newId(),
		at: (input.at ?? new Date()).toISOString(),
		scenario: JSON.parse(JSON.stringify(input.scenario)) as Scenario,
		answer,
		given,
		rulesVersion: RULES_VERSION,
		hintsUsed: Math.max(0, Math.floor(input.hintsUsed ?? 0)),
		roundId: input.roundId,
		...(input.triedAgain ? { triedAgain: true as const } : {})
	};
}

/** What a record's grade depends on: everything `regrade` reads (`given` may be missing). */
export type GradeInputs = Omit<AttemptRecord, keyof Graded | 'given' | 'rulesVersion'> &
	Pick<Graded, 'revealed' | 'unit'> & { given?: readonly AmountKey[] };

/**
 * A record graded again under today's rules (`RULES_VERSION`), with the same inputs it was graded
 * with at the check: its scenario, its answer, whether it was revealed, its unit and the amounts
 * the question filled in (`given`). A record kept before `given` was (none written) gets the
 * lesson's (`lessonGiven`: a partly worked question's, known from its round and scenario) or
 * none. What a record says of its own grading is not read. For an import and for a record kept
 * under older rules only: a record read back keeps its grade. Throws like `makeAttempt`.
 */
export function regrade(record: GradeInputs): AttemptRecord {
	const given = [...(record.given ?? lessonGiven(record.roundId, record.scenario))];
	return {
		id: record.id,
		// One form of time (UTC, "...Z"), so records sort by it as text whatever a file wrote.
		at: new Date(record.at).toISOString(),
		scenario: record.scenario,
		answer: record.answer,
		given,
		rulesVersion: RULES_VERSION,
		hintsUsed: record.hintsUsed,
		roundId: record.roundId,
		...(record.triedAgain ? { triedAgain: true as const } : {}),
		...graded(record.scenario, record.revealed ? null : record.answer, record.unit, given)
	};
}
