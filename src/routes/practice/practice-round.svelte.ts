/**
 * The practice page's round (`+page.svelte` shows it): the quiz session started from the page's
 * data and kept in this tab (`keepRound`), every answer kept on the device (`useProgressRecorder`),
 * and the views the first question does not need, loaded on demand (the first keystroke, or when
 * shown) so that the drill's first load stays small: the feedback, the summary, the round's note
 * and the worked example. A part that failed to load (offline) is fetched again on the next try.
 * Create it while the page's component initialises.
 */
import { tick, untrack } from 'svelte';
import { QuizSession } from '$lib/quiz/quiz.svelte';
import type { QuizEvent } from '$lib/quiz/round';
import { preloadArrows } from '$lib/components/TableView.svelte';
import { onDemand } from '$lib/offline/on-demand';
import { keepRound, type RoundData } from './keep-round.svelte';
import { useProgressRecorder, type ProgressRecorder } from './record.svelte';

export class PracticeRound {
	readonly quiz = new QuizSession();
	/** Every answered question is kept on this device (review, progress, weak spots). */
	readonly recorder: ProgressRecorder;
	readonly #loadFeedback = onDemand(() => import('./FeedbackView.svelte'));
	readonly #loadSummary = onDemand(() => import('./RoundSummary.svelte'));
	/**
	 * The note above the first question (the weak spots or skills picked, a shorter round): loaded
	 * only for a round that has one, so a default round's first load goes without it.
	 */
	readonly loadNote = onDemand(() => import('./RoundNote.svelte'));
	readonly #loadWorked = onDemand(() => import('$lib/progress/WorkedExample.svelte'));
	#workedTries = $state(0);
	/** The worked example's view (asked again by `retryWorked` after a failed load). */
	readonly workedView = $derived((void this.#workedTries, this.#loadWorked()));
	/** The feedback's view, once asked for (the first sign of intent). */
	feedbackView: Promise<typeof import('./FeedbackView.svelte')> | undefined = $state();
	/** The round summary's view, once asked for. */
	summaryView: Promise<typeof import('./RoundSummary.svelte')> | undefined = $state();

	/** `data`: the page's round (settings and drawn questions), read live. */
	constructor(data: () => RoundData) {
		this.recorder = useProgressRecorder(
			() => this.quiz.view.context.results,
			() => data().config
		);
		// The round starts from the page's data, and this tab keeps it across a reload.
		keepRound(this.quiz, this.recorder, data);
		$effect(() => {
			const { mode } = this.quiz.view;
			if (mode === 'feedback' || mode === 'summary') {
				untrack(() => this.prefetch());
			}
		});
	}

	/** Loads what the next screens need: the machine, the storage, the arrows, the views. */
	prefetch(): void {
		void this.quiz.preload();
		this.recorder.preload();
		preloadArrows();
		this.feedbackView = this.#loadFeedback();
		this.summaryView = this.#loadSummary();
	}

	/** Asks for the worked example's view again (after a failed load). */
	retryWorked(): void {
		this.#workedTries++;
	}

	/** Next question (or the same round again): the page goes back up to show it from the top. */
	async moveOn(event: QuizEvent): Promise<void> {
		await this.quiz.send(event);
		await tick();
		window.scrollTo({ top: 0 });
	}
}
