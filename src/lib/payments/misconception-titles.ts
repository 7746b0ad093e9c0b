/**
 * The misconception catalog's ids and titles alone (docs/misconceptions.md): what a page that
 * names misconceptions (review, progress) needs without the catalog's wrong rules
 * (`misconceptions.ts`). Pure.
 */

/** The catalog's stable ids, in the catalog's order. */
export const MISCONCEPTION_IDS = [
	'jokerless-bonus-missed',
	'double-is-ceiling',
	'singles-and-pairs-bonus',
	'singles-and-pairs-no-double',
	'undeclared-bonus',
	'joker-exchange-not-self-pick',
	'self-pick-not-doubled',
	'discarder-not-doubled',
	'everyone-pays-double-on-discard',
	'discarder-pays-for-table',
	'east-double',
	'dead-hand-excused',
	'misnamed-paid-as-discard',
	'misnamed-wrong-multiple',
	'wall-game-pays',
	'winner-total-not-sum'
] as const;

/** One misconception id. */
export type MisconceptionId = (typeof MISCONCEPTION_IDS)[number];

/** Each misconception's title, as the learner reads it. */
export const MISCONCEPTION_TITLES: Readonly<Record<MisconceptionId, string>> = {
	'jokerless-bonus-missed': 'Jokerless bonus missed',
	'double-is-ceiling': '"Nobody pays more than double"',
	'singles-and-pairs-bonus': 'Jokerless bonus given to Singles and Pairs',
	'singles-and-pairs-no-double': 'Singles and Pairs never doubled',
	'undeclared-bonus': 'Bonus without the declaration',
	'joker-exchange-not-self-pick': 'Joker exchange paid as a plain win',
	'self-pick-not-doubled': 'Self-pick not doubled',
	'discarder-not-doubled': "Discarder's double forgotten",
	'everyone-pays-double-on-discard': 'Everyone pays double on a discard',
	'discarder-pays-for-table': '"The discarder pays for everyone"',
	'east-double': 'East pays and collects double',
	'dead-hand-excused': 'Dead hand let off',
	'misnamed-paid-as-discard': 'Misnamed discard paid as a called discard',
	'misnamed-wrong-multiple': 'Misnamer pays double, not four times',
	'wall-game-pays': 'Payment on a wall game',
	'winner-total-not-sum': "Winner's total not the sum"
};

/** A misconception's title ("Self-pick not doubled"). */
export function misconceptionTitle(id: MisconceptionId): string {
	return MISCONCEPTION_TITLES[id];
}

/** True when `x` is a catalog id. */
export function isMisconceptionId(x: unknown): x is MisconceptionId {
	return typeof x === 'string' && (MISCONCEPTION_IDS as readonly string[]).includes(x);
}
