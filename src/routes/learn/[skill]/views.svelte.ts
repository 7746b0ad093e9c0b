/**
 * How the lesson page loads (the same plan as /practice): its first step, the worked example,
 * needs only the lesson's question, its settlement and the table picture. The machine (XState)
 * with the grading, and the views of the later steps (a question to answer, the feedback with its
 * breakdown, the end), load together on the learner's first sign of intent (`session.preload`) or
 * first event, and at once when the lesson kept on the device resumes at one of those steps.
 */
import { onMount } from 'svelte';
import { LessonSession } from '$lib/lessons/lesson.svelte';
import { onDemand } from '$lib/offline/on-demand';
import type { LessonMode, LessonView } from '$lib/lessons/flow';
import type { LessonSkill } from '$lib/lessons/order';
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

/**
 * The lesson of `skill` for its page: a `LessonSession` whose machine loads with the later
 * steps' views, read from the device once the page is in the browser and stopped when it goes.
 * Call it while a component initializes.
 */
export function useLesson(skill: LessonSkill): { session: LessonSession; views: LessonViews } {
	const views = new LessonViews();
	const session = new LessonSession(skill, {
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
