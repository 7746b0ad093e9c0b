/**
 * What a class session is made of (issue 4): its phases, its fixed settings, its students, its
 * context and the events it accepts, with the session's starting context. Types and pure
 * helpers only: the rules (./rules) and the machine (./machine) both build on them, and a view
 * that only reads a session needs nothing else.
 */

/** Where the session is: the teacher moves it on; `ended` is final. */
export type ClassPhase = 'lobby' | 'open' | 'closed' | 'revealed' | 'ended';

/** The phases in the order a question goes through them. */
export const CLASS_PHASES: readonly ClassPhase[] = ['lobby', 'open', 'closed', 'revealed', 'ended'];

/**
 * Fixed settings of a session: how many questions, the time limit per question (ms, null = none)
 * and when the session was created (ms since the epoch; its first activity).
 */
export interface ClassMachineInput {
	questionCount: number;
	limitMs: number | null;
	createdAt: number;
}

/**
 * A student as the machine knows them: id, display name, its case-folded `key`, removal, and
 * `from`, the first question asked since they joined (the one open when they joined, else the
 * next one): the report counts their questions from there.
 */
export interface MachineStudent {
	id: string;
	name: string;
	key: string;
	removed: boolean;
	from: number;
}

/**
 * The machine's context: `index` of the current question (-1 in the lobby), when it opened and
 * its `deadline` (ms since the epoch, null without a time limit), the students in joining order,
 * the ids of those who have `answered` the current question (in order), the time of the last
 * accepted event, whether the teacher `locked` it against new joins, and why the session ended.
 * Pacing (issue 20): `again` holds the question indexes asked again after the last question
 * (question `questionCount - again.length + i` asks question `again[i]` once more), `skipped` the
 * questions skipped (left out of every score), `revealedTo` the last question revealed (-1 before
 * the first; a question left open or closed at the end is not), `showNames` whether the teacher chose to show the
 * students' names. Arrays, never mutated: each event that changes one makes a new one (cheap to
 * copy even for a thousand students).
 */
export interface ClassContext {
	questionCount: number;
	limitMs: number | null;
	index: number;
	openedAt: number | null;
	deadline: number | null;
	students: MachineStudent[];
	answered: string[];
	lastActivity: number;
	locked: boolean;
	endReason: 'teacher' | 'idle' | null;
	again: number[];
	skipped: number[];
	showNames: boolean;
	revealedTo: number;
}

/** Every event the session accepts; `at` is the server time in ms since the epoch. */
export type ClassEvent =
	| { type: 'student.join'; id: string; name: string; at: number }
	| { type: 'student.remove'; id: string; at: number }
	| { type: 'question.open'; at: number }
	| { type: 'answer.submit'; studentId: string; question: number; at: number }
	| { type: 'answers.close'; at: number; by: 'teacher' | 'timer' }
	| { type: 'question.reveal'; at: number }
	| { type: 'question.next'; at: number }
	| { type: 'session.lock'; at: number }
	| { type: 'session.unlock'; at: number }
	| { type: 'session.end'; at: number; reason: 'teacher' | 'idle' }
	| { type: 'question.extend'; at: number }
	| { type: 'question.reopen'; at: number }
	| { type: 'question.skip'; at: number }
	| { type: 'questions.again'; questions: number[]; at: number }
	| { type: 'student.readmit'; id: string; at: number }
	| { type: 'names.show'; at: number }
	| { type: 'names.hide'; at: number };

/** The type names of the events. */
export type ClassEventType = ClassEvent['type'];

/** The context of a new session in the lobby; `createdAt` counts as its first activity. */
export function initialClassContext(input: ClassMachineInput): ClassContext {
	return {
		questionCount: input.questionCount,
		limitMs: input.limitMs,
		index: -1,
		openedAt: null,
		deadline: null,
		students: [],
		answered: [],
		lastActivity: input.createdAt,
		locked: false,
		endReason: null,
		again: [],
		skipped: [],
		showNames: false,
		revealedTo: -1
	};
}

/**
 * The index in the session's questions (as created) of question `index` as asked: itself, or for
 * a question asked again, the question it repeats.
 */
export function sourceOf(context: ClassContext, index: number): number {
	const base = context.questionCount - context.again.length;
	return index < base ? index : (context.again[index - base] ?? index);
}
