/**
 * The per-audience views of a class session (issue 4), as pure functions of `ClassData`:
 * `teacherView` (everything) and `screenView` (the projector: no amounts and no grouped answers
 * before reveal, never a name); the students' views are in `./student-view`. These are the only way session data leaves the
 * server, so "no amounts before reveal" is decided here and tested here.
 */
import { answerFields, rightAmounts, type AmountUnit } from '$lib/payments';
import { allowedActions } from './decide';
import { activeStudentIds, answersTo, currentScenario, unrevealedAtEnd } from './data';
import { findStudent } from './rules';
import { missedIn, reportNow, summarize } from './scores';
import type { Scenario } from '$lib/scenarios/types';
import { settlementOf } from '$lib/scenarios/settled';
import type {
	ClassData,
	ProgressView,
	QuestionView,
	RevealView,
	RosterEntry,
	ScreenView,
	TeacherAnswer,
	TeacherView
} from './types';

/**
 * The answer key of a scenario: the settlement (its sentences in `unit`) and the right amounts.
 * Throws for an impossible outcome (a session's questions never are).
 */
export function revealOf(scenario: Scenario, unit: AmountUnit): RevealView {
	const settlement = settlementOf(scenario, unit);
	return { settlement, expected: rightAmounts(settlement) };
}

/** A scenario as asked, with its index and answer fields: no amount. */
export function questionOf(scenario: Scenario, index: number): QuestionView {
	return {
		index,
		outcome: scenario.outcome,
		narrative: scenario.narrative,
		groups: scenario.groups,
		...(scenario.trap ? { trap: scenario.trap } : {}),
		skills: scenario.skills,
		fields: answerFields(scenario.outcome)
	};
}
/** What every audience sees of where the session is at time `now` (ms since the epoch). */
export function progress(data: ClassData, now: number): ProgressView {
	return {
		code: data.code,
		seq: data.seq,
		now,
		phase: data.phase,
		index: data.context.index,
		questionCount: data.context.questionCount,
		unit: data.config.unit,
		limitSeconds: data.config.limitSeconds,
		deadline: data.phase === 'open' ? data.context.deadline : null,
		endReason: data.context.endReason,
		locked: data.context.locked,
		skipped: data.context.skipped,
		again: data.context.again,
		unrevealed: unrevealedAtEnd(data)
	};
}
/**
 * The projector's view at time `now`: the question while open, closed or revealed; the answered
 * count; the answer key and the grouped answers (no names) only once revealed; the per-question
 * report at the end.
 */
export function screenView(data: ClassData, now: number): ScreenView {
	const scenario = currentScenario(data);
	const revealed = data.phase === 'revealed' && scenario !== null;
	const answers = scenario ? answersTo(data, data.context.index) : [];
	return {
		...progress(data, now),
		audience: 'screen',
		students: activeStudentIds(data).length,
		answered: answers.length,
		question: scenario ? questionOf(scenario, data.context.index) : null,
		reveal: revealed ? revealOf(scenario, data.config.unit) : null,
		summary: revealed ? summarize(data, answers, false) : null,
		report: data.phase === 'ended' ? reportNow(data).questions : null
	};
}

/**
 * The teacher's view at time `now`: everything, including the answer key before reveal and the
 * live grouped answers, the roster with scores and the report so far. The students' names only
 * while the teacher chose to show them (`names`, the session's `names.show`): else every name is
 * blank, so a mirrored control view never shows one.
 */
export function teacherView(data: ClassData, now: number): TeacherView {
	const scenario = currentScenario(data);
	const index = data.context.index;
	const names = data.context.showNames;
	const nameOf = (id: string) => (names ? (findStudent(data.context, id)?.name ?? '') : '');
	const answers = scenario ? answersTo(data, index) : [];
	const shared = reportNow(data);
	const askAgain = missedIn(data, shared);
	const report = names
		? shared
		: { ...shared, students: shared.students.map((s) => ({ ...s, name: '' })) };
	const scores = new Map(report.students.map((s) => [s.id, s.right]));
	const answered = new Set(data.context.answered);
	const roster: RosterEntry[] = activeStudentIds(data).map((id) => ({
		id,
		name: nameOf(id),
		answered: answered.has(id),
		right: scores.get(id) ?? 0
	}));
	const removed: RosterEntry[] = data.context.students
		.filter((s) => s.removed)
		.map((s) => ({ id: s.id, name: nameOf(s.id), answered: false, right: scores.get(s.id) ?? 0 }));
	const teacherAnswers: TeacherAnswer[] = answers.map((a) => ({
		studentId: a.studentId,
		name: nameOf(a.studentId),
		answer: a.answer,
		correct: a.graded.correct,
		misconceptions: a.graded.misconceptions
	}));
	return {
		...progress(data, now),
		audience: 'teacher',
		actions: allowedActions(data.state, now, askAgain),
		askAgain,
		names,
		config: data.config,
		students: roster.length,
		answered: answers.length,
		question: scenario ? questionOf(scenario, index) : null,
		reveal: scenario ? revealOf(scenario, data.config.unit) : null,
		summary: scenario ? summarize(data, answers, names) : null,
		roster,
		removed,
		answers: teacherAnswers,
		report
	};
}
