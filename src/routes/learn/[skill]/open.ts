/**
 * What a lesson page opens with, drawn where it costs the learner least (as /practice's round,
 * ../../practice/draw.ts): the lesson's own words (not every lesson's), the first question of
 * each step (the seeded generator's), the worked example of the first one, and the glossary terms
 * of its introduction and questions. Online, the server draws it (`GET /api/lesson/<skill>`), so
 * the page's first load carries neither the generator, the engine nor the glossary; offline,
 * ./draw.ts loads here with them (from the service worker's cache) and draws the very same lesson.
 */
import type { Piece } from '$lib/glossary/terms';
import { knowQuestions, knowWorked } from '$lib/lessons/known';
import type { Lesson } from '$lib/lessons/lessons';
import type { LessonSkill } from '$lib/lessons/order';
import { preparePieces } from '$lib/glossary/prepared';
import type { WorkedExample } from '$lib/progress/worked';
import type { RuleId } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';

/** A piece of the introduction: a rule (a link), or words with their glossary terms marked. */
export type IntroPiece = { rule: RuleId } | { text: string; pieces: Piece[] };

/**
 * A lesson as its page opens: the `lesson`, its `intro` in pieces (the first use of each term
 * marked), the first `questions` of its steps (step by step), the `worked` example of the first,
 * and `glossary`, each question's narrative in pieces (keyed by the narrative).
 */
export interface OpenedLesson {
	lesson: Lesson;
	intro: IntroPiece[];
	questions: Scenario[];
	worked: WorkedExample;
	glossary: Record<string, Piece[]>;
}

/** How long the server may take before the lesson is drawn here instead (ms). */
export const OPEN_TIMEOUT_MS = 3000;

const isOpened = (body: unknown, skill: LessonSkill): body is OpenedLesson => {
	const b = body as Partial<OpenedLesson> | null;
	return (
		typeof b === 'object' &&
		b !== null &&
		b.lesson?.skill === skill &&
		Array.isArray(b.intro) &&
		Array.isArray(b.questions) &&
		typeof b.worked === 'object' &&
		b.worked !== null &&
		typeof b.glossary === 'object' &&
		b.glossary !== null
	);
};

/**
 * The lesson of `skill` from the server, or drawn here when the server cannot give it within
 * `OPEN_TIMEOUT_MS` (offline, a bad connection, an error). Rejects only when neither works.
 */
export async function openLesson(
	skill: LessonSkill,
	fetcher: typeof fetch = fetch
): Promise<OpenedLesson> {
	try {
		const response = await fetcher(`/api/lesson/${skill}`, {
			signal: AbortSignal.timeout(OPEN_TIMEOUT_MS)
		});
		const body: unknown = response.ok ? await response.json() : null;
		if (isOpened(body, skill)) return body;
	} catch {
		// Offline or too slow: drawn here below.
	}
	// Drawn here: the generator, the engine and the glossary load for it (offline, from the cache).
	return (await import('./draw')).openHere(skill);
}

/**
 * Makes the page's views use what the lesson opened with: its questions (./known.ts), the worked
 * example, and the narratives' glossary terms.
 */
export function keepOpened(opened: OpenedLesson): void {
	knowQuestions(opened.lesson.skill, opened.questions);
	knowWorked(opened.worked);
	for (const [text, pieces] of Object.entries(opened.glossary)) preparePieces(text, pieces);
}
