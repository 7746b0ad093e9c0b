/**
 * A Svelte 5 adapter for a lesson's machine (./machine.ts): one actor whose latest state is
 * reactive (`$state.raw`, replaced whole on every change). It resumes where the learner was (the
 * lesson kept on the device, ./store.ts), keeps the lesson after every change, so a reload or a
 * phone putting the tab to sleep carries on at the same step with what was typed, and records
 * each checked answer in the learner's progress (a worked example is not an attempt).
 */
import type { Actor, Subscription } from 'xstate';
import { createLessonActor, lessonMachine } from './machine';
import type { LessonEvent, LessonMode, LessonResult, LessonView } from './flow';
import type { LessonSkill } from './order';
import { readSavedLesson } from './saved';
import { lessonStore, savedLesson, type LessonStore } from './store';

/** Keeps a checked answer as an attempt in the learner's progress (`recordAttempt`). */
export async function recordLessonAnswer(result: LessonResult, skill: LessonSkill): Promise<void> {
	// Storage code loads with the first answer, not with the page.
	const { recordAttempt } = await import('$lib/progress/progress');
	await recordAttempt({
		scenario: result.scenario,
		answer: result.answer,
		graded: result.graded,
		unit: 'points',
		roundId: `lesson:${skill}`,
		hintsUsed: 0
	});
}

/** How a session keeps things: where lessons are kept, how answers are recorded, the clock. */
export interface LessonSessionOptions {
	store?: LessonStore;
	record?: (result: LessonResult, skill: LessonSkill) => Promise<void>;
	now?: () => Date;
}

/** What the page says when the device refused to keep the lesson or an answer. */
export const SAVE_ERROR =
	'This device did not save your place in the lesson: after a reload it starts again.';
export const RECORD_ERROR =
	'This device did not save your answer, so it will not count in Progress or appear in Review.';

/**
 * A running lesson. `view` (null until `load` has read the device), `saveError` and
 * `recordError` are reactive. `load()` resumes the lesson kept for `skill` (or starts it);
 * `send` forwards an event; `stop()` stops the actor (call it when the page goes away). Anything
 * after `stop()` is ignored.
 */
export class LessonSession {
	view: LessonView | null = $state.raw(null);
	saveError: string | null = $state(null);
	recordError: string | null = $state(null);
	readonly skill: LessonSkill;
	/** Chosen in the browser, at `load` (a page is also rendered on the server). */
	#store: LessonStore | undefined;
	readonly #record: NonNullable<LessonSessionOptions['record']>;
	readonly #now: () => Date;
	#actor: Actor<typeof lessonMachine> | undefined;
	#subscription: Subscription | undefined;
	#stopped = false;

	constructor(skill: LessonSkill, options: LessonSessionOptions = {}) {
		this.skill = skill;
		this.#store = options.store;
		this.#record = options.record ?? recordLessonAnswer;
		// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a timestamp, not state
		this.#now = options.now ?? (() => new Date());
	}

	/** Reads the lesson kept on the device and starts from there (from the start when none). */
	async load(): Promise<void> {
		let from: LessonView | undefined;
		const store = (this.#store ??= lessonStore());
		try {
			const saved = readSavedLesson(await store.get(this.skill), this.skill);
			if (saved) from = { mode: saved.mode, context: saved.context };
		} catch {
			// Unreadable storage: the lesson starts from the beginning.
		}
		if (this.#stopped || this.#actor) return;
		const actor = createLessonActor(this.skill, from);
		this.#actor = actor;
		actor.start();
		let last = actor.getSnapshot();
		this.view = { mode: last.value as LessonMode, context: last.context };
		this.#subscription = actor.subscribe((next) => {
			if (next.value === last.value && next.context === last.context) return;
			const checked = next.context.result;
			const isNew = checked !== null && checked !== last.context.result;
			last = next;
			const view = { mode: next.value as LessonMode, context: next.context };
			this.view = view;
			this.#save(view);
			if (isNew) {
				this.#record(checked, this.skill).then(
					() => (this.recordError = null),
					() => (this.recordError = RECORD_ERROR)
				);
			}
		});
	}

	/** Sends one event to the lesson (see `LessonEvent`); ignored before `load` has finished. */
	send = (event: LessonEvent): void => {
		if (!this.#stopped) this.#actor?.send(event);
	};

	#save(view: LessonView): void {
		this.#store!.put(savedLesson(view, this.#now())).then(
			() => (this.saveError = null),
			() => (this.saveError = SAVE_ERROR)
		);
	}

	/** Stops listening and stops the actor. */
	stop(): void {
		if (this.#stopped) return;
		this.#stopped = true;
		this.#subscription?.unsubscribe();
		this.#actor?.stop();
	}
}
