/**
 * A class session's state and how it evolves (issue 11; issue 19 for replay): the state of a new
 * session, the state after stored events (replayed or applied one by one, as an instance does with
 * what it committed or read from the store), and what a state says of its phase and its timer.
 * Pure: the events were decided before (`./decide`), so nothing here refuses.
 */
import { createActor, initialTransition, type AnyActorScope, type SnapshotFrom } from 'xstate';
import { classMachine, type ClassEvent, type ClassMachineInput, type ClassPhase } from './machine';
import { ANSWER_GRACE_MS } from './rules';

/** A session's state: the machine's snapshot (`value` is the phase, `context` the rest). */
export type ClassState = SnapshotFrom<typeof classMachine>;

/** The state of a new session in the lobby. */
export function initialState(input: ClassMachineInput): ClassState {
	return initialTransition(classMachine, input)[0];
}

/** The state after the stored `events`, replayed in order from `initialState(input)`. */
export function replay(input: ClassMachineInput, events: Iterable<ClassEvent>): ClassState {
	let state = initialState(input);
	for (const event of events) state = evolve(state, event);
	return state;
}

/**
 * The state after one stored (already decided) event: how an instance applies the events it
 * committed or read from the store.
 */
export function evolve(state: ClassState, event: ClassEvent): ClassState {
	return classMachine.transition(state, event, inertScope());
}

let scope: AnyActorScope | null = null;

/**
 * The actor scope XState's pure `transition()` would make, made once: `transition()` builds an
 * inert actor (and its initial state) on every call, most of a decision's time. Safe for this
 * machine: it has no child actors, and its actions are all `assign`s (the scope only collects
 * actions to run, and drops them).
 */
function inertScope(): AnyActorScope {
	if (!scope) {
		const self = createActor(classMachine, {
			input: { questionCount: 0, limitMs: null, createdAt: 0 }
		});
		scope = {
			self,
			defer: () => undefined,
			id: '',
			logger: () => undefined,
			sessionId: '',
			stopChild: () => undefined,
			system: self.system,
			emit: () => undefined,
			actionExecutor: () => undefined
		} as AnyActorScope;
	}
	return scope;
}

/** The phase of a state. */
export const phaseOf = (state: ClassState): ClassPhase => state.value as ClassPhase;

/**
 * When the time limit's timer should fire (ms since the epoch): the deadline plus the grace, so
 * an answer sent in the last second still counts; null when no time limit is running.
 */
export function closesAt(state: ClassState): number | null {
	const { deadline } = state.context;
	return phaseOf(state) === 'open' && deadline !== null ? deadline + ANSWER_GRACE_MS : null;
}
