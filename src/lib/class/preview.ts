/**
 * A class's questions and the short lines of /class/new's preview (issue 20, item 10). The server
 * makes a session's questions with `classQuestions` and the preview shows the same function's
 * result, so the session asks exactly what the teacher saw (with the questions she swapped out).
 * Pure.
 */
import { SKILL_LABELS, type Outcome, type Seat } from '$lib/payments';
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

const seat = (s: Seat) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Who won how, in a few words: "East won on South's discard, 25 points, jokerless",
 * "Wall game: nobody won", "West called North's misnamed discard, 30 points".
 */
export function outcomeLine(outcome: Outcome): string {
	if (outcome.kind === 'wall-game') return 'Wall game: nobody won';
	if (outcome.kind === 'misnamed-discard') {
		return `${seat(outcome.caller)} called ${seat(outcome.misnamer)}'s misnamed discard, ${outcome.value} points`;
	}
	const how =
		outcome.method === 'discard' && outcome.discarder
			? `on ${seat(outcome.discarder)}'s discard`
			: outcome.method === 'self-pick'
				? 'self-picked'
				: 'by joker exchange';
	const extras = [
		outcome.jokers === 0
			? outcome.declaredJokerless === false
				? 'jokerless, undeclared'
				: 'jokerless'
			: '',
		outcome.singlesAndPairs ? 'Singles and Pairs' : '',
		outcome.dead?.length ? `dead hand: ${outcome.dead.map(seat).join(', ')}` : ''
	].filter(Boolean);
	return [`${seat(outcome.winner)} won ${how}, ${outcome.value} points`, ...extras].join(', ');
}

/** One row of the preview: the question's number (from 1), who won how, and its skills' labels. */
export interface PreviewRow {
	number: number;
	line: string;
	skills: string;
}

/** The preview's rows of `questions` (as `classQuestions` gives them). */
export function previewRows(questions: readonly Scenario[]): PreviewRow[] {
	return questions.map((q, i) => ({
		number: i + 1,
		line: outcomeLine(q.outcome),
		skills: q.skills.map((s) => SKILL_LABELS[s]).join(', ')
	}));
}
