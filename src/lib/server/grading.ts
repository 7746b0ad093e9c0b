/**
 * Grading of a class answer (issue 11): the posted amounts checked against the question's
 * fields, then graded once with the engine's `grade` (amounts in points, P13).
 */
import {
	answerFields,
	grade,
	type AmountUnit,
	type Answer,
	type Graded,
	type Seat
} from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import type { ClassData, StoredAnswer } from '$lib/class/types';
import { ClassError } from './errors';

/** An answer as posted: the question's index and the amounts in points (the total included). */
export interface AnswerSubmission extends Answer {
	question: number;
	total: number;
}

/**
 * The one grading of a student's answer (amounts in points; the explanations in the session's
 * unit). The question is the session's own and the answer was checked against its fields, so
 * grading cannot fail; if it ever did, that is a bug, and it throws.
 */
export function gradeOnce(scenario: Scenario, answer: Answer, unit: AmountUnit): Graded {
	const graded = grade(scenario.outcome, answer, unit);
	if ('error' in graded) throw new Error(`Ungradable answer: ${graded.error.message}`);
	return graded;
}

/** Files `answer` under its question and student. */
export function addAnswer(answers: ClassData['answers'], answer: StoredAnswer): void {
	let byStudent = answers.get(answer.question);
	if (!byStudent) answers.set(answer.question, (byStudent = new Map()));
	byStudent.set(answer.studentId, answer);
}

/**
 * The answer's amounts for exactly the question's fields: every paying seat and the total. 400
 * `invalid-answer` when one is missing or a seat is given that does not pay.
 */
export function checkFields(scenario: Scenario, answer: AnswerSubmission): Answer {
	const seats = answerFields(scenario.outcome)
		.map((f) => f.key)
		.filter((k): k is Seat => k !== 'total');
	const given = Object.keys(answer.pays);
	const missing = seats.filter((s) => answer.pays[s] === undefined);
	const extra = given.filter((s) => !(seats as string[]).includes(s));
	if (missing.length > 0 || extra.length > 0) {
		const parts = [
			missing.length > 0 ? `missing: ${missing.join(', ')}` : '',
			extra.length > 0 ? `not asked: ${extra.join(', ')}` : ''
		].filter(Boolean);
		throw new ClassError(
			400,
			'invalid-answer',
			`The answer needs an amount for ${seats.join(', ')} and the total (${parts.join('; ')}).`
		);
	}
	const pays: Partial<Record<Seat, number>> = {};
	for (const s of seats) pays[s] = answer.pays[s]!;
	return { pays, total: answer.total };
}
