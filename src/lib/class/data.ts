/**
 * Reading a class session's data (`ClassData`): the question asked at an index, the current one,
 * which questions count in the scores, the students still in, and the answers to a question.
 * Pure; the views (./views) and the scores (./scores) both read through these.
 */
import { sourceOf } from './context';
import { isActiveStudent } from './rules';
import type { Scenario } from '$lib/scenarios/types';
import type { ClassData, StoredAnswer } from './types';

/** The scenario of question `index` as asked (a question asked again is its source's), or null. */
export function scenarioAt(data: ClassData, index: number): Scenario | null {
	return data.questions[sourceOf(data.context, index)] ?? null;
}

/** The current question, or null in the lobby and after the end. */
export function currentScenario(data: ClassData): Scenario | null {
	if (data.phase === 'lobby' || data.phase === 'ended') return null;
	return scenarioAt(data, data.context.index);
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
