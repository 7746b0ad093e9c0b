/**
 * How the lesson page loads (the same plan as /practice): its first step, the worked example,
 * needs only the lesson's question (with the page) and its body (./LessonWorked.svelte). The
 * session that keeps the lesson on the device (`LessonSession`), the machine (XState) with the
 * grading, and the views of the later steps (a question to answer, the feedback with its
 * breakdown, the end) load on the learner's first sign of intent (`session.preload`) or first
 * event, and at once when a lesson kept on the device resumes.
 */
import { onMount } from 'svelte';
import type { LessonSession, LessonSessionOptions } from '$lib/lessons/lesson.svelte';
import { missingOf, onDemand } from '$lib/offline/on-demand';
import {
	LOAD_ERROR,
	STUCK_ERROR,
	initialLessonContext,
	type LessonEvent,
	type LessonMode,
	type LessonView
} from '$lib/lessons/flow';
import type { LessonSkill } from '$lib/lessons/order';
import { lessonStore, savedLesson } from '$lib/lessons/store';
import { reloadInPlace } from '$lib/offline/reload';
import type AskView from './LessonAsk.svelte';
import type DoneView from './LessonDone.svelte';
import type FeedbackView from './LessonFeedback.svelte';

/** The views of a lesson's later steps, there once loaded (undefined before). */
export class LessonViews {
	Ask: typeof AskView | undefined = $state.raw();
	Feedback: typeof FeedbackView | undefined = $state.raw();
	Done: typeof DoneView | undefined = $state.raw();
	#loading: Promise<void> | undefined;

	/** Fetches the views, once (again after a failure); resolves once they can be shown. */
	load = (): Promise<void> => {
		this.#loading ??= Promise.all([
			import('./LessonAsk.svelte'),
			import('./LessonFeedback.svelte'),
			import('./LessonDone.svelte')
		]).then(
			([ask, feedback, done]) => {
				this.Ask = ask.default;
				this.Feedback = feedback.default;
				this.Done = done.default;
			},
			(error: unknown) => {
				this.#loading = undefined;
				throw error;
			}
		);
		return this.#loading;
	};

	/** Whether the view of `mode` can be shown now (the worked example always can). */
	has(mode: LessonMode): boolean {
		if (mode === 'partial' || mode === 'practising') return this.Ask !== undefined;
		if (mode === 'feedback') return this.Feedback !== undefined;
		return mode === 'worked' || this.Done !== undefined;
	}

	/** `view` when it can be shown now, else null (the page says it is opening the lesson). */
	shown(view: LessonView | null): LessonView | null {
		return view && this.has(view.mode) ? view : null;
	}
}

const loadSession = onDemand(() => import('$lib/lessons/lesson.svelte'));

/**
 * A lesson for its page, as a `LessonSession` reads (`view`, the errors, `send`, `preload`,
 * `retry`, `stop`), before the session's code is here: a lesson not kept on the device shows its
 * start (the worked example) at once, and the session loads on the first `preload` or event; a
 * kept lesson loads it at once (`load`). Once here, everything is the session's.
 */
export class LessonStart {
	/** The session, once loaded and started. */
	session: LessonSession | null = $state.raw(null);
	#start: LessonView | null = $state.raw(null);
	#error: string | null = $state(null);
	#opening: Promise<LessonSession | null> | undefined;
	/** Events sent before the session is here, in order. */
	#waiting: LessonEvent[] = [];
	/** Whether the running load was asked for by the learner (`retry`). */
	#asked = false;
	#stopped = false;
	readonly skill: LessonSkill;
	readonly #options: LessonSessionOptions;

	constructor(skill: LessonSkill, options: LessonSessionOptions = {}) {
		this.skill = skill;
		this.#options = options;
	}

	get view(): LessonView | null {
		return this.session?.view ?? this.#start;
	}
	get saveError(): string | null {
		return this.session?.saveError ?? null;
	}
	get recordError(): string | null {
		return this.session?.recordError ?? null;
	}
	get loadError(): string | null {
		return this.session?.loadError ?? this.#error;
	}

	/** Reads whether the lesson is kept: shows its start if not, else opens the session. */
	async load(): Promise<void> {
		let kept: unknown;
		try {
			kept = await (this.#options.store ?? lessonStore()).get(this.skill);
		} catch {
			kept = undefined; // Unreadable storage: the lesson starts from the beginning.
		}
		if (this.#stopped) return;
		if (kept === undefined)
			this.#start = { mode: 'worked', context: initialLessonContext(this.skill) };
		else await this.#open();
	}

	/** The session, loaded and started once (again after a failure); null when it did not load. */
	#open(): Promise<LessonSession | null> {
		this.#opening ??= loadSession().then(
			async ({ LessonSession }) => {
				const session = new LessonSession(this.skill, this.#options);
				await session.load();
				if (this.#stopped) return (session.stop(), null);
				[this.session, this.#error] = [session, null];
				// What was asked while the session loaded, in order.
				await Promise.all(this.#waiting.splice(0).map((event) => session.send(event)));
				return session;
			},
			async (error: unknown) => {
				this.#opening = undefined;
				await this.#failed(error);
				return null;
			}
		);
		return this.#opening;
	}

	/**
	 * The session did not load: say why, or, when only a reload brings it (see
	 * $lib/offline/on-demand) and the learner asked for something, keep the lesson's start on the
	 * device and reload in place: the page comes back to it and carries out what was asked.
	 */
	async #failed(error: unknown): Promise<void> {
		const events = this.#waiting.filter((event) => event.type !== 'entry.change');
		if (missingOf(error) !== 'reload' || !this.#start || (!this.#asked && events.length === 0)) {
			this.#error = LOAD_ERROR;
			return;
		}
		const store = this.#options.store ?? lessonStore();
		await store.put(savedLesson(this.#start)).catch(() => undefined);
		if (!reloadInPlace(events)) this.#error = STUCK_ERROR;
	}

	/** Sends `event` to the session, loading it first (ignored before `load` has shown the lesson). */
	send = async (event: LessonEvent): Promise<void> => {
		if (this.session) return this.session.send(event);
		if (!this.#start) return;
		this.#waiting.push(event);
		await this.#open();
	};
	preload = async (): Promise<boolean> => (await this.#open())?.preload() ?? false;
	retry = async (): Promise<boolean> => {
		this.#asked = true;
		const session = await this.#open();
		this.#asked = false;
		return session ? session.retry() : false;
	};

	/** Stops the session (and one still loading, once here). */
	stop(): void {
		this.#stopped = true;
		this.session?.stop();
	}
}

/**
 * The lesson of `skill` for its page (`LessonStart`): its session's machine loads with the later
 * steps' views; read from the device once the page is in the browser and stopped when it goes.
 * Call it while a component initializes.
 */
export function useLesson(skill: LessonSkill): { session: LessonStart; views: LessonViews } {
	const views = new LessonViews();
	const session = new LessonStart(skill, {
		machine: onDemand(() =>
			Promise.all([import('$lib/lessons/machine'), views.load()]).then(([machine]) => machine)
		)
	});
	onMount(() => {
		void session.load();
		return () => session.stop();
	});
	// A lesson resumed at a later step shows it as soon as its view is here.
	$effect(() => {
		const mode = session.view?.mode;
		if (mode && !views.has(mode)) void session.preload();
	});
	return { session, views };
}
