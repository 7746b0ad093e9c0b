/**
 * A homework's answers as the phone sent them, checked and made into the rows the store keeps
 * (split from `homework.ts`). Pure: no store, no clock of its own.
 */
import { answerFields, type Seat } from '$lib/payments';
import { ClassError } from './errors';
import type { AssignmentRow, HomeworkAnswerRow, HomeworkStudentRow } from './homework-repo';

/** One answer as the phone sends it: question index, amounts (points), when it was answered (ms). */
export interface SentAnswer {
	question: number;
	pays: Partial<Record<Seat, number>>;
	total: number;
	answeredAt: number;
}

/**
 * The rows to keep for `answers`, sent by `student` to `assignment` and received at `now` (ms).
 * Each must answer a question of the assignment with an amount for exactly its payers (throws a
 * 400 `invalid-answer` `ClassError` naming the question otherwise). The time answered is taken
 * as sent but never before the join nor after `now`; answered after the due time, it is marked
 * late.
 */
export function answerRows(
	assignment: AssignmentRow,
	student: HomeworkStudentRow,
	answers: readonly SentAnswer[],
	now: number
): HomeworkAnswerRow[] {
	return answers.map((a) => {
		const scenario = assignment.questions[a.question];
		if (!scenario) {
			throw new ClassError(
				400,
				'invalid-answer',
				`Question ${a.question + 1} is not in this homework (it has ${assignment.questions.length}).`
			);
		}
		const seats = answerFields(scenario.outcome)
			.map((f) => f.key)
			.filter((k): k is Seat => k !== 'total');
		const given = Object.keys(a.pays);
		if (given.length !== seats.length || !seats.every((s) => a.pays[s] !== undefined)) {
			throw new ClassError(
				400,
				'invalid-answer',
				`Question ${a.question + 1} needs an amount for ${seats.join(', ')} and the total.`
			);
		}
		const answeredAt = Math.min(now, Math.max(student.joinedAt, Math.round(a.answeredAt)));
		return {
			studentId: student.id,
			question: a.question,
			pays: a.pays,
			total: a.total,
			answeredAt,
			receivedAt: now,
			late: answeredAt > assignment.dueAt
		};
	});
}
