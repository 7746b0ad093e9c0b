/**
 * The per-audience views of a class session (issue 4), as pure functions of `ClassData`:
 * `teacherView` (everything) and `screenView` (the projector: no amounts and no grouped answers
 * before reveal, never a name); the students' views are in `./student-view`. These are the only way session data leaves the
 * server, so "no amounts before reveal" is decided here and tested here.
 */
import { answerFields, misconception, rightAmounts, type AmountUnit } from '$lib/payments';
import { allowedActions } from './decide';
import { sourceOf } from './machine';
import { findStudent, isActiveStudent } from './rules';
import { studentDiagnosis } from './student-report';
import type { Scenario } from '$lib/scenarios/types';
import { settlementOf } from '$lib/scenarios/settled';
import type {
	AnswerGroup,
	AnswerSummary,
	ClassData,
	ClassReport,
	GroupKey,
	ProgressView,
	QuestionView,
	ReportQuestion,
	ReportStudent,
	RevealView,
	RosterEntry,
	ScreenView,
	StoredAnswer,
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

/** The scenario of question `index` as asked (a question asked again is its source's), or null. */
export function scenarioAt(data: ClassData, index: number): Scenario | null {
	return data.questions[sourceOf(data.context, index)] ?? null;
}

/** The current question, or null in the lobby and after the end. */
export function currentScenario(data: ClassData): Scenario | null {
	if (data.phase === 'lobby' || data.phase === 'ended') return null;
	return scenarioAt(data, data.context.index);
}

/** True when question `index` counts in the scores: asked, revealed and not skipped. */
export function scored(data: ClassData, index: number): boolean {
	return index < revealedCount(data) && !data.context.skipped.includes(index);
}

/**
 * How many questions have had their answers revealed (or were skipped): the ones before the
 * current question, the current one once revealed; at the end, those up to the last revealed (a
 * question still open or closed at the end is left out of the scores: `unrevealedAtEnd`).
 */
export function revealedCount(data: ClassData): number {
	const index = data.context.index;
	if (data.phase === 'ended') return Math.max(0, Math.min(index + 1, data.context.revealedTo + 1));
	if (data.phase === 'revealed') return index + 1;
	return Math.max(0, index);
}

/** The question the session ended on without revealing it (left out of the scores), or null. */
export function unrevealedAtEnd(data: ClassData): number | null {
	const { index, revealedTo, skipped } = data.context;
	if (data.phase !== 'ended' || index < 0 || index <= revealedTo || skipped.includes(index)) {
		return null;
	}
	return index;
}

/** Ids of the students not removed, in joining order. */
export function activeStudentIds(data: ClassData): string[] {
	return data.context.students.filter((s) => !s.removed).map((s) => s.id);
}

/** The answers to question `index` from students not removed, in submission order. */
export function answersTo(data: ClassData, index: number): StoredAnswer[] {
	const byStudent = data.answers.get(index);
	if (!byStudent) return [];
	return [...byStudent.values()]
		.filter((a) => isActiveStudent(data.context, a.studentId))
		.sort((a, b) => a.at - b.at);
}

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

const groupTitle = (key: GroupKey): string =>
	key === 'right'
		? 'Right'
		: key === 'other'
			? 'Wrong, no known misconception (a slip)'
			: misconception(key).title;

/**
 * Groups answers by diagnosis: right answers first, then each misconception (most answers first,
 * ties in catalog order), then `other`. With `withNames` each group lists the students' names
 * (teacher only).
 */
export function summarize(
	data: ClassData,
	answers: StoredAnswer[],
	withNames: boolean
): AnswerSummary {
	const groups = new Map<GroupKey, string[]>();
	const add = (key: GroupKey, studentId: string) => {
		const list = groups.get(key) ?? [];
		list.push(findStudent(data.context, studentId)?.name ?? '');
		groups.set(key, list);
	};
	let right = 0;
	for (const a of answers) {
		if (a.graded.correct) {
			right += 1;
			add('right', a.studentId);
		} else if (a.graded.misconceptions.length === 0) add('other', a.studentId);
		else for (const id of a.graded.misconceptions) add(id, a.studentId);
	}
	const rank = (key: GroupKey) => (key === 'right' ? 0 : key === 'other' ? 2 : 1);
	const ordered: AnswerGroup[] = [...groups.entries()]
		.sort(([ka, a], [kb, b]) => rank(ka) - rank(kb) || b.length - a.length)
		.map(([key, names]) => {
			const group: AnswerGroup = {
				key,
				title: groupTitle(key),
				count: names.length,
				share: answers.length === 0 ? 0 : names.length / answers.length
			};
			if (withNames) group.names = [...names].sort((x, y) => x.localeCompare(y));
			return group;
		});
	return {
		answered: answers.length,
		right,
		shareRight: answers.length === 0 ? null : right / answers.length,
		groups: ordered
	};
}

/**
 * The report over the first `count` questions (default: those revealed). Per question: its
 * answers (a skipped one is listed with `skipped`). Per student, removed ones too (`removed`):
 * answers given and right over the questions that count (revealed, not skipped) asked since
 * they joined, their weak skills and most frequent misconception.
 */
export function classReport(data: ClassData, count = revealedCount(data)): ClassReport {
	const positions = Array.from({ length: count }, (_, index) => index);
	const questions: ReportQuestion[] = positions.map((index) => {
		const summary = summarize(data, answersTo(data, index), false);
		const top = summary.groups.find((g) => g.key !== 'right' && g.key !== 'other');
		const source = sourceOf(data.context, index);
		return {
			index,
			narrative: data.questions[source]?.narrative ?? '',
			...(source !== index ? { repeats: source } : {}),
			...(data.context.skipped.includes(index) ? { skipped: true } : {}),
			answered: summary.answered,
			right: summary.right,
			shareRight: summary.shareRight,
			topMisconception:
				top && top.key !== 'right' && top.key !== 'other'
					? { id: top.key, title: top.title, count: top.count }
					: null
		};
	});
	const counted = positions.filter((q) => !data.context.skipped.includes(q));
	const students: ReportStudent[] = data.context.students.map((student) => {
		const asked = counted.filter((q) => q >= student.from);
		const given = asked.flatMap((q) => data.answers.get(q)?.get(student.id) ?? []);
		const row: ReportStudent = {
			id: student.id,
			name: student.name,
			answered: given.length,
			right: given.filter((a) => a.graded.correct).length,
			questions: asked.length,
			...studentDiagnosis(given)
		};
		if (student.removed) row.removed = true;
		return row;
	});
	students.sort((a, b) => b.right - a.right || a.name.localeCompare(b.name));
	return { questions, students };
}

const reports = new WeakMap<ClassData, { key: readonly unknown[]; report: ClassReport }>();

/**
 * `classReport(data)` as it stands, built again only when something it reads changed: which
 * questions count, the students (an array replaced on every join, removal or readmission), the
 * skipped and asked-again questions, and how many answers the counted questions hold (they only
 * ever grow: an answer is to the open question, which does not count yet). A class of 2,000
 * builds it once per reveal rather than on every view of the teacher. Shared: never change it.
 */
function reportNow(data: ClassData): ClassReport {
	const count = revealedCount(data);
	const { students, skipped, again, questionCount } = data.context;
	let answers = 0;
	for (let q = 0; q < count; q++) answers += data.answers.get(q)?.size ?? 0;
	const key = [count, students, skipped, again, questionCount, answers, data.questions];
	const cached = reports.get(data);
	if (cached && cached.key.every((k, i) => k === key[i])) return cached.report;
	const report = classReport(data, count);
	reports.set(data, { key, report });
	return report;
}

/**
 * The questions most got wrong, for `questions.again`: those that count, answered by someone and
 * right for fewer than half, fewest right first, each question once (a question asked again
 * stands for its source), at most `max`.
 */
export function mostMissed(data: ClassData, max = 5): number[] {
	return missedIn(data, reportNow(data), max);
}

function missedIn(data: ClassData, report: ClassReport, max = 5): number[] {
	const rows = report.questions.filter(
		(q) => !q.skipped && q.shareRight !== null && q.shareRight < 0.5
	);
	rows.sort((a, b) => a.shareRight! - b.shareRight! || a.index - b.index);
	const seen = new Set<number>();
	const chosen: number[] = [];
	for (const q of rows) {
		const source = sourceOf(data.context, q.index);
		if (seen.has(source) || chosen.length >= max) continue;
		seen.add(source);
		chosen.push(q.index);
	}
	return chosen.sort((a, b) => a - b);
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
