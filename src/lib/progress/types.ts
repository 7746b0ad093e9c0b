/**
 * The learner's lasting progress: one record per answered (or revealed) question. Amounts are whole
 * points (P13) whatever unit the learner practised in; `unit` only says how they were shown.
 */
import type { AmountKey, Answer, Graded } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';

/**
 * One answered question, as kept on the device and in an export file: the graded result of the
 * answer (`Graded`: `correct`, `revealed`, `wrong`, `missing`, `misconceptions`, the `skills` it
 * counts against, the skills the question `exercised`, `explanations`, `expected` in points, the
 * `unit` the learner practised in), and
 * - `id`: unique (random), the key in storage and what an import merges by;
 * - `at`: when it was answered (ISO 8601 UTC, e.g. "2025-03-01T14:05:00.000Z");
 * - `scenario`: the whole question (outcome, skills, narrative, rack groups), so it can be shown
 *   again without the generator;
 * - `answer`: what was entered, in points (empty `pays` and no `total` when the answer was
 *   revealed unanswered), the `given` amounts included;
 * - `given`: the amounts the question filled in rather than asked (a lesson's partly worked
 *   question), which the grade depends on; empty for every other question;
 * - `rulesVersion`: the `RULES_VERSION` the graded part follows;
 * - `hintsUsed`: breakdown steps shown as hints before answering;
 * - `roundId`: the round it belongs to (the round's seed, `lesson:SKILL` for a lesson);
 * - `triedAgain` (optional, only ever `true`): the question was tried again ("Try this question
 *   again") after its breakdown was shown; a right answer then is left out of the skills'
 *   windows, as one after a hint is (skills.md).
 * The graded part is the one shown at the check, kept as it is: reading never grades again. Only
 * a record kept under an older `rulesVersion` (or none) and an imported one are graded again,
 * with the same inputs (`regrade`).
 */
export interface AttemptRecord extends Graded {
	id: string;
	at: string;
	scenario: Scenario;
	answer: Answer;
	given: AmountKey[];
	rulesVersion: number;
	hintsUsed: number;
	roundId: string;
	triedAgain?: true;
}

/** The export file's `format` value: a file without it is refused as foreign. */
export const PROGRESS_FORMAT = 'mahjong-payments-coach/progress';
/** The export file's `version`: this app reads version 1 only. */
export const PROGRESS_VERSION = 1;

/** An export file: every attempt, oldest first, and when the file was made (ISO 8601). */
export interface ProgressFile {
	format: typeof PROGRESS_FORMAT;
	version: typeof PROGRESS_VERSION;
	exportedAt: string;
	attempts: AttemptRecord[];
}

/**
 * True when an attempt counts as right: answered correctly without revealing the answer. Hints do
 * not make an answer wrong (they lower its spaced-repetition grade, see `schedule.ts`).
 */
export function isRight(attempt: AttemptRecord): boolean {
	return attempt.correct && !attempt.revealed;
}

/** Oldest first (by `at`, then `id` so the order is total). Returns a new array. */
export function byTime(attempts: readonly AttemptRecord[]): AttemptRecord[] {
	return [...attempts].sort((a, b) =>
		a.at === b.at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.at < b.at ? -1 : 1
	);
}
