/**
 * The class rules (issue 11): one set of predicates that the session machine's guards and the
 * pure `decide` both use. Each predicate answers `null` when an event is allowed, or the
 * `Refusal` that says why not (an HTTP status, a stable code, a plain-English message), so the
 * machine and the service can never disagree. Pure: no clock, no I/O.
 */
import type { ClassContext, ClassEvent, MachineStudent } from './context';

/** Answers are still accepted this long after the deadline (network delay of a last-second tap). */
export const ANSWER_GRACE_MS = 1_000;
/** "Add time" adds this much to an open question's time limit (issue 20). */
export const ADD_TIME_MS = 30_000;
/** A session with no event for this long can be ended with `session.end` reason `idle`. */
export const IDLE_MS = 12 * 60 * 60 * 1_000;

/** Why a command was refused: the HTTP `status` (4xx), a stable `code` and a plain-English `message`. */
export interface Refusal {
	status: number;
	code: string;
	message: string;
}

/** A refusal, built once per call (never shared, so a caller may keep it). */
export const refusal = (status: number, code: string, message: string): Refusal => ({
	status,
	code,
	message
});

/** Case-folded form of a display name, for the uniqueness check (NFKC, lower case). */
export function nameKey(name: string): string {
	return name.normalize('NFKC').toLocaleLowerCase('en-US');
}

/** Per students array: its lookup table, or null once it was searched one time without one. */
const indexes = new WeakMap<readonly MachineStudent[], Map<string, MachineStudent> | null>();

/**
 * The student with this id (removed or not). A students array is searched the first time it is
 * asked about and gets a lookup table from the second: every join makes a new array that is
 * asked about once (a class of 2,000 joining built 2,000 tables of up to 2,000 entries), while
 * the answers to a question ask the same array again and again.
 */
export function findStudent(context: ClassContext, id: string): MachineStudent | undefined {
	const students = context.students;
	const index = indexes.get(students);
	if (index) return index.get(id);
	if (index === undefined) {
		indexes.set(students, null);
		return students.find((s) => s.id === id);
	}
	const built = new Map(students.map((s) => [s.id, s]));
	indexes.set(students, built);
	return built.get(id);
}

/** True when the student with `id` exists and was not removed. */
export function isActiveStudent(context: ClassContext, id: string): boolean {
	return findStudent(context, id)?.removed === false;
}

/** True when an active student already uses this display name (case-insensitive). */
export function nameTaken(context: ClassContext, name: string): boolean {
	const key = nameKey(name);
	return context.students.some((s) => !s.removed && s.key === key);
}

const ended = () => refusal(409, 'session-ended', 'This class session has ended.');

/** `student.join`: not after the end, not while locked, a new id, a name no active student uses. */
export function joinRefusal(
	context: ClassContext,
	event: Extract<ClassEvent, { type: 'student.join' }>
): Refusal | null {
	if (context.endReason !== null) return ended();
	if (context.locked) {
		return refusal(
			423,
			'session-locked',
			'The teacher has locked this session: ask them to unlock it.'
		);
	}
	if (event.name.length === 0) return refusal(400, 'invalid-name', 'Enter a name.');
	if (findStudent(context, event.id))
		return refusal(409, 'duplicate-student', 'Try joining again.');
	if (nameTaken(context, event.name)) {
		return refusal(409, 'name-taken', `Someone in this session is already called "${event.name}".`);
	}
	return null;
}

/** `student.remove`: not after the end, and only a student who is in the session and not removed. */
export function removeRefusal(
	context: ClassContext,
	event: Extract<ClassEvent, { type: 'student.remove' }>
): Refusal | null {
	if (context.endReason !== null) return ended();
	if (!isActiveStudent(context, event.id)) {
		return refusal(404, 'student-not-found', 'No such student in this session.');
	}
	return null;
}

/** A student's own requests: 401 `not-joined` for an unknown id, 403 `removed` once removed. */
export function studentRefusal(context: ClassContext, id: string): Refusal | null {
	const student = findStudent(context, id);
	if (!student)
		return refusal(401, 'not-joined', 'Only students who joined this session can answer.');
	if (student.removed) return refusal(403, 'removed', 'The teacher removed you from this session.');
	return null;
}

/**
 * `answer.submit` (asked only while a question is open): an active student, the open question,
 * a first answer, and a time no later than the deadline plus `ANSWER_GRACE_MS`.
 */
export function answerRefusal(
	context: ClassContext,
	event: Extract<ClassEvent, { type: 'answer.submit' }>
): Refusal | null {
	const who = studentRefusal(context, event.studentId);
	if (who) return who;
	if (event.question !== context.index) {
		return refusal(
			409,
			'wrong-question',
			`Question ${event.question + 1} is not the open question (${context.index + 1}).`
		);
	}
	if (context.answered.includes(event.studentId)) {
		return refusal(409, 'already-answered', 'You already answered: answers are locked once sent.');
	}
	if (context.deadline !== null && event.at > context.deadline + ANSWER_GRACE_MS) {
		return refusal(409, 'answers-closed', 'Time is up for this question.');
	}
	return null;
}

/** `answers.close`: by the teacher at any time, by the timer only once the deadline passed. */
export function closeRefusal(
	context: ClassContext,
	event: Extract<ClassEvent, { type: 'answers.close' }>
): Refusal | null {
	if (event.by === 'teacher') return null;
	if (context.deadline !== null && event.at >= context.deadline) return null;
	return refusal(409, 'too-early', 'The time limit has not passed yet.');
}

/** `question.next`: only while a question is left. */
export function nextRefusal(context: ClassContext): Refusal | null {
	if (context.index + 1 < context.questionCount) return null;
	return refusal(409, 'no-more-questions', 'That was the last question: end the session.');
}

/**
 * From when (ms since the epoch) a session can be ended as idle: `IDLE_MS` after its last
 * accepted event. A server compares the time with it before asking `decide` (cheaper than a
 * decision on every request); `decide` still decides.
 */
export function idleAt(context: ClassContext): number {
	return context.lastActivity + IDLE_MS;
}

/** `session.end`: once; by the teacher at any time, as `idle` only from `idleAt`. */
export function endRefusal(
	context: ClassContext,
	event: Extract<ClassEvent, { type: 'session.end' }>
): Refusal | null {
	if (context.endReason !== null) return ended();
	if (event.reason === 'teacher' || event.at >= idleAt(context)) return null;
	return refusal(409, 'not-idle', 'The session is not idle.');
}

/** `session.lock` / `session.unlock`: not after the end, and only when it changes something. */
export function lockRefusal(
	context: ClassContext,
	event: Extract<ClassEvent, { type: 'session.lock' | 'session.unlock' }>
): Refusal | null {
	if (context.endReason !== null) return ended();
	const lock = event.type === 'session.lock';
	if (context.locked === lock) {
		return refusal(
			409,
			'invalid-transition',
			`The session is already ${lock ? 'locked' : 'unlocked'}.`
		);
	}
	return null;
}

/** `question.extend`: only a question with a time limit (one without has all the time it needs). */
export function extendRefusal(context: ClassContext): Refusal | null {
	if (context.deadline !== null) return null;
	return refusal(409, 'no-time-limit', 'This question has no time limit to add to.');
}

/** `question.skip`: only while a question is left to open after it (else end the session). */
export function skipRefusal(context: ClassContext): Refusal | null {
	if (context.index + 1 < context.questionCount) return null;
	return refusal(409, 'no-more-questions', 'That is the last question: end the session instead.');
}

/**
 * `questions.again`: after the last question only, and at least one question, each one already
 * asked and not skipped.
 */
export function againRefusal(
	context: ClassContext,
	event: Extract<ClassEvent, { type: 'questions.again' }>
): Refusal | null {
	if (context.index + 1 < context.questionCount) {
		return refusal(409, 'not-last-question', 'Ask questions again after the last question.');
	}
	if (event.questions.length === 0) {
		return refusal(409, 'nothing-to-ask-again', 'No question was mostly answered wrong.');
	}
	const bad = event.questions.some(
		(q) => !Number.isInteger(q) || q < 0 || q > context.index || context.skipped.includes(q)
	);
	if (bad)
		return refusal(400, 'invalid-question', 'Only questions already asked can be asked again.');
	return null;
}

/** `student.readmit`: not after the end, a removed student, whose name no active student took since. */
export function readmitRefusal(
	context: ClassContext,
	event: Extract<ClassEvent, { type: 'student.readmit' }>
): Refusal | null {
	if (context.endReason !== null) return ended();
	const student = findStudent(context, event.id);
	if (!student?.removed) {
		return refusal(404, 'student-not-found', 'No removed student with this id in this session.');
	}
	if (nameTaken(context, student.name)) {
		return refusal(409, 'name-taken', `Someone in this session is now called "${student.name}".`);
	}
	return null;
}

/** `names.show` / `names.hide`: not after the end, and only when it changes something. */
export function namesRefusal(
	context: ClassContext,
	event: Extract<ClassEvent, { type: 'names.show' | 'names.hide' }>
): Refusal | null {
	if (context.endReason !== null) return ended();
	const show = event.type === 'names.show';
	if (context.showNames !== show) return null;
	return refusal(409, 'invalid-transition', `The names are already ${show ? 'shown' : 'hidden'}.`);
}
