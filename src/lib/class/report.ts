/**
 * The class report as CSV (issue 4): one table per question or per student. Pure. Cells that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) are
 * prefixed with an apostrophe, so a display name can never become a formula.
 */
import { SKILL_LABELS } from '$lib/payments';
import type { ClassReport } from './report-types';

/** Which table of the report: per question, or per student. */
export type ReportTable = 'questions' | 'students';

/** One CSV cell: quoted when needed, formula-looking text defused. */
export function csvCell(value: string | number | null): string {
	if (value === null) return '';
	let text = String(value);
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const percent = (share: number | null) => (share === null ? null : Math.round(share * 100));

/**
 * The report table as CSV text (CRLF line ends, a header row first). Questions: number (from 1),
 * narrative, answered, right, share right in percent (empty when nobody answered), top
 * misconception id and title, how many showed it, and `yes` when skipped. Students: name,
 * answered, right (the score), questions that count (asked since they joined) and the score in
 * percent, weak skills (labels, `; ` between), the most frequent misconception's title and count,
 * `yes` when removed.
 */
export function reportCsv(report: ClassReport, table: ReportTable): string {
	const rows: (string | number | null)[][] =
		table === 'questions'
			? [
					[
						'question',
						'narrative',
						'answered',
						'right',
						'share_right_percent',
						'top_misconception',
						'top_misconception_title',
						'top_misconception_count',
						'skipped'
					],
					...report.questions.map((q) => [
						q.index + 1,
						q.narrative,
						q.answered,
						q.right,
						percent(q.shareRight),
						q.topMisconception?.id ?? null,
						q.topMisconception?.title ?? null,
						q.topMisconception?.count ?? null,
						q.skipped ? 'yes' : null
					])
				]
			: [
					[
						'name',
						'answered',
						'right',
						'questions',
						'score_percent',
						'weak_skills',
						'top_misconception',
						'top_misconception_count',
						'removed'
					],
					...report.students.map((s) => [
						s.name,
						s.answered,
						s.right,
						s.questions,
						s.questions === 0 ? null : Math.round((s.right / s.questions) * 100),
						s.weakSkills.map((k) => SKILL_LABELS[k]).join('; ') || null,
						s.misconception?.title ?? null,
						s.misconception?.count ?? null,
						s.removed ? 'yes' : null
					])
				];
	return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
