import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
	ANSWER_GRACE_MS,
	CLASS_PHASES,
	IDLE_MS,
	classMachine,
	isActiveStudent,
	type ClassEvent,
	type ClassMachineInput,
	type ClassPhase
} from './machine';

const T0 = 1_000_000;
const input: ClassMachineInput = { questionCount: 2, limitMs: null, createdAt: T0 };

type Snap = ReturnType<typeof initialTransition<typeof classMachine>>[0];

function run(events: ClassEvent[], machineInput = input): Snap {
	let [snap] = initialTransition(classMachine, machineInput);
	for (const e of events) [snap] = transition(classMachine, snap, e);
	return snap;
}

/** The events the graph walk tries in every state (answers target the current question). */
const eventsFor = (snap: Snap): ClassEvent[] => [
	{ type: 'student.join', id: 'a', name: 'Ann', at: T0 },
	{ type: 'student.join', id: 'b', name: 'ANN', at: T0 },
	{ type: 'student.remove', id: 'a', at: T0 },
	{ type: 'question.open', at: T0 },
	{ type: 'answer.submit', studentId: 'a', question: snap.context.index, at: T0 },
	{ type: 'answers.close', by: 'teacher', at: T0 },
	{ type: 'answers.close', by: 'timer', at: T0 },
	{ type: 'question.reveal', at: T0 },
	{ type: 'question.next', at: T0 },
	{ type: 'session.end', reason: 'idle', at: T0 + 1 },
	{ type: 'session.end', reason: 'teacher', at: T0 }
];

describe('class machine', () => {
	it('starts in the lobby with no question', () => {
		const snap = run([]);
		expect(snap.value).toBe('lobby');
		expect(snap.context.index).toBe(-1);
		expect(snap.context.lastActivity).toBe(T0);
	});

	it('plays lobby -> open -> closed -> revealed -> open -> ... -> ended', () => {
		const seen: ClassPhase[] = [];
		const actor = createActor(classMachine, { input });
		actor.subscribe((s) => seen.push(s.value as ClassPhase));
		actor.start();
		const events: ClassEvent[] = [
			{ type: 'question.open', at: T0 + 1 },
			{ type: 'answers.close', by: 'teacher', at: T0 + 2 },
			{ type: 'question.reveal', at: T0 + 3 },
			{ type: 'question.next', at: T0 + 4 },
			{ type: 'answers.close', by: 'teacher', at: T0 + 5 },
			{ type: 'question.reveal', at: T0 + 6 },
			{ type: 'session.end', reason: 'teacher', at: T0 + 7 }
		];
		for (const e of events) actor.send(e);
		expect(seen).toEqual([
			'lobby',
			'open',
			'closed',
			'revealed',
			'open',
			'closed',
			'revealed',
			'ended'
		]);
		expect(actor.getSnapshot().context.index).toBe(1);
		expect(actor.getSnapshot().status).toBe('done');
	});

	it('refuses question.next after the last question', () => {
		const snap = run([
			{ type: 'question.open', at: T0 },
			{ type: 'answers.close', by: 'teacher', at: T0 },
			{ type: 'question.reveal', at: T0 },
			{ type: 'question.next', at: T0 },
			{ type: 'answers.close', by: 'teacher', at: T0 },
			{ type: 'question.reveal', at: T0 }
		]);
		expect(snap.can({ type: 'question.next', at: T0 })).toBe(false);
		expect(snap.context.index).toBe(1);
	});

	it('keeps display names unique ignoring case, and frees a removed name', () => {
		const joined = run([{ type: 'student.join', id: 'a', name: 'Ann', at: T0 }]);
		expect(joined.can({ type: 'student.join', id: 'b', name: 'aNN', at: T0 })).toBe(false);
		expect(joined.can({ type: 'student.join', id: 'a', name: 'Bea', at: T0 })).toBe(false);
		const removed = run([
			{ type: 'student.join', id: 'a', name: 'Ann', at: T0 },
			{ type: 'student.remove', id: 'a', at: T0 }
		]);
		expect(removed.can({ type: 'student.join', id: 'b', name: 'ann', at: T0 })).toBe(true);
	});

	it('locks an answer once given and refuses answers to another question or from removed students', () => {
		const open = run([
			{ type: 'student.join', id: 'a', name: 'Ann', at: T0 },
			{ type: 'student.join', id: 'b', name: 'Bea', at: T0 },
			{ type: 'question.open', at: T0 },
			{ type: 'answer.submit', studentId: 'a', question: 0, at: T0 },
			{ type: 'student.remove', id: 'b', at: T0 }
		]);
		expect(open.context.answered).toEqual(['a']);
		expect(open.can({ type: 'answer.submit', studentId: 'a', question: 0, at: T0 })).toBe(false);
		expect(open.can({ type: 'answer.submit', studentId: 'b', question: 0, at: T0 })).toBe(false);
		expect(open.can({ type: 'answer.submit', studentId: 'zz', question: 0, at: T0 })).toBe(false);
		const closed = run([
			{ type: 'student.join', id: 'a', name: 'Ann', at: T0 },
			{ type: 'question.open', at: T0 },
			{ type: 'answers.close', by: 'teacher', at: T0 }
		]);
		expect(closed.can({ type: 'answer.submit', studentId: 'a', question: 0, at: T0 })).toBe(false);
	});

	it('enforces the time limit with a grace period and lets the timer close only at the deadline', () => {
		const timed = { ...input, limitMs: 30_000 };
		const open = run(
			[
				{ type: 'student.join', id: 'a', name: 'Ann', at: T0 },
				{ type: 'question.open', at: T0 }
			],
			timed
		);
		expect(open.context.deadline).toBe(T0 + 30_000);
		const late = T0 + 30_000 + ANSWER_GRACE_MS;
		expect(open.can({ type: 'answer.submit', studentId: 'a', question: 0, at: late })).toBe(true);
		expect(open.can({ type: 'answer.submit', studentId: 'a', question: 0, at: late + 1 })).toBe(
			false
		);
		expect(open.can({ type: 'answers.close', by: 'timer', at: T0 + 29_999 })).toBe(false);
		expect(open.can({ type: 'answers.close', by: 'timer', at: T0 + 30_000 })).toBe(true);
		const next = run(
			[
				{ type: 'question.open', at: T0 },
				{ type: 'answers.close', by: 'timer', at: T0 + 30_000 },
				{ type: 'question.reveal', at: T0 + 31_000 },
				{ type: 'question.next', at: T0 + 40_000 }
			],
			timed
		);
		expect(next.context.deadline).toBe(T0 + 70_000);
		expect(next.context.answered).toEqual([]);
	});

	it('ends an idle session only after 12 hours without activity', () => {
		const snap = run([{ type: 'student.join', id: 'a', name: 'Ann', at: T0 + 5 }]);
		expect(snap.can({ type: 'session.end', reason: 'idle', at: T0 + 5 + IDLE_MS - 1 })).toBe(false);
		const ended = run([
			{ type: 'student.join', id: 'a', name: 'Ann', at: T0 + 5 },
			{ type: 'session.end', reason: 'idle', at: T0 + 5 + IDLE_MS }
		]);
		expect(ended.value).toBe('ended');
		expect(ended.context.endReason).toBe('idle');
	});

	it('accepts nothing once ended', () => {
		const ended = run([{ type: 'session.end', reason: 'teacher', at: T0 }]);
		for (const e of eventsFor(ended)) expect(ended.can(e)).toBe(false);
	});

	it('reaches every phase by shortest paths (xstate/graph), and replaying a path gives its state', () => {
		const paths = getShortestPaths(classMachine, { input, events: eventsFor });
		const reached = new Set(paths.map((p) => p.state.value as ClassPhase));
		expect([...reached].sort()).toEqual([...CLASS_PHASES].sort());
		for (const path of paths) {
			const replayed = run(path.steps.map((s) => s.event));
			expect(replayed.value).toBe(path.state.value);
			expect(replayed.context).toEqual(path.state.context);
		}
	});

	it('never lets a student answer twice or outside an open question on any simple path', () => {
		const paths = getSimplePaths(classMachine, {
			input: { ...input, questionCount: 1 },
			events: eventsFor
		});
		expect(paths.length).toBeGreaterThan(20);
		for (const path of paths) {
			for (const { state } of path.steps) {
				const answer: ClassEvent = {
					type: 'answer.submit',
					studentId: 'a',
					question: state.context.index,
					at: T0
				};
				if (state.context.answered.includes('a') || state.value !== 'open')
					expect(state.can(answer)).toBe(false);
				if (state.value === 'open' && isActiveStudent(state.context, 'a')) {
					expect(state.can(answer)).toBe(!state.context.answered.includes('a'));
				}
			}
		}
	});
});
