/**
 * The misconception catalog (docs/misconceptions.md): each entry is a wrong rule, written as
 * a change to the right computation, so a learner's answer can be compared with what that wrong
 * rule produces. Pure: no I/O.
 */
import { SEATS, type AnswerKey, type RuleId, type Seat } from './types';
import { MISCONCEPTION_TITLES, type MisconceptionId } from './misconception-titles';
import type { NormalizedOutcome, NormalizedWin } from './normalized';

/** Where a misconception is met: a rule column, a teachers' FAQ, a club newsletter, a scoring app's bug. */
export type SourceKind = 'rule-column' | 'teachers-faq' | 'club-newsletter' | 'scoring-app-bug';

/** A catalog entry: title, the rules it breaks, where it comes from, and the wrong rule itself. */
export interface Misconception {
	id: MisconceptionId;
	title: string;
	/** The wrong rule, as a player would state it. */
	wrongRule: string;
	rules: RuleId[];
	source: SourceKind;
	/**
	 * What the wrong rule gives for this outcome (points), or null when it cannot be applied to this
	 * kind of outcome. `wall-game-pays` and `winner-total-not-sum` are not fixed amounts: null.
	 */
	produce(outcome: NormalizedOutcome, right: AnswerKey): AnswerKey | null;
}

const bonusApplies = (w: NormalizedWin) =>
	w.jokers === 0 && w.declaredJokerless && !w.singlesAndPairs;
const asWin = (o: NormalizedOutcome): NormalizedWin | null => (o.kind === 'win' ? o : null);

/** Builds amounts from a per-seat rule; the total is the sum of the payments. */
function amounts(seats: Seat[], pay: (seat: Seat) => number): AnswerKey {
	const pays: Partial<Record<Seat, number>> = {};
	let total = 0;
	for (const s of seats) {
		pays[s] = pay(s);
		total += pays[s]!;
	}
	return { pays, total };
}

const payersOf = (right: AnswerKey) => SEATS.filter((s) => s in right.pays);

/** A win paid under `pay(seat, win)` instead of the right rule (null for other outcomes). */
const winRule =
	(when: (w: NormalizedWin) => boolean, pay: (seat: Seat, w: NormalizedWin) => number) =>
	(o: NormalizedOutcome, right: AnswerKey): AnswerKey | null => {
		const w = asWin(o);
		if (!w || !when(w)) return null;
		return amounts(payersOf(right), (s) => pay(s, w));
	};

const bonus = (w: NormalizedWin) => (bonusApplies(w) ? 2 : 1);

/** The catalog's entries, in the spec's order, without their titles (`MISCONCEPTION_TITLES`). */
const ENTRIES: readonly Omit<Misconception, 'title'>[] = [
	{
		id: 'jokerless-bonus-missed',
		wrongRule: 'Forgets the jokerless doubling.',
		rules: ['P5'],
		source: 'teachers-faq',
		produce: winRule(bonusApplies, (s, w) =>
			w.method === 'discard' ? (s === w.discarder ? 2 * w.value : w.value) : 2 * w.value
		)
	},
	{
		id: 'double-is-ceiling',
		wrongRule: 'The jokerless bonus replaces the other doubles instead of stacking on them.',
		rules: ['P2', 'P3', 'P5'],
		source: 'club-newsletter',
		produce: winRule(bonusApplies, (_s, w) => 2 * w.value)
	},
	{
		id: 'singles-and-pairs-bonus',
		wrongRule: 'Gives the jokerless bonus to a Singles and Pairs hand.',
		rules: ['P7'],
		source: 'scoring-app-bug',
		produce: (o, right) =>
			asWin(o)?.singlesAndPairs ? amounts(payersOf(right), (s) => 2 * right.pays[s]!) : null
	},
	{
		id: 'singles-and-pairs-no-double',
		wrongRule:
			'Thinks a Singles and Pairs hand is never doubled, not even for the discarder or a self-pick.',
		rules: ['P7'],
		source: 'teachers-faq',
		produce: winRule(
			(w) => w.singlesAndPairs,
			(_s, w) => w.value
		)
	},
	{
		id: 'undeclared-bonus',
		wrongRule: 'Gives the jokerless bonus though the winner did not declare "jokerless".',
		rules: ['P6'],
		source: 'rule-column',
		produce: (o, right) => {
			const w = asWin(o);
			if (!w || w.jokers !== 0 || w.declaredJokerless || w.singlesAndPairs) return null;
			return amounts(payersOf(right), (s) => 2 * right.pays[s]!);
		}
	},
	{
		id: 'joker-exchange-not-self-pick',
		wrongRule: 'Pays a joker-exchange win as if nothing were doubled.',
		rules: ['P4'],
		source: 'rule-column',
		produce: winRule(
			(w) => w.method === 'joker-exchange',
			(_s, w) => w.value * bonus(w)
		)
	},
	{
		id: 'self-pick-not-doubled',
		wrongRule: 'Forgets the self-pick double.',
		rules: ['P3'],
		source: 'teachers-faq',
		produce: winRule(
			(w) => w.method === 'self-pick',
			(_s, w) => w.value * bonus(w)
		)
	},
	{
		id: 'discarder-not-doubled',
		wrongRule: "Forgets the discarder's double: the discarder pays like the others.",
		rules: ['P2'],
		source: 'teachers-faq',
		produce: winRule(
			(w) => w.method === 'discard',
			(_s, w) => w.value * bonus(w)
		)
	},
	{
		id: 'everyone-pays-double-on-discard',
		wrongRule: "Makes all three players pay the discarder's amount.",
		rules: ['P2'],
		source: 'club-newsletter',
		produce: winRule(
			(w) => w.method === 'discard',
			(_s, w) => 2 * w.value * bonus(w)
		)
	},
	{
		id: 'discarder-pays-for-table',
		wrongRule: 'The discarder pays the whole total and the others pay nothing.',
		rules: ['P2'],
		source: 'rule-column',
		produce: (o, right) => {
			const w = asWin(o);
			if (!w || w.method !== 'discard') return null;
			return amounts(payersOf(right), (s) => (s === w.discarder ? right.total : 0));
		}
	},
	{
		id: 'east-double',
		wrongRule: 'East pays and collects double (an old or house rule, not League).',
		rules: ['P10'],
		source: 'rule-column',
		produce: (o, right) => {
			if (o.kind === 'wall-game') return null;
			const receiver = o.kind === 'win' ? o.winner : o.caller;
			return amounts(payersOf(right), (s) =>
				receiver === 'east' || s === 'east' ? 2 * right.pays[s]! : right.pays[s]!
			);
		}
	},
	{
		id: 'dead-hand-excused',
		wrongRule: 'A player with a dead hand pays nothing.',
		rules: ['P9'],
		source: 'teachers-faq',
		produce: (o, right) => {
			if (o.kind === 'wall-game') return null;
			return amounts(payersOf(right), (s) => (o.dead.includes(s) ? 0 : right.pays[s]!));
		}
	},
	{
		id: 'misnamed-paid-as-discard',
		wrongRule: 'Pays a misnamed-discard mah jongg like a called discard.',
		rules: ['P12'],
		source: 'club-newsletter',
		produce: (o, right) =>
			o.kind === 'misnamed-discard'
				? amounts(payersOf(right), (s) => (s === o.misnamer ? 2 * o.value : o.value))
				: null
	},
	{
		id: 'misnamed-wrong-multiple',
		wrongRule: 'The player who misnamed the tile pays double instead of four times the value.',
		rules: ['P12'],
		source: 'teachers-faq',
		produce: (o, right) =>
			o.kind === 'misnamed-discard'
				? amounts(payersOf(right), (s) => (s === o.misnamer ? 2 * o.value : 0))
				: null
	},
	{
		id: 'wall-game-pays',
		wrongRule: 'Someone pays on a wall game.',
		rules: ['P11'],
		source: 'scoring-app-bug',
		produce: () => null
	},
	{
		id: 'winner-total-not-sum',
		wrongRule: "Every payment right, but the winner's total is not their sum.",
		rules: ['P1'],
		source: 'scoring-app-bug',
		produce: () => null
	}
];

/** The catalog, in the spec's order. */
export const MISCONCEPTIONS: readonly Misconception[] = ENTRIES.map((entry) => ({
	...entry,
	title: MISCONCEPTION_TITLES[entry.id]
}));

/** The catalog entry of an id. */
export function misconception(id: MisconceptionId): Misconception {
	return MISCONCEPTIONS.find((m) => m.id === id)!;
}
