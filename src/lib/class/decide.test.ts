import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { decide, type ClassCommand } from './decide';
import { closesAt, initialState, replay, type ClassState } from './evolve';
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

describe('pacing (issue 20)', () => {
	const t = (action: Extract<ClassCommand, { type: 'teacher' }>['action'], again?: number[]) =>
		({ type: 'teacher', action, ...(again ? { again } : {}) }) as ClassCommand;
	const joinAndOpen: ClassCommand[] = [{ type: 'join', id: 'a', name: 'Ann' }, t('question.open')];

	it('adds 30 s to an open question, from now once its deadline passed', () => {
		const open = play(joinAndOpen);
		expect(open.context.deadline).toBe(T0 + 10_000);
		const more = decide(open, t('question.extend'), T0 + 1);
		expect(more.ok && more.next.context.deadline).toBe(T0 + 40_000);
		const late = decide(open, t('question.extend'), T0 + 20_000);
		expect(late.ok && late.next.context.deadline).toBe(T0 + 50_000);
		const closed = play([...joinAndOpen, t('answers.close')]);
		expect(refusalOf(closed, t('question.extend'))?.code).toBe('invalid-transition');
		const unlimited = initialTransitionless();
		expect(refusalOf(unlimited, t('question.extend'))?.code).toBe('no-time-limit');
	});

	it('reopens a question the timer closed (a server that was down), and it takes answers again', () => {
		const open = play(joinAndOpen);
		// The server comes back long after the deadline: the timer closes the question at once.
		const back = T0 + 60_000;
		const closed = decide(open, { type: 'timer' }, back);
		expect(closed.ok).toBe(true);
		if (!closed.ok) return;
		expect(
			refusalOf(closed.next, { type: 'answer', studentId: 'a', question: 0 }, back)?.code
		).toBe('answers-closed');
		const reopened = decide(closed.next, t('question.reopen'), back);
		expect(reopened.ok && reopened.next.value).toBe('open');
		if (!reopened.ok) return;
		expect(reopened.next.context.deadline).toBe(back + 10_000);
		expect(
			decide(reopened.next, { type: 'answer', studentId: 'a', question: 0 }, back + 1).ok
		).toBe(true);
		expect(refusalOf(open, t('question.reopen'))?.code).toBe('invalid-transition');
	});

	it('skips a question (left out of the scores) but not the last one', () => {
		const skipped = play([...joinAndOpen, t('question.skip')]);
		expect(skipped.value).toBe('open');
		expect(skipped.context.index).toBe(1);
		expect(skipped.context.skipped).toEqual([0]);
		expect(refusalOf(skipped, t('question.skip'))?.code).toBe('no-more-questions');
	});

	it('asks again the listed questions after the last one, as new questions', () => {
		const last = play([
			...joinAndOpen,
			t('answers.close'),
			t('question.reveal'),
			t('question.next'),
			t('answers.close'),
			t('question.reveal')
		]);
		expect(refusalOf(last, t('questions.again', []))?.code).toBe('nothing-to-ask-again');
		expect(refusalOf(last, t('questions.again', [7]))?.code).toBe('invalid-question');
		const again = decide(last, t('questions.again', [1]), T0);
		expect(again.ok).toBe(true);
		if (!again.ok) return;
		expect(again.next.value).toBe('open');
		expect(again.next.context).toMatchObject({ index: 2, questionCount: 3, again: [1] });
		const first = play([...joinAndOpen, t('answers.close'), t('question.reveal')]);
		expect(refusalOf(first, t('questions.again', [0]))?.code).toBe('not-last-question');
	});

	it('lets a removed student back in, unless someone took their name', () => {
		const removed = play([...joinAndOpen, { type: 'remove', studentId: 'a' }]);
		const back = decide(removed, { type: 'readmit', studentId: 'a' }, T0);
		expect(back.ok && back.next.context.students[0]!.removed).toBe(false);
		const taken = play([
			...joinAndOpen,
			{ type: 'remove', studentId: 'a' },
			{ type: 'join', id: 'b', name: 'ANN' }
		]);
		expect(refusalOf(taken, { type: 'readmit', studentId: 'a' })?.code).toBe('name-taken');
		expect(refusalOf(removed, { type: 'readmit', studentId: 'zz' })?.code).toBe(
			'student-not-found'
		);
	});

	it('shows and hides the names as a toggle, in any phase but the end', () => {
		const shown = play([t('names.show')]);
		expect(shown.context.showNames).toBe(true);
		expect(refusalOf(shown, t('names.show'))?.code).toBe('invalid-transition');
		expect(play([t('names.show'), t('names.hide')]).context.showNames).toBe(false);
		const ended = play([t('session.end')]);
		expect(refusalOf(ended, t('names.show'))?.code).toBe('session-ended');
	});
});

/** An open question with no time limit. */
function initialTransitionless(): ClassState {
	let state = initialState({ ...input, limitMs: null });
	const d = decide(state, { type: 'teacher', action: 'question.open' }, T0);
	if (d.ok) state = d.next;
	return state;
}
