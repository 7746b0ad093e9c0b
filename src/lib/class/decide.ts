/**
 * The one place that decides a class command (issue 11): `decide(state, command, now)` turns a
 * command (a join, an answer, a teacher action, the timer...) into the machine event it makes
 * and the next state, or into a `Refusal` (HTTP status, code, message). The next state is
 * XState's pure `transition()`, so the machine's guards (the predicates of `./rules`) are the
 * only rules; the refusal explains the first one that failed. Pure: the caller passes the time
 * and the new ids.
 */
import { normalizeName } from './codes';
import { evolve, phaseOf, type ClassState } from './evolve';
import { classMachine, type ClassEvent, type ClassEventType } from './machine';
import {
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
	nextRefusal,
	refusal,
	removeRefusal,
	studentRefusal,
	type Refusal
} from './rules';

/**
 * The teacher's actions, named as the machine's events. Pacing (issue 20): `question.extend` adds
 * `ADD_TIME_MS`, `question.reopen`, `question.skip`, `questions.again` (the questions most got
 * wrong, from `mostMissed`), and `names.show` / `names.hide`.
 */
export const TEACHER_ACTIONS = [
	'question.open',
	'answers.close',
	'question.reveal',
	'question.next',
	'question.extend',
	'question.reopen',
	'question.skip',
	'questions.again',
	'names.show',
	'names.hide',
	'session.lock',
	'session.unlock',
	'session.end'
] as const;

/** One teacher action. */
export type TeacherAction = (typeof TEACHER_ACTIONS)[number];

/**
 * What someone asks of a session: a student joins (`id` new, `name` as typed), answers the
 * question with index `question`, the teacher removes a student, lets one back in (`readmit`) or
 * acts (`again`: the question indexes `questions.again` asks again), the time limit runs out
 * (`timer`) or the session has been idle (`idle`).
 */
export type ClassCommand =
	| { type: 'join'; id: string; name: string }
	| { type: 'answer'; studentId: string; question: number }
	| { type: 'remove'; studentId: string }
	| { type: 'readmit'; studentId: string }
	| { type: 'teacher'; action: TeacherAction; again?: number[] }
	| { type: 'timer' }
	| { type: 'idle' };

/** The decision: the event to store and the state after it, or why not. */
export type Decision =
	{ ok: true; event: ClassEvent; next: ClassState } | { ok: false; refusal: Refusal };

/**
 * The teacher's actions `decide` would accept at time `now` (ms), in `TEACHER_ACTIONS` order,
 * `again` being the questions `questions.again` would ask: what the control bar offers, so it
 * never shows a button the server would refuse.
 */
export function allowedActions(
	state: ClassState,
	now: number,
	again: number[] = []
): TeacherAction[] {
	return TEACHER_ACTIONS.filter(
		(action) => decide(state, { type: 'teacher', action, again }, now).ok
	);
}

/**
 * Decides `command` at time `now` (ms since the epoch). Refusals: 400 `invalid-name`,
 * `invalid-question`; 401 `not-joined`; 403 `removed`; 404 `student-not-found`; 409
 * `session-ended`, `answers-closed`, `wrong-question`, `already-answered`, `name-taken`,
 * `invalid-transition`, `no-more-questions`, `no-time-limit`, `not-last-question`,
 * `nothing-to-ask-again`; 423 `session-locked`.
 */
export function decide(state: ClassState, command: ClassCommand, now: number): Decision {
	const made = eventOf(command, now);
	if ('refusal' in made) return { ok: false, refusal: made.refusal };
	const { event } = made;
	const next = evolve(state, event);
	if (next !== state) return { ok: true, event, next };
	return { ok: false, refusal: whyNot(state, event) };
}

function eventOf(command: ClassCommand, at: number): { event: ClassEvent } | { refusal: Refusal } {
	switch (command.type) {
		case 'join': {
			const named = normalizeName(command.name);
			if (!named.ok) return { refusal: refusal(400, 'invalid-name', named.message) };
			return { event: { type: 'student.join', id: command.id, name: named.name, at } };
		}
		case 'answer':
			return {
				event: {
					type: 'answer.submit',
					studentId: command.studentId,
					question: command.question,
					at
				}
			};
		case 'remove':
			return { event: { type: 'student.remove', id: command.studentId, at } };
		case 'readmit':
			return { event: { type: 'student.readmit', id: command.studentId, at } };
		case 'timer':
			return { event: { type: 'answers.close', by: 'timer', at } };
		case 'idle':
			return { event: { type: 'session.end', reason: 'idle', at } };
		case 'teacher': {
			const type = command.action;
			if (type === 'answers.close') return { event: { type, by: 'teacher', at } };
			if (type === 'session.end') return { event: { type, reason: 'teacher', at } };
			if (type === 'questions.again') {
				return { event: { type, questions: command.again ?? [], at } };
			}
			return { event: { type, at } };
		}
	}
}

/** True when the machine has a transition for this event type in the state's phase. */
function handles(state: ClassState, type: ClassEventType): boolean {
	if (state.status !== 'active') return false;
	const node = classMachine.states[phaseOf(state)];
	return classMachine.root.ownEvents.includes(type) || (node?.ownEvents.includes(type) ?? false);
}

/**
 * The refusal of an event the machine did not take: who is asking (a removed student stays
 * removed in every phase), then the phase, then the failing guard.
 */
function whyNot(state: ClassState, event: ClassEvent): Refusal {
	const phase = phaseOf(state);
	if (event.type === 'answer.submit') {
		const who = studentRefusal(state.context, event.studentId);
		if (who) return who;
	}
	if (!handles(state, event.type)) {
		if (phase === 'ended') return refusal(409, 'session-ended', 'This class session has ended.');
		if (event.type === 'answer.submit') {
			return refusal(409, 'answers-closed', 'Answers are closed for this question.');
		}
		return refusal(
			409,
			'invalid-transition',
			`"${event.type}" is not possible while the session is ${phase}.`
		);
	}
	const why = guardRefusal(state, event);
	return why ?? refusal(409, 'invalid-transition', `"${event.type}" is not possible now.`);
}

function guardRefusal({ context }: ClassState, event: ClassEvent): Refusal | null {
	switch (event.type) {
		case 'student.join':
			return joinRefusal(context, event);
		case 'student.remove':
			return removeRefusal(context, event);
		case 'answer.submit':
			return answerRefusal(context, event);
		case 'answers.close':
			return closeRefusal(context, event);
		case 'question.next':
			return nextRefusal(context);
		case 'session.lock':
		case 'session.unlock':
			return lockRefusal(context, event);
		case 'session.end':
			return endRefusal(context, event);
		case 'question.extend':
			return extendRefusal(context);
		case 'question.skip':
			return skipRefusal(context);
		case 'questions.again':
			return againRefusal(context, event);
		case 'student.readmit':
			return readmitRefusal(context, event);
		case 'names.show':
		case 'names.hide':
			return namesRefusal(context, event);
		default:
			return null;
	}
}
