/**
 * Reading and grading a lesson's answer: what the machine (./machine.ts) does at a check. Kept
 * apart from ./flow.ts because the grading (the diagnosis and its misconception catalog) is one of
 * the biggest parts of the lesson's code, and only the machine, loaded on the learner's first
 * action, needs it.
 */
import {
	amountOf,
	answerFrom,
	gradeValid,
	readAmounts,
	rightAmounts,
	type AmountKey
} from '$lib/payments';
import { settledOf } from '$lib/scenarios/settled';
import { currentQuestion, type LessonContext, type LessonResult } from './flow';
import { askedFields, givenOf } from './asked';

/** Reads every asked field in points (`readAmounts`): the amounts, or a reason per field. */
export function readEntries(context: LessonContext, entries: Record<string, string>) {
	const read = readAmounts(askedFields(context), entries, 'points');
	return { amounts: read.amounts, errors: read.ok ? {} : read.reasons };
}

/**
 * Checks the current question, once: the given amounts (right, from the answer key) and the
 * learner's read `amounts` make the answer, graded in points.
 */
export function checkedResult(
	context: LessonContext,
	amounts: Partial<Record<AmountKey, number>>
): LessonResult {
	const scenario = currentQuestion(context);
	const { outcome, settlement } = settledOf(scenario);
	const given = givenOf(context);
	const key = rightAmounts(settlement);
	const all = { ...amounts };
	for (const k of given) all[k] = amountOf(key, k);
	const answer = answerFrom(scenario.outcome, all);
	return {
		step: context.step,
		scenario,
		given,
		answer,
		graded: gradeValid(outcome, settlement, answer, 'points', given)
	};
}
