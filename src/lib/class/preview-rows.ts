/**
 * The short lines of a class or homework preview (issue 20): who won how, in a few words, and the
 * skills. Apart from `classQuestions` (./preview) so a page can show a preview drawn on the server
 * without loading the question generator. Pure.
 */
import { SKILL_LABELS, type Outcome, type Seat } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';

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
