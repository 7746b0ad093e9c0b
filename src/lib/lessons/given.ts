/**
 * Which amounts a lesson's partly worked question fills in, on their own (no generator, no
 * lesson texts), so the progress can tell them from a kept record (`lessonGiven`). Pure.
 */
import { SEATS, answerFields, type AmountKey, type Outcome } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import { LESSON_SKILLS } from './order';

/** Indexes of the generator a step draws from are `step + STRIDE * j`: steps never share one. */
export const STRIDE = 8;

/**
 * The amount a partly worked question fills in and explains (one answer field, never the total):
 * the discarder's (or the misnamer's) payment, else the first payer's in table order, passing
 * over East and dead hands where it can, so the amounts the lesson is about are left to the learner.
 */
export function givenKeys(outcome: Outcome): AmountKey[] {
	const payers = answerFields(outcome)
		.map((f) => f.key)
		.filter((k): k is (typeof SEATS)[number] => k !== 'total');
	const dead: readonly string[] = outcome.kind === 'wall-game' ? [] : (outcome.dead ?? []);
	const thrower =
		outcome.kind === 'win'
			? outcome.discarder
			: outcome.kind === 'misnamed-discard'
				? outcome.misnamer
				: undefined;
	const plain = payers.filter((s) => s !== 'east' && !dead.includes(s));
	const pick = thrower && thrower !== 'east' ? thrower : (plain[0] ?? payers[0]!);
	return [pick];
}

/**
 * The amounts a lesson filled in for a question kept with `roundId` (`lesson:SKILL` for a
 * lesson's answer, see `recordLessonAnswer`): `givenKeys` for the partly worked question (step 1,
 * drawn from the generator's seed `lesson-SKILL` at an index `1 + STRIDE * j`), else none (a
 * practice question, a lesson's other steps). For records kept before the given amounts were.
 */
export function lessonGiven(roundId: string, scenario: Scenario): AmountKey[] {
	const skill = roundId.startsWith('lesson:') ? roundId.slice('lesson:'.length) : null;
	if (!skill || !(LESSON_SKILLS as readonly string[]).includes(skill)) return [];
	if (scenario.seed !== `lesson-${skill}` || scenario.index % STRIDE !== 1) return [];
	return givenKeys(scenario.outcome);
}
