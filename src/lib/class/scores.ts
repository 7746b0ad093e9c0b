/**
 * The class's answers summed up (issues 4 and 20): answers grouped by diagnosis (`summarize`),
 * the report per question and per student (`classReport`, kept while nothing it reads changes)
 * and the questions most got wrong (`mostMissed`, for "Ask again"). Pure.
 */
import { misconception } from '$lib/payments';
import { sourceOf } from './context';
import { answersTo, revealedCount } from './data';
import { findStudent } from './rules';
import { studentDiagnosis } from './student-report';
import type { AnswerGroup, AnswerSummary, ClassData, GroupKey, StoredAnswer } from './types';
import type { ClassReport, ReportQuestion, ReportStudent } from './report-types';

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
export function reportNow(data: ClassData): ClassReport {
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

export function missedIn(data: ClassData, report: ClassReport, max = 5): number[] {
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
