/**
 * What a student sees of a class session (issue 4; split from `./views` in issue 11), as pure
 * functions of `ClassData`: the question, their own answer, and only after reveal the answer key
 * and their own result; a removed student sees only that they were removed.
 */
import { findStudent } from './rules';
import type { ClassData, StudentOwnView, StudentSharedView, StudentView } from './types';
import { currentScenario, revealedCount } from './data';
import { progress, questionOf, revealOf } from './views';

/** What every student sees alike at time `now`: the answer key only once revealed. */
export function studentSharedView(data: ClassData, now: number): StudentSharedView {
	const scenario = currentScenario(data);
	return {
		...progress(data, now),
		question: scenario ? questionOf(scenario, data.context.index) : null,
		reveal: data.phase === 'revealed' && scenario ? revealOf(scenario, data.config.unit) : null
	};
}

/**
 * What only student `id` sees: their answer to the current question, their result only once it
 * is revealed, and their score and history over the revealed questions asked since they joined,
 * skipped ones left out (a score that moved before reveal would give the answer away).
 */
export function studentOwnView(data: ClassData, id: string): StudentOwnView {
	const student = findStudent(data.context, id);
	const index = data.context.index;
	const revealed = revealedCount(data);
	const own = index >= 0 ? (data.answers.get(index)?.get(id) ?? null) : null;
	const history: StudentOwnView['history'] = [];
	let score = 0;
	let scored = 0;
	for (let q = student?.from ?? 0; q < revealed; q++) {
		if (data.context.skipped.includes(q)) continue;
		const a = data.answers.get(q)?.get(id);
		if (a?.graded.correct) score += 1;
		scored += 1;
		history.push({ index: q, correct: a ? a.graded.correct : null });
	}
	const scenario = index >= 0 ? data.questions[index] : undefined;
	const showResult = own !== null && scenario !== undefined && revealed > index;
	return {
		id,
		name: student?.name ?? '',
		removed: student?.removed ?? true,
		answer: own && data.phase !== 'ended' ? own.answer : null,
		result: showResult && data.phase !== 'ended' ? own.graded : null,
		score,
		scored,
		history
	};
}

/**
 * What a removed student (or an unknown id) still sees: the session's progress and that they
 * were removed; no question, no answer key, no name of theirs.
 */
export function removedView(data: ClassData, id: string, now: number): StudentView {
	return {
		audience: 'student',
		shared: { ...progress(data, now), question: null, reveal: null },
		me: {
			id,
			name: '',
			removed: true,
			answer: null,
			result: null,
			score: 0,
			scored: 0,
			history: []
		}
	};
}

/** The student's page at time `now`: the shared part and their own part. */
export function studentView(data: ClassData, id: string, now: number): StudentView {
	const student = findStudent(data.context, id);
	if (!student || student.removed) return removedView(data, id, now);
	return {
		audience: 'student',
		shared: studentSharedView(data, now),
		me: studentOwnView(data, id)
	};
}
