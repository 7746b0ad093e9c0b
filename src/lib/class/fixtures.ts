/**
 * Test fixtures of the class mode: sessions built from the real machine and scenario generator,
 * and answers graded by the real diagnosis. Used by the tests only.
 */
import { initialTransition, transition } from 'xstate';
import { grade, rightAmounts, type Answer, type Seat } from '$lib/payments';
import { generateScenarios } from '$lib/scenarios';
import type { Scenario } from '$lib/scenarios/types';
import { classMachine, type ClassEvent, type ClassPhase } from './machine';
import type { ClassConfig, ClassData, StoredAnswer } from './types';
import { settlementOf } from '$lib/scenarios/settled';

/** A fixed start time (ms). */
export const T0 = 1_700_000_000_000;

/** `count` wins (no wall game, no misnamed discard) from a fixed seed. */
export function winScenarios(count: number): Scenario[] {
	return generateScenarios({ seed: 'class-fixture', count: 60 })
		.filter((s) => s.outcome.kind === 'win')
		.slice(0, count);
}

/** The right answer of a scenario. */
export function rightAnswer(scenario: Scenario): Answer & { total: number } {
	const { pays, total } = rightAmounts(settlementOf(scenario));
	return { pays: { ...pays }, total };
}

/** Every payment right, the total off by 1: shows `winner-total-not-sum`. */
export function totalWrongAnswer(scenario: Scenario): Answer & { total: number } {
	const right = rightAnswer(scenario);
	return { ...right, total: right.total + 1 };
}

/** One payment off by 7 and the total off by 3: a slip that shows no misconception. */
export function slipAnswer(scenario: Scenario): Answer & { total: number } {
	const right = rightAnswer(scenario);
	const [first] = Object.keys(right.pays) as Seat[];
	return { pays: { ...right.pays, [first!]: right.pays[first!]! + 7 }, total: right.total + 3 };
}

/** An answer graded with the real grading, in `unit` (default points). */
export function graded(
	scenario: Scenario,
	question: number,
	studentId: string,
	answer: Answer,
	at = T0,
	unit: 'points' | 'money' = 'points'
): StoredAnswer {
	const result = grade(scenario.outcome, answer, unit);
	if ('error' in result) throw new Error(result.error.message);
	return { studentId, question, at, answer, graded: result };
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
		state: snap,
		phase: snap.value as ClassPhase,
		context: snap.context,
		answers: byQuestion
	};
}
