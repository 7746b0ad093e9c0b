/**
 * The amounts the rules page shows, all computed by the payments engine (`settle`), never typed
 * in: the worked example table for one value, and an example's payments in words. Pure. The
 * server computes them (`rulesPageText`, from `+page.server.ts`), so the page's own code ships
 * without the engine.
 */
import { RULE_TEXTS } from './rules';
import {
	formatAmount,
	formatMoney,
	isSettleFailure,
	seatLabel,
	settle,
	type Outcome,
	type RuleId,
	type Seat,
	type Settlement
} from '$lib/payments';

/** The engine's settlement of an outcome the page itself wrote; a failure is a bug in the page. */
export function settled(outcome: Outcome): Settlement {
	const result = settle(outcome);
	if (isSettleFailure(result)) throw new Error(`Rules page example: ${result.error.message}`);
	return result;
}

/**
 * One row of the worked example: the win (`label`), how many `jokers` the hand holds (0: jokerless),
 * what the discarder pays (null on a self-picked win: there is none), what each other player pays
 * and what the winner gets, in points.
 */
export interface WorkedRow {
	label: string;
	jokers: number;
	discarder: number | null;
	other: number;
	winner: number;
}

/** The four wins of the worked example: called discard or self-picked, with a joker or jokerless. */
const WINS = [
	{ label: 'Called discard, with a joker', selfPicked: false, jokers: 1 },
	{ label: 'Self-picked, with a joker', selfPicked: true, jokers: 1 },
	{ label: 'Called discard, jokerless', selfPicked: false, jokers: 0 },
	{ label: 'Self-picked, jokerless', selfPicked: true, jokers: 0 }
] as const;

/**
 * The worked example for a hand of `value` points (payments.md's table for v = 25): East wins, on
 * South's discard or self-picked; the amounts are the engine's.
 */
export function workedExample(value: number): WorkedRow[] {
	return WINS.map(({ label, selfPicked, jokers }) => {
		const outcome: Outcome = selfPicked
			? { kind: 'win', value, winner: 'east', method: 'self-pick', jokers }
			: { kind: 'win', value, winner: 'east', method: 'discard', discarder: 'south', jokers };
		const { transfers, total } = settled(outcome);
		const from = (seat: Seat) => transfers.find((t) => t.from === seat)?.points ?? 0;
		return {
			label,
			jokers,
			discarder: selfPicked ? null : from('south'),
			other: from('west'),
			winner: total
		};
	});
}

/** "West", "South and North", "East, South and West". */
function seatList(seats: Seat[]): string {
	const names = seats.map(seatLabel);
	return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What a settlement's payments are, in words, largest payment first: "West pays 50 points, South
 * and North pay 25 points each. East gets 100 points." A single payer adds "nobody else pays"; a
 * wall game is "Nobody pays anybody."
 */
export function paymentsSentence(settlement: Settlement): string {
	const { transfers, receiver, total } = settlement;
	if (receiver === null || transfers.length === 0) return 'Nobody pays anybody.';
	const amounts = [...new Set(transfers.map((t) => t.points))].sort((a, b) => b - a);
	const groups = amounts.map((points) => {
		const seats = transfers.filter((t) => t.points === points).map((t) => t.from);
		const amount = formatAmount(points, 'points');
		return seats.length === 1
			? `${seatList(seats)} pays ${amount}`
			: `${seatList(seats)} pay ${amount} each`;
	});
	const alone = transfers.length === 1 ? '; nobody else pays' : '';
	return `${groups.join(', ')}${alone}. ${seatLabel(receiver)} gets ${formatAmount(total, 'points')}.`;
}

/** Points shown as money (P13): "25 points = $0.25, 50 points = $0.50." */
export function moneySentence(points: readonly number[]): string {
	return `${points.map((p) => `${formatAmount(p, 'points')} = ${formatMoney(p)}`).join(', ')}.`;
}

/** An amount as the worked example shows it: "50 points" and "$0.50". */
export interface ShownAmount {
	points: string;
	money: string;
}

/**
 * One row of the worked example ready to show: the win (`label`), its `jokers`, and what the
 * discarder pays (null: there is none), what each other player pays and what the winner gets.
 */
export interface ShownRow {
	label: string;
	jokers: number;
	amounts: readonly [ShownAmount | null, ShownAmount, ShownAmount];
}

/** Everything the rules page shows that the engine computes, as text. */
export interface RulesPageText {
	/** Each rule's example's result in words, by rule id (rules with no example have none). */
	results: Partial<Record<RuleId, string>>;
	/** The worked example for a hand worth `value`. */
	worked: { value: number; rows: ShownRow[] };
}

const shown = (points: number): ShownAmount => ({
	points: formatAmount(points, 'points'),
	money: formatMoney(points)
});

/** The rules page's computed text (examples' results, the worked example for v = `value`). */
export function rulesPageText(value = 25): RulesPageText {
	const results: Partial<Record<RuleId, string>> = {};
	for (const { id, example } of RULE_TEXTS) {
		if (!example) continue;
		results[id] =
			'points' in example
				? moneySentence(example.points)
				: paymentsSentence(settled(example.outcome));
	}
	const rows = workedExample(value).map(({ label, jokers, discarder, other, winner }) => ({
		label,
		jokers,
		amounts: [discarder === null ? null : shown(discarder), shown(other), shown(winner)] as const
	}));
	return { results, worked: { value, rows } };
}
