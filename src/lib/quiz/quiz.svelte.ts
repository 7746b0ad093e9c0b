/**
 * A Svelte 5 adapter for the quiz machine (./machine.ts): one actor whose latest state is reactive
 * (`$state.raw`, replaced whole on every change, never deeply proxied).
 *
 * The machine and the diagnosis it grades with are the biggest part of the practice page's code,
 * and nothing needs them until the learner acts. So the session starts a round without them: it
 * shows `startedRound` (./round.ts), the very state the machine's `round.start` reaches, and
 * loads the machine on the first sign of intent (`preload`) or the first event. Events sent
 * before it arrives wait in order and are replayed on the actor, so nothing typed is lost (typing
 * also shows in `view` at once, through the same `withEntry` the machine uses).
 *
 * A round can also be resumed where it was (a reload, a tab the phone put to sleep): `start` with
 * a saved view shows it at once, and the machine, when it arrives, starts from that same state.
 */
import type * as MachineModule from './machine';
import {
	startedRound,
	initialQuizContext,
	isAnswerKey,
	withEntry,
	type QuizConfig,
	type QuizEvent,
	type QuizMode,
	type QuizView
} from './round';
import type { Scenario } from '$lib/scenarios/types';
import { missingOf, onDemand } from '$lib/offline/on-demand';
import { LazyActor } from '$lib/machines/lazy-actor';
import { reloadInPlace, takeReloadIntent } from '$lib/offline/reload';

type Machine = typeof MachineModule;
type QuizSnapshot = ReturnType<ReturnType<Machine['createQuizActor']>['getSnapshot']>;

/** What `QuizSession` shows when the machine's code could not be fetched (offline, say). */
export const LOAD_ERROR =
	'Your answer cannot be checked yet: this device seems to be offline. What you typed is kept here. Press Check again when you are back online.';
/** What it shows when the network answers but the machine still did not load, nor a reload help. */
export const STUCK_ERROR =
	'Your answer cannot be checked yet. What you typed is kept here: reload the page, then press Check.';

/** The events a reload in place carries over: what the learner asked for, typed amounts aside. */
type AskedEvent = Extract<QuizEvent, { type: 'answer.submit' | 'hint.show' | 'answer.reveal' }>;
const isAsked = (event: QuizEvent): event is AskedEvent =>
	event.type === 'answer.submit' || event.type === 'hint.show' || event.type === 'answer.reveal';

/**
 * The asked events kept by a reload (see `Reloads`), read strictly: anything else is dropped, as
 * is a submit whose entries are not all text.
 */
export function readAskedEvents(intent: unknown): AskedEvent[] {
	return (Array.isArray(intent) ? intent : []).filter(
		(event): event is AskedEvent =>
			isAsked(event ?? {}) &&
			(event.type !== 'answer.submit' ||
				Object.values(event.entries ?? 0).every((text) => typeof text === 'string'))
	);
}

/**
 * How a session reloads the page when the machine cannot be loaded otherwise (./offline/reload.ts):
 * `reload(events)` keeps the asked events and reloads (false when it would not); `taken()` gives
 * back those of the reload that brought this page, once.
 */
export interface Reloads {
	reload(events: AskedEvent[]): boolean;
	taken(): unknown;
}
const browserReloads: Reloads = { reload: reloadInPlace, taken: takeReloadIntent };

/**
 * A running quiz. `view`, `loadError`, `waiting` and `round` are reactive: read them in a
 * component or `$derived` and the page follows the machine. `start` begins (or resumes) a round;
 * `send` forwards an event and resolves once the machine has taken it (rejects never; a failed load sets `loadError` and keeps the event for the next try);
 * `preload` fetches the machine ahead of the first event; `stop()` unsubscribes and stops the
 * actor (call it when the page is destroyed). Anything after `stop()` is ignored.
 * `load` is how the machine module is fetched (a dynamic import; tests pass their own).
 *
 * When the machine cannot be loaded though the network answers (a browser that keeps a failed
 * import, see $lib/offline/on-demand), a Check, hint or reveal waiting for it reloads the page in
 * place (`reloads`): the round and what was typed come back from the tab's storage, and `start`
 * with the resumed view sends what was asked again. Only once a minute; after that the page says
 * to reload (`STUCK_ERROR`).
 */
export class QuizSession {
	view: QuizView = $state.raw({ mode: 'setup', context: initialQuizContext });
	/** Why the machine is not running when it should be (`LOAD_ERROR`), else null. */
	loadError: string | null = $state(null);
	/** True while a Check, hint or reveal waits for the machine to arrive (typing never waits). */
	waiting: boolean = $state(false);
	/**
	 * How many rounds `start` has begun: a view keyed on it starts each round with empty fields,
	 * even when the text typed in the last one never reached the machine.
	 */
	round: number = $state(0);
	readonly #machine: LazyActor<Machine, QuizEvent, QuizSnapshot>;
	/** The round started before the machine arrived, replayed first, or the view it resumes. */
	#round: { config: QuizConfig; scenarios: Scenario[] } | undefined;
	#resume: QuizView | undefined;
	#rounds = 0;

	readonly #reloads: Reloads;

	constructor(
		load: () => Promise<Machine> = onDemand(() => import('./machine')),
		reloads: Reloads = browserReloads
	) {
		this.#reloads = reloads;
		this.#machine = new LazyActor<Machine, QuizEvent, QuizSnapshot>({
			load,
			create: ({ createQuizActor }) => createQuizActor(this.#resume),
			// The machine is flat: its state value is one of the modes' names.
			onsnapshot: (next) => (this.view = { mode: next.value as QuizMode, context: next.context }),
			onstart: (actor) => {
				this.loadError = null;
				if (!this.#resume && this.#round) actor.send({ type: 'round.start', ...this.#round });
			},
			onfail: (error, waiting) => this.#failed(error, waiting)
		});
	}

	/**
	 * Starts a new round of `scenarios` (`round.new` then `round.start`). Before the machine has
	 * loaded this shows `startedRound(config, scenarios, ...)` at once and drops events still waiting
	 * for the previous round. With `resume` (a view this round was in before, e.g. kept across a
	 * reload), the round carries on from there instead: the view is shown as it is and the machine
	 * starts from it (its results are the very objects of `resume`).
	 */
	start(config: QuizConfig, scenarios: Scenario[], resume?: QuizView): void {
		if (this.#machine.stopped) return;
		// Written, never read here: a page calls `start` from an effect, which must not depend on it.
		this.round = ++this.#rounds;
		if (this.#machine.running) {
			if (resume) {
				this.#resume = resume;
				this.#machine.restart();
				return;
			}
			this.#machine.send({ type: 'round.new' });
			this.#machine.send({ type: 'round.start', config, scenarios });
			return;
		}
		this.#round = { config, scenarios };
		this.#resume = resume;
		this.#machine.drop();
		this.waiting = false;
		this.loadError = null;
		// Trusting the outcomes here keeps the validation out of the first load; the machine, once
		// loaded, checks them and falls back to `setup` with the problem if one is impossible.
		this.view = resume ?? startedRound(config, scenarios, () => true);
		// A page reloaded for the machine (see `preload`) carries on with what was asked.
		// (After this call: a page calls `start` from an effect, which must not depend on `send`.)
		if (resume) {
			const asked = readAskedEvents(this.#reloads.taken());
			if (asked.length > 0) queueMicrotask(() => asked.forEach((event) => void this.send(event)));
		}
	}

	/** Sends one event to the quiz (see `QuizEvent`); resolves when the machine has taken it. */
	send = async (event: QuizEvent): Promise<void> => {
		if (this.#machine.stopped || this.#machine.send(event)) return;
		if (event.type !== 'entry.change') this.waiting = true;
		else if (this.view.mode === 'asking' && isAnswerKey(this.view.context, event.key)) {
			// What is typed shows (and is saved with the round) at once; the machine, when it
			// arrives, takes the same event and comes to the same entries.
			const context = this.view.context;
			this.view = {
				mode: 'asking',
				context: { ...context, ...withEntry(context, event.key, event.text) }
			};
		}
		await this.preload();
	};

	/** Fetches the machine and starts it, once; resolves to whether it is running. */
	preload(): Promise<boolean> {
		return this.#machine.preload().then((running) => {
			if (running) this.waiting = false;
			return running;
		});
	}

	/** The machine did not load: reload in place for what was asked, or say why. */
	#failed(error: unknown, waiting: readonly QuizEvent[]): void {
		const asked = waiting.filter(isAsked);
		if (missingOf(error) === 'reload') {
			// Reloading keeps the waiting events' effect: typed amounts are in the saved view.
			if (asked.length > 0 && this.#reloads.reload(asked)) return;
			this.loadError = asked.length > 0 ? STUCK_ERROR : LOAD_ERROR;
		} else this.loadError = LOAD_ERROR;
		this.waiting = false;
	}

	/** Stops listening and stops the actor. */
	stop(): void {
		this.#machine.stop();
	}
}
