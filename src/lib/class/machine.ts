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
import {
	initialClassContext,
	sourceOf,
	type ClassContext,
	type ClassEvent,
	type ClassMachineInput,
	type MachineStudent
} from './context';

export * from './context';
export {
	ADD_TIME_MS,
	ANSWER_GRACE_MS,
	IDLE_MS,
	findStudent,
	isActiveStudent,
	nameKey,
	nameTaken
} from './rules';

const NO_INPUT: ClassMachineInput = { questionCount: 0, limitMs: null, createdAt: 0 };

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
