/**
 * The one graded result of a question: graded once, at the check, and passed along to the
 * feedback, the progress record, the review and the class views, which only read it. Pure.
 */
import type { AmountUnit } from './amounts';
import { diagnoseValid, readAnswer, rightAmounts, type Diagnosis } from './diagnose';
import { correctionFor, type Correction } from './explain';
import { misconceptionTitle, type MisconceptionId } from './misconception-titles';
import { settleValid } from './settle';
import { skillsOf, type Skill } from './skills';
import { SEATS, type AmountKey, type PaymentError, type Settlement } from './types';
import { validateOutcome } from './validate';
import type { NormalizedOutcome } from './normalized';

/**
 * The version of the rules and the misconception catalog that grading follows. Raise it whenever
 * a rule, the diagnosis or the catalog changes what a grade says: an attempt kept with an older
 * version (or none: 1) is graded again, with the same inputs, when it is read back.
 * 2: a wall game's total must be the sum of its payments (`winner-total-not-sum`).
 */
export const RULES_VERSION = 2;

/**
 * A misconception an answer shows: its catalog `title` and what corrects it on this question
 * (`Correction`: the `rule` in words, the `amounts` really paid here, and `text`, both).
 */
export interface Explanation extends Correction {
	id: MisconceptionId;
	title: string;
}

/**
 * A graded answer: the diagnosis (`correct`, `wrong`, `missing`, `misconceptions`, `skills` it
 * counts against, `expected` in points), whether the answer was `revealed` instead of given (then
 * nothing was entered, every amount is missing and so wrong, and it counts against every skill the question
 * exercises), the skills the question `exercised` (skills.md, `SKILLS` order), and one
 * `explanations` entry per misconception, its sentences showing amounts in `unit`.
 */
export interface Graded extends Diagnosis {
	revealed: boolean;
	exercised: Skill[];
	explanations: Explanation[];
	unit: AmountUnit;
}

/**
 * Grades an answer (`null`: the learner asked to see the answer instead) for an outcome that
 * passed validation, with its settlement in `unit` (`settleValid(outcome, unit)`: the explanations
 * quote its sentences). Amounts are points; the explanations show them in `unit`. `given`: the
 * answer's amounts the learner was given rather than asked (see `diagnoseValid`).
 */
export function gradeValid(
	outcome: NormalizedOutcome,
	settlement: Settlement,
	answer: Parameters<typeof diagnoseValid>[2] | null,
	unit: AmountUnit = 'points',
	given: readonly AmountKey[] = []
): Graded {
	const exercised = skillsOf(outcome);
	if (answer === null) {
		const expected = rightAmounts(settlement);
		const keys: AmountKey[] = [...SEATS.filter((s) => s in expected.pays), 'total'];
		return {
			correct: false,
			wrong: keys,
			missing: keys,
			misconceptions: [],
			skills: exercised,
			expected,
			revealed: true,
			exercised,
			explanations: [],
			unit
		};
	}
	const diagnosis = diagnoseValid(outcome, settlement, answer, given);
	return {
		...diagnosis,
		revealed: false,
		exercised,
		explanations: diagnosis.misconceptions.map((id) => ({
			id,
			title: misconceptionTitle(id),
			...correctionFor(id, outcome, settlement, unit)
		})),
		unit
	};
}

/**
 * Grades any `answer` (misconceptions.md's form, in points; `null` for an answer revealed
 * instead) for any `outcome`; `given`: the amounts the question filled in (see `gradeValid`).
 * Never throws: an impossible outcome or an unreadable answer gives `{ error: { code, message } }`,
 * as `diagnose` does.
 */
export function grade(
	outcome: unknown,
	answer: unknown,
	unit: AmountUnit = 'points',
	given: readonly AmountKey[] = []
): Graded | { error: PaymentError } {
	try {
		const checked = validateOutcome(outcome);
		if (!checked.ok) return { error: checked.error };
		const settlement = settleValid(checked.outcome, unit);
		if (answer === null) return gradeValid(checked.outcome, settlement, null, unit);
		const read = readAnswer(answer, settlement.receiver);
		if ('code' in read) return { error: read };
		return gradeValid(checked.outcome, settlement, read, unit, given);
	} catch {
		return { error: { code: 'outcome-invalid', message: 'The question could not be read.' } };
	}
}
