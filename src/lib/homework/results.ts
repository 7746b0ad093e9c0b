/**
 * The teacher's results of a homework assignment (issue 20), from the kept answers: each
 * student's score, late answers, weak skills (skills.md's weak spots, as /progress works them
 * out) and misconceptions; each question's wrong answers; the questions most got wrong; and the
 * CSV. Answers are graded here with the engine's `grade` (amounts in points). Pure.
 */
import {
	grade,
	misconception,
	type Answer,
	type AmountUnit,
	type Graded,
	type MisconceptionId,
	type Seat,
	RULES_VERSION
} from '$lib/payments';
import { weakSpots } from '$lib/progress/mastery';
import type { AttemptRecord } from '$lib/progress/types';
import { csvCell } from '$lib/class/report';
import type { Scenario } from '$lib/scenarios/types';
import type { HomeworkResults } from './types';

/** A kept answer as the results read it (points; times in ms). */
export interface KeptHomeworkAnswer {
	studentId: string;
	question: number;
	pays: Partial<Record<Seat, number>>;
	total: number;
	answeredAt: number;
	late: boolean;
}

/** What the results are worked out from. */
export interface ResultsInput {
	code: string;
	title: string;
	dueAt: number;
	unit: AmountUnit;
	questions: Scenario[];
	students: { id: string; name: string }[];
	answers: KeptHomeworkAnswer[];
}

/** The answer graded, or null when it cannot be (never for a kept answer: it was checked). */
function graded(scenario: Scenario, answer: Answer, unit: AmountUnit): Graded | null {
	const result = grade(scenario.outcome, answer, unit);
	return 'error' in result ? null : result;
}

const ranked = (counts: Map<MisconceptionId, number>) =>
	[...counts]
		.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
		.map(([id, count]) => ({ id, title: misconception(id).title, count }));

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** The results (see `HomeworkResults`); students by name, questions in order. */
export function homeworkResults(input: ResultsInput): HomeworkResults {
	const perQuestion = input.questions.map(() => ({
		answered: 0,
		wrong: 0,
		mis: new Map<MisconceptionId, number>()
	}));
	const students = input.students.map(({ id, name }) => {
		const attempts: AttemptRecord[] = [];
		const mis = new Map<MisconceptionId, number>();
		let right = 0;
		let late = 0;
		const mine = input.answers.filter((a) => a.studentId === id);
		for (const a of mine) {
			const scenario = input.questions[a.question];
			if (!scenario) continue;
			const answer: Answer = { pays: a.pays, total: a.total };
			const g = graded(scenario, answer, input.unit);
			if (!g) continue;
			const q = perQuestion[a.question]!;
			q.answered += 1;
			if (g.correct) right += 1;
			else q.wrong += 1;
			if (a.late) late += 1;
			for (const m of g.misconceptions) {
				bump(mis, m);
				bump(q.mis, m);
			}
			attempts.push({
				...g,
				id: `${id}:${a.question}`,
				at: new Date(a.answeredAt).toISOString(),
				scenario,
				answer,
				given: [],
				rulesVersion: RULES_VERSION,
				hintsUsed: 0,
				roundId: input.code
			});
		}
		return {
			id,
			name,
			answered: attempts.length,
			right,
			questions: input.questions.length,
			late,
			weakSkills: weakSpots(attempts, 3, (d) => d.toISOString().slice(0, 10)),
			misconceptions: ranked(mis)
		};
	});
	students.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
	const questions = input.questions.map((scenario, index) => {
		const q = perQuestion[index]!;
		return {
			index,
			narrative: scenario.narrative,
			answered: q.answered,
			wrong: q.wrong,
			topMisconception: ranked(q.mis)[0] ?? null
		};
	});
	const mostWrong = questions
		.filter((q) => q.wrong > 0)
		.sort((a, b) => b.wrong - a.wrong || a.index - b.index)
		.map((q) => q.index);
	return {
		code: input.code,
		title: input.title,
		dueAt: input.dueAt,
		students,
		questions,
		mostWrong
	};
}

/**
 * The results per student as CSV (CRLF, a header row): name, answered, right, questions, score in
 * percent, late answers, weak skills and misconceptions (ids separated by spaces). Cells that a
 * spreadsheet would run as a formula are defused (`csvCell`).
 */
export function homeworkCsv(results: HomeworkResults): string {
	const rows: (string | number | null)[][] = [
		[
			'name',
			'answered',
			'right',
			'questions',
			'score_percent',
			'late',
			'weak_skills',
			'misconceptions'
		],
		...results.students.map((s) => [
			s.name,
			s.answered,
			s.right,
			s.questions,
			s.questions === 0 ? null : Math.round((s.right / s.questions) * 100),
			s.late,
			s.weakSkills.join(' '),
			s.misconceptions.map((m) => m.id).join(' ')
		])
	];
	return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
