/**
 * The round of the practice page, started and kept in this tab (./saved-round.ts): a reload, a
 * pull-to-refresh or a tab the phone put to sleep carries on at the same question with what was
 * typed. The round starts (or resumes) whenever the page's data changes; the latest view is saved
 * when the browser is idle after the change is painted, so saving never delays the feedback, and
 * at once when the tab is hidden or the page goes away or is left. Call it while a component
 * initialises.
 */
import { onDestroy } from 'svelte';
import { version } from '$app/environment';
import type { QuizSession } from '$lib/quiz/quiz.svelte';
import type { QuizConfig } from '$lib/quiz/round';
import type { DrawnRound } from './draw';
import type { ProgressRecorder } from './record.svelte';
import { roundSearch } from './params';
import { readSavedRound, saveRound } from './saved-round';
import { afterPaint } from '$lib/components/after-paint';

/** What a round is started from: the page's settings and its drawn questions. */
export interface RoundData {
	config: QuizConfig;
	drawn: DrawnRound;
}

/** Starts `quiz` on `data()`'s round and keeps it in this tab; answers resumed go to `recorder`. */
export function keepRound(
	quiz: QuizSession,
	recorder: ProgressRecorder,
	data: () => RoundData
): void {
	// This tab keeps the round in progress, so a reload carries on where the learner was.
	const storage = (() => {
		try {
			return sessionStorage;
		} catch {
			return undefined;
		}
	})();
	$effect(() => {
		const { config, drawn } = data();
		const saved = readSavedRound(storage, version, roundSearch(config), drawn.scenarios);
		// The resumed answers are recorded again under the same attempts (in case the first write
		// had not finished): the progress gets each answer once.
		saved?.view.context.results.forEach((result, i) => {
			const attempt = saved.attempts[i];
			if (attempt) recorder.adopt(result, attempt);
		});
		quiz.start(config, drawn.scenarios, saved?.view);
	});
	let unsaved: (() => void) | null = null;
	const saveNow = () => {
		unsaved?.();
		unsaved = null;
	};
	$effect(() => {
		const view = quiz.view;
		const config = view.context.config;
		if (!config) return;
		unsaved = () => saveRound(storage, version, roundSearch(config), view, recorder.metaOf);
		// After the frame that shows the change: saving a long round takes a while, and it must not
		// delay the feedback's paint.
		return afterPaint(saveNow);
	});
	// A hidden tab paints no frames (the save above would wait) and a phone may close it without
	// a `pagehide`: the round is saved at once when the tab is hidden or left.
	const saveIfHidden = () => {
		if (document.visibilityState === 'hidden') saveNow();
	};
	$effect(() => {
		window.addEventListener('pagehide', saveNow);
		document.addEventListener('visibilitychange', saveIfHidden);
		return () => {
			window.removeEventListener('pagehide', saveNow);
			document.removeEventListener('visibilitychange', saveIfHidden);
		};
	});
	onDestroy(() => {
		saveNow();
		quiz.stop();
	});
}
