/**
 * Model-based tests of the quiz flow with xstate/graph: walk the machine with a small set of
 * concrete events, reach every state, take every event type, and replay each path on a real
 * actor to check it ends where the graph says and that the context is consistent there.
 */
import { describe, expect, it } from 'vitest';
import { createActor, transition, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type { Scenario } from '$lib/scenarios/types';
import { amountOf, answerFields, rightAmounts } from '$lib/payments';
import { settlementOf } from '$lib/scenarios/settled';
import { misnamed, wallGame } from './fixtures';
import { quizMachine } from './machine';
import { currentScenario, summarize, type QuizContext, type QuizEvent } from './round';

type Snap = SnapshotFrom<typeof quizMachine>;
type Path = StatePath<Snap, QuizEvent>;

const ROUND: Scenario[] = [misnamed, wallGame];
const EVENT_TYPES: QuizEvent['type'][] = [
	'round.start',
	'entry.change',
	'answer.submit',
	'hint.show',
	'answer.reveal',
	'question.next',
	'round.restart',
	'round.new'
];

/** The right amounts of the current question as typed text. */
function rightEntries(context: QuizContext): Record<string, string> {
	const scenario = currentScenario(context);
	if (!scenario) return {};
	const expected = rightAmounts(settlementOf(scenario));
	return Object.fromEntries(
		answerFields(scenario.outcome).map((f) => [f.key, String(amountOf(expected, f.key))])
	);
}

/** A few concrete events per snapshot: right, wrong and unreadable answers, one edit, etc. */
function events(snapshot: Snap): QuizEvent[] {
	const right = rightEntries(snapshot.context);
	const start = { skills: [], count: 2, unit: 'points' as const, seed: 'graph' };
	return [
		{ type: 'round.start', config: start, scenarios: ROUND },
		{ type: 'round.start', config: start, scenarios: [] },
		{ type: 'entry.change', key: 'total', text: '7' },
		{ type: 'answer.submit', entries: right },
		{ type: 'answer.submit', entries: { ...right, total: '1' } },
		{ type: 'answer.submit', entries: { total: 'lots' } },
		{ type: 'hint.show' },
		{ type: 'answer.reveal' },
		{ type: 'question.next' },
		{ type: 'round.restart' },
		{ type: 'round.new' }
	];
}

/** The events of a path, without the `xstate.init` step the graph puts first. */
function eventsOf(path: Path): QuizEvent[] {
	return path.steps.map((s) => s.event).filter((e) => (e.type as string) !== 'xstate.init');
}

/** Replays a path's events on a real actor and returns the final snapshot. */
function replay(path: Path, extra: QuizEvent[] = []): Snap {
	const actor = createActor(quizMachine).start();
	for (const event of [...eventsOf(path), ...extra]) actor.send(event);
	const snapshot = actor.getSnapshot();
	actor.stop();
	return snapshot;
}

/** What must hold of the context in each mode. */
function expectConsistent(snapshot: Snap): void {
	const c = snapshot.context;
	switch (snapshot.value) {
		case 'setup':
			expect(c).toMatchObject({ config: null, scenarios: [], results: [], index: 0 });
			break;
		case 'asking': {
			expect(c.results).toHaveLength(c.index);
			const scenario = currentScenario(c)!;
			expect(c.hints).toEqual(settlementOf(scenario).steps.slice(0, c.hints.length));
			expect(c.moreHints).toBe(c.hints.length < settlementOf(scenario).steps.length);
			const keys = answerFields(scenario.outcome).map((f) => f.key as string);
			for (const key of Object.keys(c.errors)) expect(keys).toContain(key);
			break;
		}
		case 'feedback': {
			expect(c.results).toHaveLength(c.index + 1);
			expect(c.errors).toEqual({});
			const result = c.results.at(-1)!;
			expect(result.scenario).toBe(currentScenario(c));
			const { graded, answer } = result;
			expect(graded.correct).toBe(!graded.revealed && graded.wrong.length === 0);
			expect(answer === null).toBe(graded.revealed);
			for (const f of answerFields(result.scenario.outcome)) {
				const given = answer && amountOf(answer, f.key);
				if (given === undefined || given === null) continue;
				expect(graded.wrong.includes(f.key)).toBe(given !== amountOf(graded.expected, f.key));
			}
			break;
		}
		case 'summary': {
			expect(c.results).toHaveLength(c.scenarios.length);
			const summary = summarize(c);
			expect(summary.score).toBe(c.results.filter((r) => r.graded.correct).length);
			expect(summary.mistakes).toHaveLength(summary.total - summary.score);
			break;
		}
		default:
			throw new Error(`unknown state ${JSON.stringify(snapshot.value)}`);
	}
}

describe('shortest paths (every distinct context)', () => {
	const paths = getShortestPaths(quizMachine, { events });

	it('reach every state of the machine', () => {
		const reached = new Set(paths.map((p) => p.state.value));
		expect([...reached].sort()).toEqual(Object.keys(quizMachine.root.states).sort());
		expect(paths.length).toBeGreaterThan(20);
	});

	it('end, when replayed on an actor, exactly where the graph says, in a consistent context', () => {
		for (const path of paths) {
			const end = replay(path);
			expect(end.value).toEqual(path.state.value);
			expect(end.context).toEqual(path.state.context);
			expectConsistent(end);
		}
	});

	it('take every event type from some reachable snapshot', () => {
		const taken = new Set<string>();
		for (const path of paths) {
			const before = path.state;
			for (const event of events(before)) {
				const [after] = transition(quizMachine, before, event);
				const moved =
					after.value !== before.value ||
					JSON.stringify(after.context) !== JSON.stringify(before.context);
				if (moved) {
					taken.add(event.type);
					expectConsistent(after);
				}
			}
		}
		expect([...taken].sort()).toEqual([...EVENT_TYPES].sort());
	});

	it('include a perfect round and a round with a miss in summary', () => {
		const scores = paths
			.filter((p) => p.state.value === 'summary')
			.map((p) => summarize(p.state.context).score);
		expect(scores).toContain(2);
		expect(scores).toContain(0);
	});
});

describe('simple paths from the summary (one vertex per mode, question and score)', () => {
	const toSummary = getShortestPaths(quizMachine, {
		events,
		toState: (s) => s.value === 'summary'
	})[0]!;
	/** The mode, the question, the last grade, and whether the question was touched. */
	const coarse = (s: Snap) => {
		const c = s.context;
		const last = c.results.at(-1);
		return JSON.stringify({
			value: s.value,
			index: c.index,
			last: last
				? last.graded.correct
					? 'right'
					: last.graded.revealed
						? 'shown'
						: 'wrong'
				: null,
			touched:
				c.hints.length > 0 || Object.keys(c.entries).length + Object.keys(c.errors).length > 0
		});
	};
	const paths = getSimplePaths(quizMachine, {
		events,
		serializeState: coarse,
		fromState: toSummary.state
	});

	it('reach every state of the machine', () => {
		const reached = new Set(paths.map((p) => p.state.value));
		expect([...reached].sort()).toEqual(Object.keys(quizMachine.root.states).sort());
	});

	it('end, when replayed, in the same coarse state, in a consistent context', () => {
		for (const path of paths) {
			const end = replay(
				toSummary,
				path.steps.map((s) => s.event)
			);
			expect(coarse(end)).toBe(coarse(path.state));
			expectConsistent(end);
		}
	});

	it('take every event type, round.restart and round.new included', () => {
		const types = new Set(paths.flatMap((p) => eventsOf(p).map((e) => e.type)));
		expect([...types].sort()).toEqual([...EVENT_TYPES].sort());
	});
});
