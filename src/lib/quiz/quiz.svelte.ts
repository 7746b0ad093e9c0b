/**
 * A Svelte 5 adapter for the quiz machine: one running actor whose latest snapshot is reactive
 * state (`$state.raw`, replaced whole on every change, never deeply proxied).
 */
import { createActor, type Actor, type SnapshotFrom, type Subscription } from 'xstate';
import { quizMachine, type QuizEvent } from './machine';

/** The quiz machine's snapshot (state value + context). */
export type QuizSnapshot = SnapshotFrom<typeof quizMachine>;

/**
 * A running quiz. `snapshot` is reactive: read it in a component or `$derived` and the view
 * follows the machine. `send` forwards an event; `stop()` unsubscribes and stops the actor (call
 * it when the page is destroyed). Sending after `stop()` is ignored.
 */
export class QuizSession {
	snapshot: QuizSnapshot;
	readonly #actor: Actor<typeof quizMachine>;
	readonly #subscription: Subscription;
	#stopped = false;

	constructor() {
		this.#actor = createActor(quizMachine);
		this.snapshot = $state.raw(this.#actor.getSnapshot());
		this.#subscription = this.#actor.subscribe((next) => {
			this.snapshot = next;
		});
		this.#actor.start();
	}

	/** Sends one event to the quiz (see `QuizEvent`). */
	send = (event: QuizEvent): void => {
		if (!this.#stopped) this.#actor.send(event);
	};

	/** Stops listening and stops the actor. */
	stop(): void {
		if (this.#stopped) return;
		this.#stopped = true;
		this.#subscription.unsubscribe();
		this.#actor.stop();
	}
}
