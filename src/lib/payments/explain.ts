/**
 * What corrects a misconception on one question: the rule in plain words, naming its rule ids,
 * then what each payer really pays there, worked out step by step ("South pays 45 × 2 (threw the
 * tile) × 2 (jokerless) = 180"), so the learner sees the right final amount, never only the first
 * step of it. Pure.
 */
import { amountWords, type AmountUnit } from './amounts';
import { payerLines, seatList, type PayerLine } from './lines';
import type { MisconceptionId } from './misconception-titles';
import { seatLabel, type Settlement } from './types';
import type { NormalizedOutcome } from './normalized';

/** One payer line as words: "South and North each pay 45 × 2 (jokerless) = 90". */
function lineWords(line: PayerLine, show: (points: number) => string): string {
	const many = line.seats.length > 1;
	const who = seatList(line.seats);
	if (line.reason) return `${who} ${many ? 'pay' : 'pays'} nothing (${line.reason.label})`;
	const factors = line.factors.map((f) => ` × ${f.factor} (${f.label})`).join('');
	const result = line.factors.length > 0 ? ` = ${show(line.points)}` : '';
	return `${who} ${many ? 'each pay' : 'pays'} ${show(line.value)}${factors}${result}`;
}

/** The plain rule each misconception breaks, with its rule ids, before the amounts. */
const RULE_WORDS: Record<MisconceptionId, string> = {
	'jokerless-bonus-missed':
		'The hand holds no joker at mah jongg, so every payment doubles once more (P5)',
	'double-is-ceiling':
		'The doubles stack: the double for the discarder or the self-pick first, then the jokerless double on top (P2, P3, P5)',
	'singles-and-pairs-bonus':
		'A Singles and Pairs hand gets no jokerless bonus: its value already accounts for having no jokers (P7)',
	'singles-and-pairs-no-double':
		'Singles and Pairs only loses the jokerless bonus; the double for the discarder or the self-pick still applies (P7)',
	'undeclared-bonus': 'The winner did not declare "jokerless", so there is no jokerless bonus (P6)',
	'joker-exchange-not-self-pick':
		'A joker exchange is paid exactly as self-picked: everyone pays double (P4)',
	'self-pick-not-doubled': 'A self-pick doubles every payment (P3)',
	'discarder-not-doubled':
		'The player who threw the tile pays double; the others pay the value (P2)',
	'everyone-pays-double-on-discard':
		'Only the player who threw the tile pays double; the other two pay the value (P2)',
	'discarder-pays-for-table':
		'Everyone pays the winner: the discarder pays double and the other two pay the value each (P2)',
	'east-double':
		'Under League rules East pays and collects like everyone else: no double for East (P10)',
	'dead-hand-excused': 'A dead hand still pays the winner like anyone else (P9)',
	'misnamed-paid-as-discard':
		'On a misnamed discard only the player who misnamed the tile pays, four times the value (P12)',
	'misnamed-wrong-multiple':
		'The player who misnamed the tile pays four times the value, not double; nobody else pays (P12)',
	'wall-game-pays': 'On a wall game nobody won, so nobody pays anybody (P11)',
	'winner-total-not-sum': 'The winner receives the sum of every payment (P1)'
};

/**
 * What corrects a misconception on one question: `rule`, the rule in plain words with its ids
 * ("A self-pick doubles every payment (P3)."); `amounts`, what is really paid here ("Here South,
 * West and North each pay 30 × 2 (self-picked) × 2 (jokerless) = 120."; the receiver's sum for
 * `winner-total-not-sum`); and `text`, both.
 */
export interface Correction {
	rule: string;
	amounts: string;
	text: string;
}

/**
 * The rule reasoning that corrects misconception `id` on this very question (see `Correction`).
 * `settlement` is the outcome's; amounts are shown in `unit` ("25" or "$0.25", P13).
 */
export function correctionFor(
	id: MisconceptionId,
	outcome: NormalizedOutcome,
	settlement: Settlement,
	unit: AmountUnit = 'points'
): Correction {
	const show = amountWords(unit);
	const rule = `${RULE_WORDS[id]}.`;
	let amounts: string;
	if (outcome.kind === 'wall-game') {
		amounts =
			id === 'winner-total-not-sum'
				? `Here nobody pays, so the total is the sum of the payments: ${show(0)}.`
				: `Here every amount is ${show(0)}.`;
	} else if (id === 'winner-total-not-sum') {
		const sum = settlement.transfers.map((t) => show(t.points)).join(' + ');
		amounts = `Here ${seatLabel(settlement.receiver!)} receives ${sum} = ${show(settlement.total)}.`;
	} else {
		amounts = `Here ${payerLines(settlement)
			.map((line) => lineWords(line, show))
			.join('; ')}.`;
	}
	return { rule, amounts, text: `${rule} ${amounts}` };
}

/** The whole correction of `correctionFor` as one text: the rule, then the amounts here. */
export function explainFor(
	id: MisconceptionId,
	outcome: NormalizedOutcome,
	settlement: Settlement,
	unit: AmountUnit = 'points'
): string {
	return correctionFor(id, outcome, settlement, unit).text;
}
