/**
 * The lessons of the Learn path (one per skill, in `LESSON_SKILLS` order): a title, a
 * one-paragraph introduction in plain words that names its rules (`[P2]` in the text becomes a
 * link to /rules#P2), and its steps: a worked example, a partly worked question, then two or
 * three practice questions. Pure data and helpers: no Svelte, no storage, no randomness.
 */
import { SKILL_LABELS, type RuleId } from '$lib/payments';
import { LESSON_SKILLS, type LessonSkill } from './order';
import { lessonShape } from './steps';

export {
	LESSON_MODES,
	stepCount,
	stepKind,
	stepName,
	trapStep,
	type LessonMode,
	type StepKind
} from './steps';

/** A piece of a lesson's introduction: plain words, or a rule named by its id (a link). */
export type IntroPart = { text: string } | { rule: RuleId };

/**
 * One lesson: its `skill`, its `number` on the path (1 to 10), its `title` (the skill's label),
 * the `intro` paragraph in pieces, the `rules` the intro names (in order, each once), how many
 * `practice` questions it ends with, and the rules' `trap` its last practice question shows
 * (P8: a joker taken from the winner's exposure earlier; P4: an earlier called discard), if any.
 */
export interface Lesson {
	skill: LessonSkill;
	number: number;
	title: string;
	intro: IntroPart[];
	summary: string;
	rules: RuleId[];
	practice: number;
	trap?: 'P8' | 'P4';
}

const INTROS: Record<LessonSkill, string> = {
	discard:
		'When a player throws a tile and another player calls it for mah jongg, the player who threw it is the discarder. The discarder pays double the value of the hand (2 × value); each of the other two players pays the value once ([P2]). Only the winner is paid: she receives the sum of the three payments ([P1]).',
	'self-pick':
		'When the winner draws the tile that completes her hand from the wall herself, the win is self-picked. Nobody threw the tile, so there is no discarder: each of the three other players pays double the value, 2 × value ([P3]). The winner receives all three payments ([P1]).',
	jokerless:
		'A hand with no joker in it at mah jongg is jokerless, and a winner who declares it gets a bonus: every payment doubles once more ([P5]). On a called discard the discarder pays 4 × value and the others 2 × value; on a self-pick everyone pays 4 × value. Only the hand at mah jongg counts: if another player took a joker out of the winner’s exposure earlier, the hand is still jokerless ([P8]).',
	'joker-exchange':
		'A winner can complete her hand by exchanging a tile for a joker in another player’s exposure. That win is paid exactly like a self-pick: each of the three other players pays 2 × value ([P4]). Nobody pays extra, not even a player whose discard the winner called earlier in the game for an exposure. The hand holds the joker, so it is never jokerless.',
	'singles-and-pairs':
		'Singles and Pairs hands cannot use jokers at all, and their value on the card already allows for that, so they get no jokerless bonus ([P7]). The usual doubles still apply: on a called discard the discarder pays 2 × value and the others the value ([P2]); on a self-pick everyone pays 2 × value ([P3]).',
	'dead-hand':
		'A player whose hand is declared dead stops playing, but she still pays. When another player goes mah jongg, a dead hand pays exactly as any other player does: the value, or 2 × value on a self-pick, doubled again when the winner’s hand is jokerless ([P9]).',
	east: 'Under League rules East pays and collects like everyone else: no double for East, whether East wins, throws the winning tile or just pays ([P10]). Some tables and older books double East’s payments; that is a house rule, not the League’s.',
	'wall-game':
		'When the wall runs out and nobody has declared mah jongg, the game is a wall game. Nobody pays anybody: every amount is 0, and there is no total to receive ([P11]).',
	'misnamed-discard':
		'If a player names a discard wrongly (she says “5 Dot” for a 6 Dot) and another player calls it for mah jongg on that name, the game stops. The player who misnamed the tile pays the caller 4 × the value of the caller’s hand, and nobody else pays ([P12]). The jokerless bonus does not change the 4 × value.',
	'undeclared-jokerless':
		'The jokerless bonus is not automatic: the winner must declare “jokerless” to get it ([P6]). A winner who has no joker but does not say so is paid as if her hand held one: the discarder pays 2 × value and the others the value ([P2]), or everyone pays 2 × value on a self-pick ([P3]).'
};

const SUMMARIES: Record<LessonSkill, string> = {
	discard: 'The discarder pays double; the other two pay the value.',
	'self-pick': 'Everyone pays double when the winner draws her own tile.',
	jokerless: 'No joker in the hand: every payment doubles again.',
	'joker-exchange': 'Winning on a joker exchange is paid like a self-pick.',
	'singles-and-pairs': 'No jokerless bonus for Singles and Pairs hands.',
	'dead-hand': 'A dead hand still pays like everyone else.',
	east: 'No double for East, winning or paying.',
	'wall-game': 'Nobody wins, so nobody pays.',
	'misnamed-discard': 'The player who misnamed the tile pays 4 × value alone.',
	'undeclared-jokerless': 'No bonus unless the winner declares “jokerless”.'
};

/** "… pays [P2] once" as pieces: the text around each `[Pn]`, and the rule. */
export function introParts(text: string): IntroPart[] {
	return text
		.split(/\[(P\d+)\]/)
		.map((piece, i): IntroPart => (i % 2 === 1 ? { rule: piece as RuleId } : { text: piece }))
		.filter((part) => !('text' in part) || part.text !== '');
}

/** Every lesson, in the path's order. */
export const LESSONS: readonly Lesson[] = LESSON_SKILLS.map((skill, i) => {
	const intro = introParts(INTROS[skill]);
	const rules = [...new Set(intro.flatMap((p) => ('rule' in p ? [p.rule] : [])))];
	return {
		skill,
		number: i + 1,
		title: SKILL_LABELS[skill],
		intro,
		summary: SUMMARIES[skill],
		rules,
		...lessonShape(skill)
	};
});

/** The lesson of `skill`. */
export function lessonOf(skill: LessonSkill): Lesson {
	return LESSONS.find((l) => l.skill === skill)!;
}

/** The lesson after `lesson` on the path, or null after the last one. */
export function nextLessonOf(lesson: Lesson): Lesson | null {
	return LESSONS[lesson.number] ?? null;
}
