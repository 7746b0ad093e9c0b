import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import {
	closesAt,
	decide,
	initialState,
	replay,
	type ClassCommand,
	type ClassState
} from './decide';
import { classMachine, type ClassEvent, type ClassMachineInput } from './machine';
import { ANSWER_GRACE_MS } from './rules';

const T0 = 1_000_000;
const input: ClassMachineInput = { questionCount: 2, limitMs: 10_000, createdAt: T0 };

/** Applies commands in order, each at `at`, expecting them all to be accepted. */
function play(commands: ClassCommand[], at = T0): ClassState {
	let state = initialState(input);
	for (const c of commands) {
		const d = decide(state, c, at);
		if (!d.ok) throw new Error(`${c.type}: ${d.refusal.code}`);
		state = d.next;
	}
	return state;
}

const refusalOf = (state: ClassState, command: ClassCommand, at = T0) => {
	const d = decide(state, command, at);
	return d.ok ? null : d.refusal;
};

const COMMANDS: ClassCommand[] = [
	{ type: 'join', id: 'a', name: 'Ann' },
	{ type: 'join', id: 'b', name: ' ann ' },
	{ type: 'join', id: 'c', name: '' },
	{ type: 'answer', studentId: 'a', question: 0 },
	{ type: 'answer', studentId: 'zz', question: 0 },
	{ type: 'remove', studentId: 'a' },
	{ type: 'timer' },
	{ type: 'idle' },
	...(
		[
			'question.open',
			'answers.close',
			'question.reveal',
			'question.next',
			'session.lock',
			'session.unlock',
			'session.end'
		] as const
	).map((action): ClassCommand => ({ type: 'teacher', action }))
];

describe('decide', () => {
	it('gives every refusal in every reachable state a 4xx, a code and a message, and changes nothing', () => {
		const events = (): ClassEvent[] => [
			{ type: 'student.join', id: 'a', name: 'Ann', at: T0 },
			{ type: 'question.open', at: T0 },
			{ type: 'answer.submit', studentId: 'a', question: 0, at: T0 },
			{ type: 'answers.close', by: 'teacher', at: T0 },
			{ type: 'question.reveal', at: T0 },
			{ type: 'question.next', at: T0 },
			{ type: 'session.lock', at: T0 },
			{ type: 'student.remove', id: 'a', at: T0 },
			{ type: 'session.end', reason: 'teacher', at: T0 }
		];
		const paths = getShortestPaths(classMachine, { input, events });
		expect(paths.length).toBeGreaterThan(10);
		for (const path of paths) {
			const state = replay(
				input,
				path.steps.map((s) => s.event)
			);
			for (const command of COMMANDS) {
				const d = decide(state, command, T0 + 1);
				if (d.ok) {
					expect(d.next).not.toBe(state);
					continue;
				}
				expect(d.refusal.status).toBeGreaterThanOrEqual(400);
				expect(d.refusal.status).toBeLessThan(500);
				expect(d.refusal.code).toMatch(/^[a-z-]+$/);
				expect(d.refusal.message.length).toBeGreaterThan(5);
			}
		}
	});

	it('names the refusal a student or teacher needs to hear', () => {
		const lobby = play([{ type: 'join', id: 'a', name: 'Ann' }]);
		expect(refusalOf(lobby, { type: 'join', id: 'b', name: 'ANN' })?.code).toBe('name-taken');
		expect(refusalOf(lobby, { type: 'join', id: 'b', name: '   ' })?.code).toBe('invalid-name');
		expect(refusalOf(lobby, { type: 'answer', studentId: 'a', question: 0 })?.code).toBe(
			'answers-closed'
		);
		expect(refusalOf(lobby, { type: 'teacher', action: 'question.reveal' })?.code).toBe(
			'invalid-transition'
		);
		const locked = play([
			{ type: 'join', id: 'a', name: 'Ann' },
			{ type: 'teacher', action: 'session.lock' }
		]);
		expect(refusalOf(locked, { type: 'join', id: 'b', name: 'Ben' })).toMatchObject({
			status: 423,
			code: 'session-locked'
		});
		const removed = play([
			{ type: 'join', id: 'a', name: 'Ann' },
			{ type: 'remove', studentId: 'a' }
		]);
		expect(refusalOf(removed, { type: 'answer', studentId: 'a', question: 0 })?.code).toBe(
			'removed'
		);
		const ended = play([{ type: 'teacher', action: 'session.end' }]);
		// Who asks comes first (an empty name, a stranger's answer); then the end, for everything.
		expect(refusalOf(ended, COMMANDS[2]!)?.code).toBe('invalid-name');
		expect(refusalOf(ended, COMMANDS[4]!)?.code).toBe('not-joined');
		for (const c of COMMANDS.filter((c, i) => i !== 2 && c.type !== 'answer')) {
			expect(refusalOf(ended, c)?.code).toBe('session-ended');
		}
	});

	it('keeps answers open for the grace after the deadline; the timer closes them then', () => {
		const open = play([
			{ type: 'join', id: 'a', name: 'Ann' },
			{ type: 'join', id: 'b', name: 'Ben' },
			{ type: 'teacher', action: 'question.open' }
		]);
		const deadline = T0 + 10_000;
		expect(closesAt(open)).toBe(deadline + ANSWER_GRACE_MS);
		expect(decide(open, { type: 'answer', studentId: 'a', question: 0 }, deadline + 300).ok).toBe(
			true
		);
		expect(
			refusalOf(open, { type: 'answer', studentId: 'b', question: 0 }, deadline + 1_001)?.code
		).toBe('answers-closed');
		expect(refusalOf(open, { type: 'timer' }, deadline - 1)?.code).toBe('too-early');
		const closed = decide(open, { type: 'timer' }, deadline + ANSWER_GRACE_MS);
		expect(closed.ok && closed.next.value).toBe('closed');
	});
});
