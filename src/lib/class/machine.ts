/**
 * The server-authoritative state machine of one class session (issue 4): lobby -> open -> closed
 * -> revealed -> open (next question) ... -> ended. Pure XState v5 logic: no invoke, no `after`,
 * no clock. Every event carries its own time `at` (ms since the epoch), so replaying the stored
 * events rebuilds exactly the same state after a restart, and `xstate/graph` can walk every path.
 * Time limits are enforced by the server scheduling an `answers.close` event with `by: 'timer'`.
 */
import { assertEvent, assign, setup } from 'xstate';
import {
	ADD_TIME_MS,
	againRefusal,
	answerRefusal,
	closeRefusal,
	extendRefusal,
	namesRefusal,
	readmitRefusal,
	skipRefusal,
	endRefusal,
	joinRefusal,
	lockRefusal,
	nameKey,
	nextRefusal,
	removeRefusal
} from './rules';

export {
	ADD_TIME_MS,
	ANSWER_GRACE_MS,
	IDLE_MS,
	findStudent,
	isActiveStudent,
	nameKey,
	nameTaken
} from './rules';

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

const NO_INPUT: ClassMachineInput = { questionCount: 0, limitMs: null, createdAt: 0 };

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

const openQuestion = (context: ClassContext, index: number, at: number): Partial<ClassContext> => ({
	index,
	openedAt: at,
	deadline: context.limitMs === null ? null : at + context.limitMs,
	answered: [],
	lastActivity: at
});

/** A join in a phase: the student is asked the `current` question (open) or from the `next`. */
const joinAsking = (asked: 'current' | 'next') =>
	({ guard: 'canJoin', actions: { type: 'addStudent', params: { asked } } }) as const;

/**
 * The class session machine. Input: `{questionCount, limitMs, createdAt}`. Events: see `ClassEvent`.
 * The guards are the predicates of `./rules` (shared with `decide`):
 * - `student.join` (any phase but ended, not while locked) needs a new id and a name no active
 *   student uses; `session.lock` / `session.unlock` close and open the door to new joins;
 * - `student.remove` needs an active student;
 * - `question.open` (lobby) opens question 0; `question.next` (revealed) opens the next one
 *   and is refused after the last question (send `session.end` instead);
 * - `answer.submit` (open) needs an active student who has not answered this question, the
 *   current question's index, and a time no later than the deadline plus `ANSWER_GRACE_MS`;
 * - `answers.close` (open) by the teacher at any time, by the timer only once the deadline passed;
 * - `question.reveal` (closed); `session.end` (any phase but ended) by the teacher, or with
 *   reason `idle` only after `IDLE_MS` without any accepted event;
 * - pacing (issue 20): `question.extend` (open, with a time limit) adds `ADD_TIME_MS`;
 *   `question.reopen` (closed) opens the question again, with a fresh time limit, answers given
 *   kept; `question.skip` (open or closed) leaves the question out of the scores and opens the
 *   next; `questions.again` (revealed, after the last question) asks the listed questions once
 *   more, as new questions after the last;
 * - `student.readmit` lets a removed student back in (their name free); `names.show` /
 *   `names.hide` choose whether the teacher's view holds the students' names.
 */
export const classMachine = setup({
	types: {} as { context: ClassContext; events: ClassEvent; input: ClassMachineInput },
	actions: {
		addStudent: assign(({ context, event }, params: { asked: 'current' | 'next' }) => {
			assertEvent(event, 'student.join');
			const student: MachineStudent = {
				id: event.id,
				name: event.name,
				key: nameKey(event.name),
				removed: false,
				from: params.asked === 'current' ? context.index : context.index + 1
			};
			return { students: [...context.students, student], lastActivity: event.at };
		}),
		removeStudent: assign(({ context, event }) => {
			assertEvent(event, 'student.remove');
			return {
				students: context.students.map((s) => (s.id === event.id ? { ...s, removed: true } : s)),
				lastActivity: event.at
			};
		}),
		recordAnswer: assign(({ context, event }) => {
			assertEvent(event, 'answer.submit');
			return { answered: [...context.answered, event.studentId], lastActivity: event.at };
		}),
		openFirst: assign(({ context, event }) => {
			assertEvent(event, 'question.open');
			return openQuestion(context, 0, event.at);
		}),
		openNext: assign(({ context, event }) => {
			assertEvent(event, 'question.next');
			return openQuestion(context, context.index + 1, event.at);
		}),
		touch: assign(({ event }) => ({ lastActivity: event.at })),
		markRevealed: assign(({ context, event }) => ({
			revealedTo: context.index,
			lastActivity: event.at
		})),
		lock: assign(({ event }) => ({
			locked: event.type === 'session.lock',
			lastActivity: event.at
		})),
		extend: assign(({ context, event }) => ({
			deadline: Math.max(context.deadline ?? event.at, event.at) + ADD_TIME_MS,
			lastActivity: event.at
		})),
		reopen: assign(({ context, event }) => ({
			openedAt: event.at,
			deadline: context.limitMs === null ? null : event.at + context.limitMs,
			lastActivity: event.at
		})),
		skip: assign(({ context, event }) => ({
			...openQuestion(context, context.index + 1, event.at),
			skipped: [...context.skipped, context.index]
		})),
		askAgain: assign(({ context, event }) => {
			assertEvent(event, 'questions.again');
			const again = [...context.again, ...event.questions.map((q) => sourceOf(context, q))];
			const questionCount = context.questionCount + event.questions.length;
			return { ...openQuestion(context, context.index + 1, event.at), again, questionCount };
		}),
		readmit: assign(({ context, event }) => {
			assertEvent(event, 'student.readmit');
			return {
				students: context.students.map((s) => (s.id === event.id ? { ...s, removed: false } : s)),
				lastActivity: event.at
			};
		}),
		names: assign(({ event }) => ({
			showNames: event.type === 'names.show',
			lastActivity: event.at
		})),
		finish: assign(({ event }) => {
			assertEvent(event, 'session.end');
			return { endReason: event.reason, lastActivity: event.at, deadline: null };
		})
	},
	guards: {
		canJoin: ({ context, event }) =>
			event.type === 'student.join' && joinRefusal(context, event) === null,
		canRemove: ({ context, event }) =>
			event.type === 'student.remove' && removeRefusal(context, event) === null,
		canAnswer: ({ context, event }) =>
			event.type === 'answer.submit' && answerRefusal(context, event) === null,
		canClose: ({ context, event }) =>
			event.type === 'answers.close' && closeRefusal(context, event) === null,
		hasNextQuestion: ({ context }) => nextRefusal(context) === null,
		canLock: ({ context, event }) =>
			(event.type === 'session.lock' || event.type === 'session.unlock') &&
			lockRefusal(context, event) === null,
		canEnd: ({ context, event }) =>
			event.type === 'session.end' && endRefusal(context, event) === null,
		canExtend: ({ context }) => extendRefusal(context) === null,
		canSkip: ({ context }) => skipRefusal(context) === null,
		canAskAgain: ({ context, event }) =>
			event.type === 'questions.again' && againRefusal(context, event) === null,
		canReadmit: ({ context, event }) =>
			event.type === 'student.readmit' && readmitRefusal(context, event) === null,
		canName: ({ context, event }) =>
			(event.type === 'names.show' || event.type === 'names.hide') &&
			namesRefusal(context, event) === null
	}
}).createMachine({
	id: 'class',
	// XState's pure `transition()` starts an inert actor with no input on every call: give it an
	// empty session rather than a TypeError (a thrown error on every decision costs 0.2 ms).
	context: ({ input }) => initialClassContext(input ?? NO_INPUT),
	initial: 'lobby',
	on: {
		'student.remove': { guard: 'canRemove', actions: 'removeStudent' },
		'session.lock': { guard: 'canLock', actions: 'lock' },
		'session.unlock': { guard: 'canLock', actions: 'lock' },
		'session.end': { guard: 'canEnd', target: '.ended', actions: 'finish' },
		'student.readmit': { guard: 'canReadmit', actions: 'readmit' },
		'names.show': { guard: 'canName', actions: 'names' },
		'names.hide': { guard: 'canName', actions: 'names' }
	},
	states: {
		lobby: {
			on: {
				'student.join': joinAsking('next'),
				'question.open': { target: 'open', actions: 'openFirst' }
			}
		},
		open: {
			on: {
				'student.join': joinAsking('current'),
				'answer.submit': { guard: 'canAnswer', actions: 'recordAnswer' },
				'answers.close': { guard: 'canClose', target: 'closed', actions: 'touch' },
				'question.extend': { guard: 'canExtend', actions: 'extend' },
				'question.skip': { guard: 'canSkip', actions: 'skip' }
			}
		},
		closed: {
			on: {
				'student.join': joinAsking('next'),
				'question.reveal': { target: 'revealed', actions: 'markRevealed' },
				'question.reopen': { target: 'open', actions: 'reopen' },
				'question.skip': { guard: 'canSkip', target: 'open', actions: 'skip' }
			}
		},
		revealed: {
			on: {
				'student.join': joinAsking('next'),
				'question.next': { guard: 'hasNextQuestion', target: 'open', actions: 'openNext' },
				'questions.again': { guard: 'canAskAgain', target: 'open', actions: 'askAgain' }
			}
		},
		ended: {
			type: 'final'
		}
	}
});
