/**
 * A Svelte 5 adapter for a lesson's machine (./machine.ts): one actor whose latest state is
 * reactive (`$state.raw`, replaced whole on every change). It resumes where the learner was (the
 * lesson kept on the device, ./store.ts), keeps the lesson after every change, so a reload or a
 * phone putting the tab to sleep carries on at the same step with what was typed, and records
 * each checked answer in the learner's progress (a worked example is not an attempt).
 *
 * The machine (XState) and the grading it checks answers with are the biggest part of the lesson
 * page's code, and the first step (the worked example) needs neither. So `load` shows the lesson
 * without them: its start, or the view kept on the device, as it is. The machine loads on the
 * first sign of intent (`preload`) or the first event; events sent before it arrives wait in order
 * and are replayed on the actor (typing shows in `view` at once, through the same `withEntry` the
 * machine uses). A failed load sets `loadError` and keeps the events for the next try. When the
 * network answers but the machine still cannot be loaded (a browser that keeps a failed import,
 * see $lib/offline/on-demand), what the learner asked for reloads the page in place, once the
 * lesson is kept: the reloaded page resumes the lesson and carries out what was asked.
 */
import type * as MachineModule from './machine';
import {
	LOAD_ERROR,
	STUCK_ERROR,
	initialLessonContext,
	withEntry,
	type LessonEvent,
	type LessonMode,
	type LessonResult,
	type LessonView
} from './flow';
import { isAskedKey } from './asked';
import type { LessonSkill } from './order';
import { lessonStore, savedLesson, type LessonStore } from './store';
import { missingOf, onDemand } from '$lib/offline/on-demand';
import { LazyActor } from '$lib/machines/lazy-actor';
import { reloadInPlace, takeReloadIntent } from '$lib/offline/reload';

/** The lesson machine's module, loaded on demand. */
export type LessonMachineModule = typeof MachineModule;
type LessonSnapshot = ReturnType<
	ReturnType<LessonMachineModule['createLessonActor']>['getSnapshot']
>;

/** Keeps a checked answer as an attempt in the learner's progress (`recordAttempt`). */
export async function recordLessonAnswer(result: LessonResult, skill: LessonSkill): Promise<void> {
	// Storage code loads with the first answer, not with the page.
	const { recordAttempt } = await import('$lib/progress/progress');
	await recordAttempt({
		scenario: result.scenario,
		answer: result.answer,
		graded: result.graded,
		given: result.given,
		unit: 'points',
		roundId: `lesson:${skill}`,
		hintsUsed: 0
	});
}

/**
 * How a session keeps things: where lessons are kept, how answers are recorded, the clock, and
 * how the machine's module is fetched (`machine`: a dynamic import; a page may load its views
 * along with it, tests pass their own).
 */
export interface LessonSessionOptions {
	store?: LessonStore;
	record?: (result: LessonResult, skill: LessonSkill) => Promise<void>;
	now?: () => Date;
	machine?: () => Promise<LessonMachineModule>;
	/** Reloads the page keeping the asked events (false when it would not), and gives them back. */
	reloads?: { reload(events: LessonEvent[]): boolean; taken(): unknown };
}

/** The events a reload in place carries over (anything but typing), read strictly. */
export function readLessonIntent(intent: unknown): LessonEvent[] {
	if (!Array.isArray(intent)) return [];
	const plain = ['lesson.next', 'answer.retry', 'lesson.restart'];
	return intent.filter((event): event is LessonEvent => {
		if (typeof event !== 'object' || event === null) return false;
		const { type, entries } = event as { type?: unknown; entries?: unknown };
		if (type !== 'answer.submit') return plain.includes(type as string);
		return (
			typeof entries === 'object' &&
			entries !== null &&
			Object.values(entries).every((text) => typeof text === 'string')
		);
	});
}

/** What the page says when the device refused to keep the lesson or an answer. */
export const SAVE_ERROR =
	'This device did not save your place in the lesson: after a reload it starts again.';
export const RECORD_ERROR =
	'This device did not save your answer, so it will not count in Progress or appear in Review.';
export { LOAD_ERROR, STUCK_ERROR } from './flow';

/**
 * A running lesson. `view` (null until `load` has read the device), `saveError`, `recordError`
 * and `loadError` are reactive. `load()` shows the lesson kept for `skill` (or its start);
 * `preload()` fetches the machine ahead of the first event; `send` forwards an event and resolves
 * once the machine has taken it (it never rejects: a failed load sets `loadError` and keeps the
 * event for the next try); `stop()` stops the actor (call it when the page goes away). Anything
 * after `stop()` is ignored.
 */
export class LessonSession {
	view: LessonView | null = $state.raw(null);
	saveError: string | null = $state(null);
	recordError: string | null = $state(null);
	/** Why the machine is not running when it should be (`LOAD_ERROR`), else null. */
	loadError: string | null = $state(null);
	readonly skill: LessonSkill;
	/** Chosen in the browser, at `load` (a page is also rendered on the server). */
	#store: LessonStore | undefined;
	readonly #record: NonNullable<LessonSessionOptions['record']>;
	readonly #now: () => Date;
	readonly #reloads: NonNullable<LessonSessionOptions['reloads']>;
	/** The last write of the lesson to the device (a reload waits for it). */
	#saving: Promise<unknown> = Promise.resolve();
	readonly #machine: LazyActor<LessonMachineModule, LessonEvent, LessonSnapshot>;
	/** The actor's last snapshot (its first, at start, shows nothing new). */
	#last: LessonSnapshot | undefined;
	/** Where the machine starts: the view `load` showed (before anything typed since). */
	#from: LessonView | undefined;

	constructor(skill: LessonSkill, options: LessonSessionOptions = {}) {
		this.skill = skill;
		this.#store = options.store;
		this.#record = options.record ?? recordLessonAnswer;
		// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a timestamp, not state
		this.#now = options.now ?? (() => new Date());
		this.#reloads = options.reloads ?? { reload: reloadInPlace, taken: takeReloadIntent };
		this.#machine = new LazyActor<LessonMachineModule, LessonEvent, LessonSnapshot>({
			load: options.machine ?? onDemand(() => import('./machine')),
			// Not loaded yet: the machine starts at the next `preload` (or event) after `load`.
			create: ({ createLessonActor }) => {
				if (!this.#from) return null;
				this.#last = undefined;
				return createLessonActor(this.skill, this.#from);
			},
			onsnapshot: (next) => this.#changed(next),
			onstart: (actor) => {
				this.#last = actor.getSnapshot();
				this.loadError = null;
			},
			onfail: (error, waiting) => this.#failed(error, waiting)
		});
	}

	/** Reads the lesson kept on the device and shows it (the lesson's start when none). */
	async load(): Promise<void> {
		let from: LessonView | undefined;
		const store = (this.#store ??= lessonStore());
		try {
			const kept = await store.get(this.skill);
			// Reading a kept lesson back checks it against its questions: that code (with the
			// generator) loads only when there is one.
			const saved =
				kept === undefined ? null : (await import('./saved')).readSavedLesson(kept, this.skill);
			if (saved) from = { mode: saved.mode, context: saved.context };
		} catch {
			// Unreadable storage: the lesson starts from the beginning.
		}
		if (this.#machine.stopped || this.view) return;
		this.#from = from ?? { mode: 'worked', context: initialLessonContext(this.skill) };
		this.view = this.#from;
		// A page reloaded for the machine (see `preload`) carries on with what was asked.
		for (const event of readLessonIntent(this.#reloads.taken())) void this.send(event);
	}

	/**
	 * Sends one event to the lesson (see `LessonEvent`); resolves when the machine has taken it.
	 * Ignored before `load` has finished.
	 */
	send = async (event: LessonEvent): Promise<void> => {
		if (this.#machine.stopped || !this.view || this.#machine.send(event)) return;
		const view = this.view;
		const asking = view.mode === 'partial' || view.mode === 'practising';
		if (event.type === 'entry.change' && asking && isAskedKey(view.context, event.key)) {
			// What is typed shows (and is kept) at once; the machine, when it arrives, takes the
			// same event and comes to the same entries.
			const next = {
				mode: view.mode,
				context: { ...view.context, ...withEntry(view.context, event.key, event.text) }
			};
			this.view = next;
			this.#save(next);
		}
		await this.preload();
	};

	/** Fetches the machine and starts it, once; resolves to whether it is running. */
	preload = (): Promise<boolean> => this.#fetch(false);

	/** As `preload`, asked for by the learner ("Try again"): may reload the page in place. */
	retry = (): Promise<boolean> => this.#fetch(true);

	#fetch(asked: boolean): Promise<boolean> {
		if (asked) this.#asked = true;
		return this.#machine.preload();
	}
	/** Whether the running fetch was asked for by the learner (`retry`). */
	#asked = false;

	/** The machine did not load: reload in place for what was asked, or say why. */
	async #failed(error: unknown, waiting: readonly LessonEvent[]): Promise<void> {
		const events = waiting.filter((event) => event.type !== 'entry.change');
		if (missingOf(error) !== 'reload') this.loadError = LOAD_ERROR;
		else if (!this.#asked && events.length === 0) this.loadError = LOAD_ERROR;
		else {
			await this.#saving;
			if (!this.#reloads.reload(events)) this.loadError = STUCK_ERROR;
		}
		this.#asked = false;
	}

	/** A snapshot of the running machine: shown, kept, and a newly checked answer recorded. */
	#changed(next: LessonSnapshot): void {
		const last = this.#last;
		this.#last = next;
		if (!last || (next.value === last.value && next.context === last.context)) return;
		const checked = next.context.result;
		const view = { mode: next.value as LessonMode, context: next.context };
		this.view = view;
		this.#save(view);
		if (checked !== null && checked !== last.context.result) {
			this.#record(checked, this.skill).then(
				() => (this.recordError = null),
				() => (this.recordError = RECORD_ERROR)
			);
		}
	}

	#save(view: LessonView): void {
		this.#saving = this.#store!.put(savedLesson(view, this.#now())).then(
			() => (this.saveError = null),
			() => (this.saveError = SAVE_ERROR)
		);
	}

	/** Stops listening and stops the actor. */
	stop(): void {
		this.#machine.stop();
	}
}
