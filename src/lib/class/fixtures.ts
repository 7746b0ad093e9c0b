/**
 * Test fixtures of the class mode: sessions built from the real machine and scenario generator,
 * and answers graded by the real diagnosis. Used by the tests only.
 */
import { initialTransition, transition } from 'xstate';
import { diagnose, type Seat } from '$lib/payments';
import { generateScenarios } from '$lib/scenarios';
import type { Scenario } from '$lib/scenarios/types';
import { classMachine, type ClassEvent, type ClassPhase } from './machine';
import type { ClassAnswer, ClassConfig, ClassData, StoredAnswer } from './types';
import { revealOf } from './views';

/** A fixed start time (ms). */
export const T0 = 1_700_000_000_000;

/** `count` wins (no wall game, no misnamed discard) from a fixed seed. */
export function winScenarios(count: number): Scenario[] {
	return generateScenarios({ seed: 'class-fixture', count: 60 })
		.filter((s) => s.outcome.kind === 'win')
		.slice(0, count);
}

/** The right answer of a scenario. */
export function rightAnswer(scenario: Scenario): ClassAnswer {
	const { expected } = revealOf(scenario);
	const pays: Partial<Record<Seat, number>> = {};
	for (const [key, points] of Object.entries(expected)) {
		if (key !== 'total') pays[key as Seat] = points;
	}
	return { pays, total: expected.total ?? 0 };
}

/** Every payment right, the total off by 1: shows `winner-total-not-sum`. */
export function totalWrongAnswer(scenario: Scenario): ClassAnswer {
	const right = rightAnswer(scenario);
	return { ...right, total: right.total + 1 };
}

/** One payment off by 7 and the total off by 3: a slip that shows no misconception. */
export function slipAnswer(scenario: Scenario): ClassAnswer {
	const right = rightAnswer(scenario);
	const [first] = Object.keys(right.pays) as Seat[];
	return { pays: { ...right.pays, [first!]: right.pays[first!]! + 7 }, total: right.total + 3 };
}

/** An answer graded with the real diagnosis. */
export function graded(
	scenario: Scenario,
	question: number,
	studentId: string,
	answer: ClassAnswer,
	at = T0
): StoredAnswer {
	const d = diagnose(scenario.outcome, answer);
	if ('error' in d) throw new Error(d.error.message);
	return {
		...answer,
		studentId,
		question,
		at,
		correct: d.correct,
		wrong: d.wrong,
		misconceptions: d.misconceptions
	};
}

/** Session data after `events`, with `answers`, built like the server builds it. */
export function classData(
	questions: Scenario[],
	events: ClassEvent[],
	answers: StoredAnswer[] = [],
	config: Partial<ClassConfig> = {}
): ClassData {
	let [snap] = initialTransition(classMachine, {
		questionCount: questions.length,
		limitMs: null,
		createdAt: T0
	});
	for (const e of events) [snap] = transition(classMachine, snap, e);
	const byQuestion: ClassData['answers'] = new Map();
	for (const a of answers) {
		const m = byQuestion.get(a.question) ?? new Map<string, StoredAnswer>();
		m.set(a.studentId, a);
		byQuestion.set(a.question, m);
	}
	return {
		code: 'ABCDEF',
		config: {
			skills: [],
			questionCount: questions.length,
			unit: 'points',
			seed: 'class-fixture',
			limitSeconds: null,
			...config
		},
		createdAt: T0,
		questions,
		seq: events.length,
		phase: snap.value as ClassPhase,
		context: snap.context,
		answers: byQuestion
	};
}
