/**
 * Keeps every question the learner answers (or reveals) in the device's progress store, as the
 * quiz records it. A storage failure is reported in `error` and the round goes on.
 */
import type { QuestionResult, QuizConfig } from '$lib/quiz/round';

/**
 * Watches the quiz's results and keeps each new one, except those `kept` says were kept before (the
 * answers of a round resumed after a reload); returns `{ error }`, a message when the device
 * refused to save.
 */
export function useProgressRecorder(
	results: () => readonly QuestionResult[],
	config: () => QuizConfig,
	kept: (result: QuestionResult) => boolean = () => false
): { readonly error: string | null } {
	let error: string | null = $state(null);
	let seen: readonly QuestionResult[] = [];

	$effect(() => {
		const list = results();
		const { unit, seed } = config();
		// A restarted round starts a new list: everything in it is new.
		const fresh = list.filter((r) => !seen.includes(r) && !kept(r));
		seen = list;
		if (fresh.length === 0) return;
		// Storage code loads with the first answer, not with the page.
		void import('$lib/progress/progress').then(({ recordAttempt }) => {
			for (const result of fresh) save(recordAttempt, result, unit, seed);
		});
	});

	function save(
		recordAttempt: typeof import('$lib/progress/progress').recordAttempt,
		result: QuestionResult,
		unit: QuizConfig['unit'],
		seed: string
	) {
		recordAttempt({
			scenario: result.scenario,
			answer: result.answer,
			hintsUsed: result.hintsUsed,
			revealed: result.revealed,
			unit,
			roundId: seed
		}).catch(() => {
			error = 'Your answers could not be saved on this device, so they will not appear in Review.';
		});
	}

	return {
		get error() {
			return error;
		}
	};
}
