/**
 * The class report's shape (issue 4; skills.md for a student's weak skills and misconception):
 * a row per question and, for the teacher only, a row per student. Plain JSON, counts of answers;
 * `./scores` builds it, `./report` writes it as CSV.
 */
import type { MisconceptionId, Skill } from '$lib/payments';

/** A misconception with its catalog title, and how many answers showed it. */
export interface ReportMisconception {
	id: MisconceptionId;
	title: string;
	count: number;
}

/** One row of the class report per question. */
export interface ReportQuestion {
	index: number;
	narrative: string;
	/** A question asked again: the index of the question it repeats. */
	repeats?: number;
	/** The teacher skipped it: it counts in no score. */
	skipped?: true;
	answered: number;
	right: number;
	shareRight: number | null;
	topMisconception: { id: MisconceptionId; title: string; count: number } | null;
}

/**
 * One row of the class report per student: answers given and right (the score), of `questions`
 * (those that count and were asked since they joined); their `weakSkills` and most frequent
 * `misconception` (skills.md); `removed` when the teacher removed them (their answers are kept).
 */
export interface ReportStudent {
	id: string;
	name: string;
	answered: number;
	right: number;
	questions: number;
	weakSkills: Skill[];
	misconception: ReportMisconception | null;
	removed?: true;
}

/** The class report: per question, and (teacher only) per student. */
export interface ClassReport {
	questions: ReportQuestion[];
	students: ReportStudent[];
}
