/**
 * A verdict that holds: what the learner is told at Check is what the progress keeps. Over every
 * lesson's asked questions (the partly worked one with its given amount, and the practice ones)
 * and practice questions of every kind, in both units: grade at Check (the real machines), keep
 * the attempt as the pages do, reload the store, read it back: the verdict, the misconceptions
 * and the skills are those of the check.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
	SKILLS,
	amountWords,
	rightAmounts,
	wrongAnswerFor,
	MISCONCEPTION_IDS,
	type AmountKey,
	type AmountUnit,
	type AnswerKey,
	type Graded
} from '$lib/payments';
import { settledOf } from '$lib/scenarios/settled';
import { generateScenario } from '$lib/scenarios';
import type { Scenario } from '$lib/scenarios/types';
import { LESSON_SKILLS } from '$lib/lessons/order';
import { lessonOf, stepCount } from '$lib/lessons/lessons';
import { currentQuestion, initialLessonContext } from '$lib/lessons/flow';
import { askedFields } from '$lib/lessons/asked';
import { createLessonActor } from '$lib/lessons/machine';
import { recordLessonAnswer } from '$lib/lessons/lesson.svelte';
import { quizMachine } from '$lib/quiz/machine';
import { lastResult } from '$lib/quiz/round';
import { createActor } from 'xstate';
import { listAttempts, recordAttempt } from './progress';
import { memoryProgressStore, progressStore, useProgressStore } from './store';

afterEach(() => useProgressStore(memoryProgressStore()));

/** What a verdict is: right or not, the misconceptions named, the skills it counts against. */
const verdict = (g: Graded) => ({
	correct: g.correct,
	wrong: g.wrong,
	misconceptions: g.misconceptions,
	skills: g.skills
});

/** The right answer, a misconception's answer (`pick` chooses among those that apply), or noise. */
function answerFor(scenario: Scenario, unit: AmountUnit, pick: number, noise: number[]) {
	const { outcome, settlement } = settledOf(scenario, unit);
	const right = rightAmounts(settlement);
	const wrongs = MISCONCEPTION_IDS.map((id) => wrongAnswerFor(id, outcome, settlement)).filter(
		(a): a is AnswerKey => a !== null
	);
	const choices = [right, ...wrongs];
	if (pick % (choices.length + 1) === choices.length) {
		const keys = [...(Object.keys(right.pays) as AmountKey[]), 'total' as const];
		return Object.fromEntries(keys.map((k, i) => [k, noise[i % noise.length]!]));
	}
	const chosen = choices[pick % (choices.length + 1)]!;
	return { ...chosen.pays, total: chosen.total } as Partial<Record<AmountKey, number>>;
}

/** Entries as typed in `unit` (money: "$1.00"), for the keys asked. */
const typed = (amounts: Partial<Record<AmountKey, number>>, keys: AmountKey[], unit: AmountUnit) =>
	Object.fromEntries(
		keys.map((k) => [k, amounts[k] === undefined ? '' : amountWords(unit)(amounts[k]!)])
	);

/** The stored records read back from a fresh copy of the store (a reload of the page). */
async function reloaded() {
	const copy = memoryProgressStore((await progressStore().all()) as never[]);
	return listAttempts(copy);
}

const noise = fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 5 });

describe('a verdict that holds from Check to Review and Progress', () => {
	it('every lesson question (partly worked or practice): the read verdict is the Check one', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...LESSON_SKILLS),
				fc.nat(),
				fc.nat({ max: 5 }),
				fc.nat(),
				noise,
				async (skill, s, tries, pick, extra) => {
					useProgressStore(memoryProgressStore());
					const step = 1 + (s % (stepCount(lessonOf(skill)) - 1));
					const context = {
						...initialLessonContext(skill),
						step,
						tries: initialLessonContext(skill).tries.map((t, i) => (i === step ? tries : t))
					};
					const actor = createLessonActor(skill, {
						mode: step === 1 ? 'partial' : 'practising',
						context
					}).start();
					const scenario = currentQuestion(context);
					const keys = askedFields(context).map((f) => f.key);
					const amounts = answerFor(scenario, 'points', pick, extra);
					actor.send({ type: 'answer.submit', entries: typed(amounts, keys, 'points') });
					const result = actor.getSnapshot().context.result!;
					actor.stop();
					await recordLessonAnswer(result, skill);
					const [read] = await reloaded();
					expect(read && verdict(read)).toEqual(verdict(result.graded));
				}
			),
			{ numRuns: 300 }
		);
	});

	it('every practice question kind, in points and money: the read verdict is the Check one', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.string({ minLength: 1, maxLength: 8 }),
				fc.nat({ max: 50 }),
				fc.subarray([...SKILLS], { minLength: 1 }),
				fc.constantFrom<AmountUnit>('points', 'money'),
				fc.nat(),
				noise,
				async (seed, index, skills, unit, pick, extra) => {
					const store = memoryProgressStore();
					const scenario = generateScenario(seed, index, skills);
					const actor = createActor(quizMachine).start();
					actor.send({
						type: 'round.start',
						config: { skills, count: 1, unit, seed },
						scenarios: [scenario]
					});
					const amounts = answerFor(scenario, unit, pick, extra);
					const keys = Object.keys(amounts) as AmountKey[];
					actor.send({ type: 'answer.submit', entries: typed(amounts, keys, unit) });
					const result = lastResult(actor.getSnapshot().context)!;
					actor.stop();
					await recordAttempt({ ...result, unit, roundId: seed }, store);
					const [read] = await listAttempts(memoryProgressStore((await store.all()) as never[]));
					expect(read && verdict(read)).toEqual(verdict(result.graded));
				}
			),
			{ numRuns: 300 }
		);
	});
});
