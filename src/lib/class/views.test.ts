import { describe, expect, it } from 'vitest';
import type { ClassEvent } from './machine';
import {
	T0,
	classData,
	graded,
	rightAnswer,
	slipAnswer,
	totalWrongAnswer,
	winScenarios
} from './fixtures';
import { evolve, phaseOf } from './evolve';
import { studentView } from './student-view';
import { revealedCount } from './data';
import { classReport } from './scores';
import { screenView, teacherView } from './views';

const questions = winScenarios(3);
const q0 = questions[0]!;
const q1 = questions[1]!;

const joins: ClassEvent[] = [
	{ type: 'student.join', id: 'a', name: 'Zelda Right', at: T0 },
	{ type: 'student.join', id: 'b', name: 'Quentin Total', at: T0 },
	{ type: 'student.join', id: 'c', name: 'Xavier Slip', at: T0 }
];
const NAMES = ['Zelda Right', 'Quentin Total', 'Xavier Slip'];
const open: ClassEvent[] = [...joins, { type: 'question.open', at: T0 + 1 }];
const submits: ClassEvent[] = ['a', 'b', 'c'].map((id, i) => ({
	type: 'answer.submit',
	studentId: id,
	question: 0,
	at: T0 + 2 + i
}));
const answers0 = [
	graded(q0, 0, 'a', rightAnswer(q0), T0 + 2),
	graded(q0, 0, 'b', totalWrongAnswer(q0), T0 + 3),
	graded(q0, 0, 'c', slipAnswer(q0), T0 + 4)
];
const closed: ClassEvent[] = [
	...open,
	...submits,
	{ type: 'answers.close', by: 'teacher', at: T0 + 9 }
];
const revealed: ClassEvent[] = [...closed, { type: 'question.reveal', at: T0 + 10 }];

/** Keys that would carry an amount, a grade or the answer key. */
const SECRET_KEYS =
	/"(settlement|expected|transfers|breakdown|net|correct|wrong|misconceptions|summary|pays|result)":(?!null)/;

describe('the fixtures grade as intended', () => {
	it('right, total-not-sum, slip', () => {
		expect(answers0.map((a) => a.graded.correct)).toEqual([true, false, false]);
		expect(answers0[1]!.graded.misconceptions).toContain('winner-total-not-sum');
		expect(answers0[2]!.graded.misconceptions).toEqual([]);
	});
});

describe('screenView (the projector)', () => {
	it('shows the question and the answered count but no amount before reveal', () => {
		for (const events of [open, [...open, ...submits], closed]) {
			const data = classData(questions, events, events === open ? [] : answers0);
			const view = screenView(data, T0 + 20);
			expect(view.question?.outcome).toEqual(q0.outcome);
			expect(view.reveal).toBeNull();
			expect(view.summary).toBeNull();
			expect(JSON.stringify(view)).not.toMatch(SECRET_KEYS);
		}
		const answered = screenView(classData(questions, closed, answers0), T0);
		expect(answered.answered).toBe(3);
		expect(answered.students).toBe(3);
	});

	it('after reveal shows the breakdown and grouped answers, never a name', () => {
		const view = screenView(classData(questions, revealed, answers0), T0 + 20);
		expect(view.reveal?.settlement.total).toBe(rightAnswer(q0).total);
		expect(view.summary?.shareRight).toBeCloseTo(1 / 3);
		expect(view.summary?.groups.map((g) => g.key)).toEqual([
			'right',
			'winner-total-not-sum',
			'other'
		]);
		const json = JSON.stringify(view);
		for (const name of NAMES) expect(json).not.toContain(name);
		expect(view.summary?.groups.every((g) => g.names === undefined)).toBe(true);
	});

	it('shows the per-question report at the end, without names', () => {
		const view = screenView(
			classData(
				questions,
				[...revealed, { type: 'session.end', reason: 'teacher', at: T0 + 30 }],
				answers0
			),
			T0 + 40
		);
		expect(view.phase).toBe('ended');
		expect(view.question).toBeNull();
		expect(view.report?.[0]).toMatchObject({ answered: 3, right: 1 });
		expect(view.report?.[0]?.topMisconception?.id).toBe('winner-total-not-sum');
		for (const name of NAMES) expect(JSON.stringify(view)).not.toContain(name);
	});

	it('gives the deadline only while answers are open', () => {
		const timed = classData(questions, open, [], { limitSeconds: 30 });
		timed.context = { ...timed.context, deadline: T0 + 30_001 };
		expect(screenView(timed, T0).deadline).toBe(T0 + 30_001);
		expect(screenView(classData(questions, closed, answers0), T0).deadline).toBeNull();
	});
});

describe('studentView', () => {
	it('before reveal: the question and the own locked answer, no key, no grade, no score change', () => {
		const data = classData(questions, closed, answers0);
		const view = studentView(data, 'a', T0);
		expect(view.shared.question?.fields.length).toBeGreaterThan(0);
		expect(view.shared.reveal).toBeNull();
		expect(view.me.answer).toEqual(rightAnswer(q0));
		expect(view.me.result).toBeNull();
		expect(view.me.score).toBe(0);
		expect(view.me.history).toEqual([]);
		const { me, ...rest } = view;
		expect(JSON.stringify(rest)).not.toMatch(SECRET_KEYS);
		expect(JSON.stringify({ ...me, answer: null })).not.toMatch(SECRET_KEYS);
		expect(JSON.stringify(view)).not.toContain('Quentin');
	});

	it('after reveal: the key, the own result with the misconception named and explained, the score', () => {
		const data = classData(questions, revealed, answers0);
		const b = studentView(data, 'b', T0);
		expect(b.shared.reveal?.expected.total).toBe(rightAnswer(q0).total);
		expect(b.me.result?.correct).toBe(false);
		expect(b.me.result?.explanations.map((m) => m.id)).toContain('winner-total-not-sum');
		expect(b.me.result?.explanations[0]?.text.length).toBeGreaterThan(10);
		expect(b.me.score).toBe(0);
		const a = studentView(data, 'a', T0);
		expect(a.me.result).toMatchObject({
			correct: true,
			wrong: [],
			misconceptions: [],
			explanations: [],
			skills: []
		});
		expect(a.me.score).toBe(1);
		expect(a.me.history).toEqual([{ index: 0, correct: true }]);
	});

	it('a student who did not answer gets no result and a history gap', () => {
		const data = classData(questions, revealed, answers0.slice(0, 2));
		const c = studentView(data, 'c', T0);
		expect(c.me.answer).toBeNull();
		expect(c.me.result).toBeNull();
		expect(c.me.history).toEqual([{ index: 0, correct: null }]);
	});

	it('on the next question: a fresh form, the score of the revealed question kept', () => {
		const next: ClassEvent[] = [...revealed, { type: 'question.next', at: T0 + 50 }];
		const data = classData(questions, next, answers0);
		const a = studentView(data, 'a', T0);
		expect(a.shared.question?.outcome).toEqual(q1.outcome);
		expect(a.me.answer).toBeNull();
		expect(a.me.score).toBe(1);
		expect(revealedCount(data)).toBe(1);
	});
});

describe('teacherView', () => {
	it('sees no name at all until the teacher shows the names, in any phase', () => {
		for (const events of [closed, revealed]) {
			const view = teacherView(classData(questions, events, answers0), T0);
			expect(view.names).toBe(false);
			const text = JSON.stringify(view);
			for (const name of NAMES) expect(text).not.toContain(name);
			expect(view.roster.filter((r) => !r.answered)).toHaveLength(0);
		}
	});

	it('sees the key, the live groups with names and the roster before reveal', () => {
		const shown: ClassEvent[] = [...closed, { type: 'names.show', at: T0 + 40 }];
		const view = teacherView(classData(questions, shown, answers0), T0);
		expect(view.reveal?.expected.total).toBe(rightAnswer(q0).total);
		expect(view.answered).toBe(3);
		const total = view.summary?.groups.find((g) => g.key === 'winner-total-not-sum');
		expect(total?.names).toEqual(['Quentin Total']);
		expect(view.roster.map((r) => r.answered)).toEqual([true, true, true]);
		expect(view.answers.map((a) => a.name)).toEqual(NAMES);
		expect(JSON.stringify(view)).toMatch(SECRET_KEYS);
	});

	it('drops a removed student from the counts and groups, keeps them in the report marked removed', () => {
		const events: ClassEvent[] = [
			...revealed,
			{ type: 'names.show', at: T0 + 55 },
			{ type: 'student.remove', id: 'b', at: T0 + 60 }
		];
		const view = teacherView(classData(questions, events, answers0), T0);
		expect(view.roster.map((r) => r.name)).toEqual(['Zelda Right', 'Xavier Slip']);
		expect(view.removed.map((r) => r.name)).toEqual(['Quentin Total']);
		expect(view.summary?.answered).toBe(2);
		const report = view.report.students.map((s) => [s.name, s.removed ?? false]);
		expect(report).toEqual([
			['Zelda Right', false],
			['Quentin Total', true],
			['Xavier Slip', false]
		]);
	});
});

describe("teacherView's report of a session held in memory", () => {
	it('follows every change made in place (as the server applies events), built again only then', () => {
		const data = classData(questions, [...open, ...submits], answers0);
		const step = (event: ClassEvent) => {
			data.state = evolve(data.state, event);
			data.context = data.state.context;
			data.phase = phaseOf(data.state);
			data.seq += 1;
		};
		const report = () => teacherView(data, T0).report;
		expect(report().questions).toHaveLength(0);
		step({ type: 'answers.close', by: 'teacher', at: T0 + 9 });
		step({ type: 'question.reveal', at: T0 + 10 });
		expect(report().questions.map((q) => q.answered)).toEqual([3]);
		const first = report().students;
		expect(report().students).toEqual(first);
		step({ type: 'student.join', id: 'd', name: 'Dora Late', at: T0 + 11 });
		expect(report().students).toHaveLength(4);
		step({ type: 'question.next', at: T0 + 12 });
		step({ type: 'answer.submit', studentId: 'a', question: 1, at: T0 + 13 });
		data.answers.set(1, new Map([['a', graded(q1, 1, 'a', rightAnswer(q1), T0 + 13)]]));
		expect(report().questions).toHaveLength(1);
		step({ type: 'answers.close', by: 'teacher', at: T0 + 14 });
		step({ type: 'question.reveal', at: T0 + 15 });
		expect(report().questions.map((q) => q.answered)).toEqual([3, 1]);
		expect(report().students.find((s) => s.id === 'a')).toMatchObject({ answered: 2, right: 2 });
		step({ type: 'student.remove', id: 'b', at: T0 + 16 });
		expect(report().students.find((s) => s.id === 'b')?.removed).toBe(true);
		step({ type: 'names.show', at: T0 + 17 });
		expect(report().students.map((s) => s.name)).toContain('Quentin Total');
		expect(report()).toEqual(classReport(data));
	});
});

describe('classReport', () => {
	it('per question the share right and top misconception; per student the score, best first', () => {
		const answers1 = [
			graded(q1, 1, 'a', totalWrongAnswer(q1)),
			graded(q1, 1, 'b', rightAnswer(q1)),
			graded(q1, 1, 'c', rightAnswer(q1))
		];
		const events: ClassEvent[] = [
			...revealed,
			{ type: 'question.next', at: T0 + 50 },
			...['a', 'b', 'c'].map((id): ClassEvent => ({
				type: 'answer.submit',
				studentId: id,
				question: 1,
				at: T0 + 51
			})),
			{ type: 'answers.close', by: 'teacher', at: T0 + 52 },
			{ type: 'question.reveal', at: T0 + 53 }
		];
		const report = classReport(classData(questions, events, [...answers0, ...answers1]));
		expect(report.questions.map((q) => q.shareRight)).toEqual([1 / 3, 2 / 3]);
		expect(report.questions[1]?.topMisconception?.id).toBe('winner-total-not-sum');
		expect(report.students.map((s) => [s.name, s.right])).toEqual([
			['Quentin Total', 1],
			['Xavier Slip', 1],
			['Zelda Right', 1]
		]);
	});

	it('a projector-only session (no students) reports questions with no answers', () => {
		const events: ClassEvent[] = [
			{ type: 'question.open', at: T0 },
			{ type: 'answers.close', by: 'teacher', at: T0 },
			{ type: 'question.reveal', at: T0 }
		];
		const data = classData(questions, events);
		const report = classReport(data);
		expect(report.questions).toEqual([
			expect.objectContaining({ index: 0, answered: 0, shareRight: null, topMisconception: null })
		]);
		expect(screenView(data, T0).reveal?.settlement).toBeDefined();
	});
});

describe('the report is fair (issue 20)', () => {
	it('scores a latecomer on the questions asked since they joined, and leaves out skipped and unrevealed questions', () => {
		const late: ClassEvent[] = [
			...revealed,
			{ type: 'student.join', id: 'd', name: 'Dora Late', at: T0 + 20 },
			{ type: 'question.next', at: T0 + 21 },
			{ type: 'session.end', reason: 'teacher', at: T0 + 22 }
		];
		const data = classData(questions, late, answers0);
		const report = classReport(data);
		const dora = report.students.find((s) => s.id === 'd')!;
		expect(dora.questions).toBe(0);
		expect(report.students.find((s) => s.id === 'a')!.questions).toBe(1);
		// Question 2 was open when the class ended: not in the scores, and everyone is told.
		expect(studentView(data, 'a', T0).shared.unrevealed).toBe(1);
		expect(report.questions).toHaveLength(1);
	});

	it('names each student’s weak skills and most frequent misconception', () => {
		const report = classReport(classData(questions, revealed, answers0));
		const quentin = report.students.find((s) => s.id === 'b')!;
		expect(quentin.misconception?.id).toBe('winner-total-not-sum');
		expect(quentin.weakSkills.length).toBeGreaterThan(0);
		const zelda = report.students.find((s) => s.id === 'a')!;
		expect(zelda).toMatchObject({ weakSkills: [], misconception: null, right: 1 });
	});
});
