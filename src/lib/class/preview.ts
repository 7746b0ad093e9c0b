/**
 * A class's questions and the short lines of /class/new's preview (issue 20, item 10). The server
 * makes a session's questions with `classQuestions` and the preview shows the same function's
 * result, so the session asks exactly what the teacher saw (with the questions she swapped out).
 * The preview's lines are in `./preview-rows` (without the generator, for a page's first load).
 * Pure.
 */
import { roundWithSwaps, type Swaps } from '$lib/scenarios/swaps';
import type { Scenario } from '$lib/scenarios/types';

/** What a class's questions depend on: its seed, how many, the skills, the swapped questions. */
export interface ClassRound {
	seed: string;
	questionCount: number;
	skills: readonly Scenario['skills'][number][];
	swaps?: Swaps;
}

/**
 * The questions of a class: `roundWithSwaps` of its seed, count, skills and swaps. Throws a
 * RangeError when `questionCount` is not a whole number >= 0.
 */
export function classQuestions(round: ClassRound): Scenario[] {
	return roundWithSwaps({
		seed: round.seed,
		count: round.questionCount,
		skills: round.skills,
		swaps: round.swaps ?? {}
	});
}

export { outcomeLine, previewRows, type PreviewRow } from './preview-rows';

/** How many questions /class/new's and /homework/new's forms start with. */
export const FIRST_COUNT = 5;

/**
 * The first preview of a setup form, drawn on the server (issue 20): `seed` at `FIRST_COUNT`
 * questions with no skills picked and no swaps, so the page shows questions before the teacher
 * types anything without loading the generator (`SetupPreview` brings it once she changes one).
 */
export function firstPreview(seed: string) {
	return {
		seed,
		questionCount: FIRST_COUNT,
		questions: classQuestions({ seed, questionCount: FIRST_COUNT, skills: [] })
	};
}
