/**
 * Building an attempt record from what the practice page knows about an answered question.
 */
import { diagnose, SEATS, type AmountUnit, type Answer } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import type { AttemptRecord, RecordedAnswer } from './types';
import { newId } from './id';

export { newId };

/**
 * What the practice page passes to record one question:
 * - `scenario`, `unit`, `roundId` (e.g. the round's seed);
 * - `answer` in points, or null when the learner revealed the answer without answering;
 * - `hintsUsed` (default 0), `revealed` (default: `answer === null`);
 * - `at` (default now) and `id` (default a random id) mostly for tests and imports.
 * The quiz's `QuestionResult` ({scenario, answer, revealed, hintsUsed, ...}) fits this shape
 * once `unit` and `roundId` are added.
 */
export interface AttemptInput {
	scenario: Scenario;
	unit: AmountUnit;
	roundId: string;
	answer: Answer | null;
	hintsUsed?: number;
	revealed?: boolean;
	at?: Date;
	id?: string;
}

/** Keeps only finite numbers for seats and total (an empty field is left out). */
function cleanAnswer(answer: Answer | null): RecordedAnswer {
	const out: RecordedAnswer = { pays: {} };
	if (!answer) return out;
	for (const seat of SEATS) {
		const value = answer.pays[seat];
		if (typeof value === 'number' && Number.isFinite(value)) out.pays[seat] = value;
	}
	if (typeof answer.total === 'number' && Number.isFinite(answer.total)) out.total = answer.total;
	return out;
}

/**
 * The record of one answered question, graded with `diagnose` (shared/spec/misconceptions.md):
 * right amounts, wrong amounts, the misconceptions the answer shows. A revealed answer is never
 * correct and shows no misconception. Throws an Error when the scenario's outcome is impossible or
 * the answer cannot be read (for example an amount for the winner's own seat): the generator never
 * makes such a question and the quiz never sends such an answer. The scenario is copied (plain
 * JSON), so a reactive proxy passed in is never kept.
 */
export function makeAttempt(input: AttemptInput): AttemptRecord {
	const answer = cleanAnswer(input.answer);
	const revealed = input.revealed ?? input.answer === null;
	const diagnosis = diagnose(input.scenario.outcome, answer);
	if ('error' in diagnosis) throw new Error(diagnosis.error.message);
	return {
		id: input.id ?? newId(),
		at: (input.at ?? new Date()).toISOString(),
		scenario: JSON.parse(JSON.stringify(input.scenario)) as Scenario,
		unit: input.unit,
		answer,
		expected: diagnosis.expected,
		correct: diagnosis.correct && !revealed,
		// An amount left out is as wrong as a wrong one for the learner's record.
		wrong: [...SEATS, 'total' as const].filter(
			(k) => diagnosis.wrong.includes(k) || diagnosis.missing.includes(k)
		),
		misconceptions: revealed ? [] : diagnosis.misconceptions,
		hintsUsed: Math.max(0, Math.floor(input.hintsUsed ?? 0)),
		revealed,
		roundId: input.roundId
	};
}
