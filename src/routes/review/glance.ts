/**
 * A mistake at a glance, in words for its closed card on /review: what it shows (the named
 * misconceptions, no known wrong rule for a slip or an unknown error, or the answer shown), the
 * first wrong amount beside the right one, and the skills it counts against.
 */
import {
	amountOf,
	amountWords,
	answerFields,
	misconceptionTitle,
	SKILL_LABELS,
	type Answer,
	type Graded,
	type Outcome
} from '$lib/payments';

/**
 * What a mistake shows, as a title: its misconceptions' titles ("Self-pick not doubled"; several
 * as "A, B or C": any of them gives these amounts), "No known wrong rule" for a wrong answer that
 * fits none, or "Answer shown" when the learner asked to see it.
 */
export function mistakeTitle(graded: Graded): string {
	if (graded.revealed) return 'Answer shown';
	if (graded.misconceptions.length === 0) return 'No known wrong rule';
	const titles = graded.misconceptions.map((id) => misconceptionTitle(id));
	return titles.length < 2
		? titles.join('')
		: `${titles.slice(0, -1).join(', ')} or ${titles.at(-1)}`;
}

/**
 * The first wrong amount of an answer (in `answerFields` order: the payers, then the total) beside
 * the right one, in the learner's unit (`text`: "South pays: you said 25, right 50", "West pays:
 * left empty, right 100"), and how many `more` amounts are wrong. Null for a revealed or right
 * answer.
 */
export function keyAmount(
	graded: Graded,
	outcome: Outcome,
	answer: Answer
): { text: string; more: number } | null {
	if (graded.revealed) return null;
	const wrong = answerFields(outcome).filter((f) => graded.wrong.includes(f.key));
	const first = wrong[0];
	if (!first) return null;
	const show = amountWords(graded.unit);
	const given = amountOf(answer, first.key);
	const said = given === undefined ? 'left empty' : `you said ${show(given)}`;
	const right = show(amountOf(graded.expected, first.key) ?? 0);
	return { text: `${first.label}: ${said}, right ${right}`, more: wrong.length - 1 };
}

/** The skills a mistake counts against, by name ("Singles and Pairs, East winning or paying"). */
export function countsAgainst(graded: Graded): string {
	return graded.skills.map((s) => SKILL_LABELS[s]).join(', ');
}
