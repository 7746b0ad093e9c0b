/**
 * Types of homework (issue 20): an assignment's settings, what a student's phone receives, and
 * the teacher's results. Every amount is in whole points (P13); times are ms since the epoch.
 */
import type { AmountUnit, MisconceptionId, Skill } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';

/**
 * What the teacher chose: the skills to draw from (empty = all), how many questions (1..50), the
 * seed, points or money, the questions swapped out in the preview, and an optional title.
 */
export interface HomeworkConfig {
	skills: Skill[];
	questionCount: number;
	seed: string;
	unit: AmountUnit;
	swaps: Record<number, number>;
	title: string;
}

/**
 * What anyone with the code sees (the student's phone): the settings, when it is due, and the
 * questions (their outcomes: the phone checks each answer itself, as in practice, and works
 * offline once it has them).
 */
export interface HomeworkPublic {
	code: string;
	title: string;
	unit: AmountUnit;
	dueAt: number;
	questions: Scenario[];
}

/** One student's line of the results: score, late answers, weak skills and misconceptions. */
export interface HomeworkStudentResult {
	id: string;
	name: string;
	answered: number;
	right: number;
	questions: number;
	late: number;
	/** skills.md's weak spots from this student's answers, weakest first. */
	weakSkills: Skill[];
	/** Misconceptions their answers showed, most frequent first, with how many times. */
	misconceptions: { id: MisconceptionId; title: string; count: number }[];
}

/** One question's line: how many answered, how many were right, the most frequent misconception. */
export interface HomeworkQuestionResult {
	index: number;
	narrative: string;
	answered: number;
	wrong: number;
	topMisconception: { id: MisconceptionId; title: string; count: number } | null;
}

/**
 * The teacher's results: per student (by name), per question, and the questions most got wrong
 * (the question indexes with at least one wrong answer, most wrong first).
 */
export interface HomeworkResults {
	code: string;
	title: string;
	dueAt: number;
	students: HomeworkStudentResult[];
	questions: HomeworkQuestionResult[];
	mostWrong: number[];
}
