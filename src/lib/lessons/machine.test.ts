/**
 * The lesson flow: a scripted walk through a lesson, then model-based tests with xstate/graph
 * (reach every state, take every event, replay every shortest path on a real actor) and the
 * rule that a lesson is done only once its practice questions are right.
 */
import { describe, expect, it } from 'vitest';
import { createActor, transition, type SnapshotFrom } from 'xstate';
import { getShortestPaths, type StatePath } from 'xstate/graph';
import { currentQuestion, stepText, type LessonContext, type LessonEvent } from './flow';
import { askedFields, givenOf } from './asked';
import { lessonOf, stepCount, stepKind } from './lessons';
import { rightEntries, wrongEntries } from './fixtures';
import { createLessonActor, lessonMachine } from './machine';
import type { LessonSkill } from './order';

type Snap = SnapshotFrom<typeof lessonMachine>;

function start(skill: LessonSkill) {
	return createActor(lessonMachine, { input: { skill } }).start();
}

describe('a lesson, step by step', () => {
	it('walks worked -> partial -> feedback -> practising ... -> done, retrying a wrong answer', () => {
		const actor = start('discard');
		const snap = () => actor.getSnapshot();
		expect(snap().value).toBe('worked');
		expect(stepText({ mode: 'worked', context: snap().context })).toBe('Step 1 of 5');
		// Nothing to check on a worked example.
		actor.send({ type: 'answer.submit', entries: {} });
		expect(snap().value).toBe('worked');
		actor.send({ type: 'lesson.next' });
		expect(snap().value).toBe('partial');
		const given = givenOf(snap().context);
		expect(given).toHaveLength(1);
		expect(askedFields(snap().context).map((f) => f.key)).not.toContain(given[0]);

		// A bad entry: a message by that field, nothing else lost.
		const right = rightEntries(snap().context);
		actor.send({ type: 'answer.submit', entries: { ...right, total: 'lots' } });
		expect(snap().value).toBe('partial');
		expect(Object.keys(snap().context.errors)).toEqual(['total']);
		expect(snap().context.entries).toEqual({ ...right, total: 'lots' });
		actor.send({ type: 'entry.change', key: 'total', text: right.total! });
		expect(snap().context.errors).toEqual({});
		actor.send({ type: 'answer.submit', entries: {} });
		expect(snap().value).toBe('feedback');
		const partial = snap().context.result!;
		expect(partial.graded.correct).toBe(true);
		// The given amount is part of the answer graded.
		expect(partial.answer.pays).toHaveProperty(given[0]!);

		actor.send({ type: 'lesson.next' });
		expect(snap().value).toBe('practising');
		expect(snap().context.step).toBe(2);
		const first = currentQuestion(snap().context);
		actor.send({ type: 'answer.submit', entries: wrongEntries(snap().context) });
		expect(snap().value).toBe('feedback');
		expect(snap().context.result!.graded.correct).toBe(false);
		// A wrong practice answer cannot be passed: only tried again, on a fresh question.
		actor.send({ type: 'lesson.next' });
		expect(snap().value).toBe('feedback');
		actor.send({ type: 'answer.retry' });
		expect(snap().value).toBe('practising');
		expect(snap().context.tries[2]).toBe(1);
		expect(currentQuestion(snap().context).id).not.toBe(first.id);
		expect(snap().context.entries).toEqual({});

		for (let step = 2; step < 5; step++) {
			expect(snap().context.step).toBe(step);
			actor.send({ type: 'answer.submit', entries: rightEntries(snap().context) });
			expect(snap().context.result!.graded.correct).toBe(true);
			actor.send({ type: 'answer.retry' }); // nothing to try again after a right answer
			expect(snap().value).toBe('feedback');
			actor.send({ type: 'lesson.next' });
		}
		expect(snap().value).toBe('done');
		expect(snap().context.completed).toBe(true);
		expect(stepText({ mode: 'done', context: snap().context })).toBe('Lesson done');

		// Again, on fresh questions; still completed.
		const before = snap().context.tries;
		actor.send({ type: 'lesson.restart' });
		expect(snap().value).toBe('worked');
		expect(snap().context).toMatchObject({ step: 0, completed: true, result: null });
		expect(snap().context.tries).toEqual(before.map((t) => t + 1));
		actor.stop();
	});

	it('lets a wrong partly worked question be tried again or left for the practice', () => {
		const actor = start('self-pick');
		actor.send({ type: 'lesson.next' });
		actor.send({ type: 'answer.submit', entries: wrongEntries(actor.getSnapshot().context) });
		expect(actor.getSnapshot().context.result!.graded.correct).toBe(false);
		actor.send({ type: 'answer.retry' });
		expect(actor.getSnapshot().value).toBe('partial');
		expect(actor.getSnapshot().context.tries[1]).toBe(1);
		actor.send({ type: 'answer.submit', entries: wrongEntries(actor.getSnapshot().context) });
		actor.send({ type: 'lesson.next' });
		expect(actor.getSnapshot().value).toBe('practising');
		actor.stop();
	});

	it('resumes where the learner was, with what was typed', () => {
		const actor = start('east');
		actor.send({ type: 'lesson.next' });
		const key = askedFields(actor.getSnapshot().context)[0]!.key;
		actor.send({ type: 'entry.change', key, text: '40' });
		const saved = JSON.parse(JSON.stringify(actor.getSnapshot().context)) as LessonContext;
		actor.stop();
		const resumed = createLessonActor('east', { mode: 'partial', context: saved }).start();
		expect(resumed.getSnapshot().value).toBe('partial');
		expect(resumed.getSnapshot().context.entries).toEqual({ [key]: '40' });
		resumed.send({ type: 'answer.submit', entries: rightEntries(saved) });
		expect(resumed.getSnapshot().value).toBe('feedback');
		resumed.stop();
	});
});

describe('every path (xstate/graph)', () => {
	const EVENT_TYPES: LessonEvent['type'][] = [
		'lesson.next',
		'entry.change',
		'answer.submit',
		'answer.retry',
		'lesson.restart'
	];
	/** A few concrete events per snapshot: right, wrong and unreadable answers, one edit, etc. */
	function events(snapshot: Snap): LessonEvent[] {
		const c = snapshot.context;
		const asking = stepKind(c.step) !== 'worked';
		const key = asking ? askedFields(c)[0]!.key : 'total';
		return [
			{ type: 'lesson.next' },
			{ type: 'entry.change', key, text: '7' },
			{ type: 'answer.submit', entries: asking ? rightEntries(c) : {} },
			{ type: 'answer.submit', entries: asking ? wrongEntries(c) : {} },
			{ type: 'answer.submit', entries: { [key]: 'lots' } },
			{ type: 'answer.retry' },
			{ type: 'lesson.restart' }
		];
	}
	/** Fresh questions make the context grow without end: two tries per step are enough. */
	const serializeState = (s: Snap) => {
		const c = s.context;
		return JSON.stringify({
			value: s.value,
			step: c.step,
			tries: c.tries.map((t) => Math.min(t, 2)),
			entries: c.entries,
			errors: Object.keys(c.errors),
			result: c.result && (c.result.graded.correct ? 'right' : 'wrong'),
			completed: c.completed
		});
	};
	const skill: LessonSkill = 'wall-game';
	const machine = lessonMachine;
	const paths: StatePath<Snap, LessonEvent>[] = getShortestPaths(machine, {
		events,
		serializeState,
		input: { skill }
	});
	const last = stepCount(lessonOf(skill)) - 1;

	function replay(path: StatePath<Snap, LessonEvent>): Snap {
		const actor = start(skill);
		for (const { event } of path.steps) {
			if ((event.type as string) !== 'xstate.init') actor.send(event);
		}
		const snapshot = actor.getSnapshot();
		actor.stop();
		return snapshot;
	}

	function expectConsistent(s: Snap): void {
		const c = s.context;
		expect(c.step).toBeGreaterThanOrEqual(0);
		expect(c.step).toBeLessThanOrEqual(last);
		if (s.value === 'worked') expect(c.step).toBe(0);
		if (s.value === 'partial') expect(c.step).toBe(1);
		if (s.value === 'practising') expect(c.step).toBeGreaterThanOrEqual(2);
		if (s.value === 'feedback') {
			expect(c.result).not.toBeNull();
			expect(c.result!.step).toBe(c.step);
			expect(c.result!.scenario).toBe(currentQuestion(c));
			expect(c.errors).toEqual({});
		} else expect(c.result).toBeNull();
		if (s.value === 'done') expect(c).toMatchObject({ step: last, completed: true });
	}

	it('reach every state of the machine', () => {
		const reached = new Set(paths.map((p) => p.state.value));
		expect([...reached].sort()).toEqual(Object.keys(lessonMachine.root.states).sort());
		expect(paths.length).toBeGreaterThan(20);
	});

	it('end, replayed on an actor, where the graph says, in a consistent context', () => {
		for (const path of paths) {
			const end = replay(path);
			expect(end.value).toEqual(path.state.value);
			expect(serializeState(end)).toBe(serializeState(path.state));
			expectConsistent(end);
		}
	});

	it('take every event type; reach done only from a right last practice question', () => {
		const taken = new Set<string>();
		let finished = 0;
		for (const { state: before } of paths) {
			for (const event of events(before)) {
				const [after] = transition(machine, before, event);
				const moved = serializeState(after) !== serializeState(before);
				if (moved) taken.add(event.type);
				expectConsistent(after);
				if (after.value === 'done' && before.value !== 'done') {
					finished += 1;
					expect(before.value).toBe('feedback');
					expect(before.context.step).toBe(last);
					expect(before.context.result!.graded.correct).toBe(true);
				}
				// A wrong practice answer never moves on.
				const r = before.context.result;
				if (before.value === 'feedback' && r && !r.graded.correct && r.step > 1) {
					if (event.type === 'lesson.next') expect(after.value).toBe('feedback');
				}
			}
		}
		expect(finished).toBeGreaterThan(0);
		expect([...taken].sort()).toEqual([...EVENT_TYPES].sort());
	});

	it('pass every practice question right on the way to done', () => {
		const toDone = paths.filter((p) => p.state.value === 'done');
		expect(toDone.length).toBeGreaterThan(0);
		for (const path of toDone) {
			const actor = start(skill);
			const passed = new Set<number>();
			for (const { event } of path.steps) {
				if ((event.type as string) === 'xstate.init') continue;
				const before = actor.getSnapshot();
				actor.send(event);
				const after = actor.getSnapshot();
				if (
					before.value === 'feedback' &&
					event.type === 'lesson.next' &&
					after.value !== 'feedback'
				) {
					if (before.context.step > 1) {
						expect(before.context.result!.graded.correct).toBe(true);
						passed.add(before.context.step);
					}
				}
			}
			expect([...passed].sort()).toEqual([2, 3]);
			actor.stop();
		}
	});
});
