/**
 * Keeps every question the learner answers (or reveals) in the device's progress store, as the
 * quiz records it. A storage failure is reported in `error` and the round goes on.
 *
 * Each result gets its attempt id and time when first seen, and keeps them: recording a result
 * again (after a reload, the resumed round's results are recorded once more in case the first
 * write did not finish) replaces the same attempt instead of adding one.
 *
 * The storage code loads with the first answer. When it cannot be fetched (offline, or a browser
 * that keeps a failed import), the answers wait in this tab and are kept with the next answer, or
 * after a reload (the resumed round records them again).
 */
import { newId } from '$lib/progress/id';
import { onDemand } from '$lib/offline/on-demand';
import type { QuestionResult, QuizConfig } from '$lib/quiz/round';

/** What `error` says while answers wait for the storage code. */
export const NOT_SAVED_YET =
	'Your latest answers are not saved yet (offline?). They are kept in this tab and saved with your next answer or a reload.';

/** The attempt a result is kept as: its id and when it was answered (ISO 8601). */
export interface AttemptMeta {
	id: string;
	at: string;
}

/** What `useProgressRecorder` gives the page. */
export interface ProgressRecorder {
	/** A message when the device refused to save, else null. */
	readonly error: string | null;
	/** The attempt id and time of `result`, given when first asked for and kept after. */
	metaOf(result: QuestionResult): AttemptMeta;
	/** Gives `result` the attempt id and time it had before (a round resumed after a reload). */
	adopt(result: QuestionResult, meta: AttemptMeta): void;
	/** Starts loading the storage code before the first answer (a failure waits for `keep`). */
	preload(): void;
}

/** Watches the quiz's results and keeps each new one (see the module's comment). */
export function useProgressRecorder(
	results: () => readonly QuestionResult[],
	config: () => QuizConfig
): ProgressRecorder {
	let error: string | null = $state(null);
	let seen: readonly QuestionResult[] = [];
	const metas = new WeakMap<QuestionResult, AttemptMeta>();
	const loadProgress = onDemand(() => import('$lib/progress/progress'));
	/** Answers not kept yet, with the round's unit and seed. */
	const waiting: {
		result: QuestionResult;
		meta: AttemptMeta;
		unit: QuizConfig['unit'];
		seed: string;
	}[] = [];

	function metaOf(result: QuestionResult): AttemptMeta {
		let meta = metas.get(result);
		if (!meta) {
			// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a timestamp, not state
			meta = { id: newId(), at: new Date().toISOString() };
			metas.set(result, meta);
		}
		return meta;
	}

	$effect(() => {
		const list = results();
		const { unit, seed } = config();
		// A restarted round starts a new list: everything in it is new.
		const fresh = list.filter((r) => !seen.includes(r));
		seen = list;
		if (fresh.length === 0) return;
		waiting.push(...fresh.map((result) => ({ result, meta: metaOf(result), unit, seed })));
		keep();
	});

	/** Keeps the waiting answers (the storage code loads with the first answer, not the page). */
	function keep() {
		const items = waiting.splice(0);
		if (items.length === 0) return;
		loadProgress().then(
			({ recordAttempt }) => {
				if (error === NOT_SAVED_YET) error = null;
				for (const { result, meta, unit, seed } of items) {
					recordAttempt({
						id: meta.id,
						// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a timestamp, not state
						at: new Date(meta.at),
						scenario: result.scenario,
						answer: result.answer,
						graded: result.graded,
						hintsUsed: result.hintsUsed,
						unit,
						roundId: seed
					}).catch(() => {
						error =
							'Your answers could not be saved on this device, so they will not appear in Review.';
					});
				}
			},
			() => {
				waiting.unshift(...items);
				error = NOT_SAVED_YET;
			}
		);
	}

	return {
		get error() {
			return error;
		},
		metaOf,
		adopt: (result, meta) => void metas.set(result, meta),
		preload: () =>
			void loadProgress()
				.then(({ preloadRecording }) => preloadRecording())
				.catch(() => undefined)
	};
}
