/**
 * The practice round kept in this tab's sessionStorage, so that a reload, a pull-to-refresh or a
 * tab the phone put to sleep carries on at the same question with the same answers. One round per
 * tab (the latest); it is tied to the app's version and the round's search (`roundSearch`), and is
 * only taken back when it fits the questions the seed generates. Storage that is missing, full or
 * refused is ignored: the round then just starts afresh.
 */
import type { QuestionResult, QuizView } from '$lib/quiz/round';
import type { AttemptMeta } from './record.svelte';
import type { Scenario } from '$lib/scenarios/types';

/** The sessionStorage key of the saved round. */
export const SAVED_ROUND_KEY = 'mahjong-coach:practice-round';

/** A result as stored: its question by id only (the seed generates the questions again). */
type StoredResult = Omit<QuestionResult, 'scenario'> & { scenarioId: string };

/**
 * What is stored: the view without its scenarios, its results naming their question by id (so a
 * long round is not written with every question twice), and for each result the attempt it is
 * kept as in the learner's progress.
 */
interface Stored {
	version: string;
	search: string;
	mode: QuizView['mode'];
	context: Omit<QuizView['context'], 'scenarios' | 'results'> & { results: StoredResult[] };
	attempts: AttemptMeta[];
}

/**
 * A round read back: its view, and for each of its results the attempt it is kept as (`null`
 * where that was not saved readably).
 */
export interface SavedRound {
	view: QuizView;
	attempts: (AttemptMeta | null)[];
}

/**
 * Keeps `view` (a round in progress of the app `version`, opened with `search`) in `storage`,
 * with `attemptOf(result)` for each result: the attempt it is kept as in the learner's progress,
 * so that recording it again after a reload replaces that attempt. A view still in `setup` is not
 * kept. Never throws.
 */
export function saveRound(
	storage: Storage | undefined,
	version: string,
	search: string,
	view: QuizView,
	attemptOf: (result: QuestionResult) => AttemptMeta
): void {
	if (!storage || view.mode === 'setup') return;
	try {
		const { results } = view.context;
		const context: Partial<Stored['context'] & Pick<QuizView['context'], 'scenarios'>> = {
			...view.context,
			results: results.map(({ scenario, ...result }) => ({ ...result, scenarioId: scenario.id }))
		};
		delete context.scenarios;
		const attempts = results.map(attemptOf);
		const stored = { version, search, mode: view.mode, context, attempts } as Stored;
		storage.setItem(SAVED_ROUND_KEY, JSON.stringify(stored));
	} catch {
		// Full, refused or not a round: the round goes on, it just will not survive a reload.
	}
}

/**
 * The round kept for this round (same app `version` and `search`): its view with `scenarios` put
 * back, and the attempt of each result. Null when there is none or it does not fit them:
 * its mode and question number must agree with its answers, and each answer must be to the
 * question at its place. Never throws.
 */
export function readSavedRound(
	storage: Storage | undefined,
	version: string,
	search: string,
	scenarios: Scenario[]
): SavedRound | null {
	try {
		const text = storage?.getItem(SAVED_ROUND_KEY);
		if (!text) return null;
		const stored = JSON.parse(text) as Partial<Stored>;
		if (stored.version !== version || stored.search !== search || !stored.context) return null;
		const { mode, context } = stored;
		const { index, results } = context;
		if (!Number.isInteger(index) || index < 0 || index >= scenarios.length) return null;
		if (!Array.isArray(results)) return null;
		if (results.some((r, i) => r?.scenarioId !== scenarios[i]?.id)) return null;
		const answered = mode === 'asking' ? index : mode === 'feedback' ? index + 1 : scenarios.length;
		if (mode !== 'asking' && mode !== 'feedback' && mode !== 'summary') return null;
		if (results.length !== answered || (mode === 'summary' && index !== scenarios.length - 1)) {
			return null;
		}
		const attempts = results.map((_, i) => {
			const meta = stored.attempts?.[i];
			return typeof meta?.id === 'string' && typeof meta.at === 'string' ? meta : null;
		});
		const answers = results.map((stored, i) => {
			const result: Partial<StoredResult> = { ...stored };
			delete result.scenarioId;
			return { ...(result as Omit<StoredResult, 'scenarioId'>), scenario: scenarios[i]! };
		});
		return { view: { mode, context: { ...context, scenarios, results: answers } }, attempts };
	} catch {
		return null;
	}
}
