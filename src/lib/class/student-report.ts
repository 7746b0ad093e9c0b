/**
 * What a student's answers in a class say about them (issue 20), for the report: their weak
 * skills and most frequent misconception, by the rules of skills.md (a mistake counts only
 * against the skills whose rules it broke; weak spots are skills at Learning or Familiar with a
 * miss in their window, weakest first). Pure.
 */
import { MISCONCEPTIONS, misconception, skillMarks, type Skill } from '$lib/payments';
import {
	MASTERY_LEVELS,
	MASTERY_WINDOW,
	masteryLevel,
	type SkillMark
} from '$lib/progress/mastery';
import type { StoredAnswer } from './types';
import type { ReportMisconception } from './report-types';

/** At most this many weak skills per student in the report. */
export const WEAK_SKILLS_SHOWN = 3;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The weak skills (at most `WEAK_SKILLS_SHOWN`, weakest first: lower level, then the most recent
 * miss) and the most frequent misconception (ties: catalog order) of one student's `answers`.
 */
export function studentDiagnosis(answers: readonly StoredAnswer[]): {
	weakSkills: Skill[];
	misconception: ReportMisconception | null;
} {
	const marks = new Map<Skill, SkillMark[]>();
	const seen = new Map<string, number>();
	for (const a of [...answers].sort((x, y) => x.at - y.at)) {
		const at = new Date(a.at).toISOString();
		for (const { skill, mark } of skillMarks(a.graded, false)) {
			const list = marks.get(skill) ?? [];
			list.push({ at, attemptId: `${a.question}`, mark });
			marks.set(skill, list);
		}
		for (const id of a.graded.misconceptions) seen.set(id, (seen.get(id) ?? 0) + 1);
	}
	const weak = [...marks.entries()]
		.map(([skill, list]) => ({
			skill,
			level: masteryLevel(list, utcDay),
			lastMiss: list.findLast((m) => m.mark === 'miss')?.at ?? null,
			missed: list.slice(-MASTERY_WINDOW).some((m) => m.mark === 'miss')
		}))
		.filter((s) => s.missed && (s.level === 'learning' || s.level === 'familiar'))
		.sort(
			(a, b) =>
				MASTERY_LEVELS.indexOf(a.level) - MASTERY_LEVELS.indexOf(b.level) ||
				(a.lastMiss! < b.lastMiss! ? 1 : a.lastMiss! > b.lastMiss! ? -1 : 0)
		)
		.slice(0, WEAK_SKILLS_SHOWN)
		.map((s) => s.skill);
	let top: ReportMisconception | null = null;
	for (const m of MISCONCEPTIONS) {
		const count = seen.get(m.id) ?? 0;
		if (count > 0 && (!top || count > top.count)) {
			top = { id: m.id, title: misconception(m.id).title, count };
		}
	}
	return { weakSkills: weak, misconception: top };
}
