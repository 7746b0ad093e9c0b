/**
 * The printable worksheet and its answer key (issue 20): its questions, and the key of each
 * question from the payments engine's breakdown, every factor naming its rule. Its settings as
 * they travel in an address are in `./worksheet-address`. Pure.
 */
import {
	amountOf,
	amountWords,
	answerFields,
	formatAmount,
	payerLines,
	seatList,
	seatLabel,
	type AmountKey,
	type AmountUnit,
	type PayerLine
} from '$lib/payments';
import { settledOf } from '$lib/scenarios/settled';
import { roundWithSwaps } from '$lib/scenarios/swaps';
import type { Scenario } from '$lib/scenarios/types';
import type { WorksheetSetup } from './worksheet-address';

export {
	WORKSHEET_MAX,
	readWorksheetQuery,
	worksheetHref,
	type WorksheetSetup
} from './worksheet-address';

/** One amount of the key: the field's label ("South pays") and the amount in the unit. */
export interface KeyAmount {
	key: AmountKey;
	label: string;
	amount: string;
	points: number;
}

/** A question's key: its amounts, then its breakdown as short lines naming the rules. */
export interface QuestionKey {
	amounts: KeyAmount[];
	lines: string[];
}

/** One payer line in words, each factor with its rule: "South pays 25 × 2 (threw the tile, P2) = 50". */
function lineText(line: PayerLine, show: (points: number) => string): string {
	const many = line.seats.length > 1;
	const who = seatList(line.seats);
	if (line.reason) {
		return `${who} ${many ? 'pay' : 'pays'} nothing (${line.reason.label}, ${line.reason.rule})`;
	}
	const factors = line.factors.map((f) => ` × ${f.factor} (${f.label}, ${f.rule})`).join('');
	const notes = line.notes.map((n) => `; ${n.label} (${n.rule})`).join('');
	const result = line.factors.length > 0 ? ` = ${show(line.points)}` : '';
	return `${who} ${many ? 'each pay' : 'pays'} ${show(line.value)}${factors}${result}${notes}`;
}

/**
 * The answer key of `scenario` in `unit`: every answer field's amount (the engine's settlement)
 * and the breakdown's payer lines, then what the receiver gets (P1). Throws for an impossible
 * outcome (never generated).
 */
export function questionKey(scenario: Scenario, unit: AmountUnit): QuestionKey {
	const { settlement } = settledOf(scenario, unit);
	const pays: Partial<Record<AmountKey, number>> = { total: settlement.total };
	for (const t of settlement.transfers) pays[t.from] = t.points;
	const amounts = answerFields(scenario.outcome).map(({ key, label }) => {
		const points = amountOf({ pays, total: settlement.total }, key) ?? 0;
		return { key, label, points, amount: formatAmount(points, unit) };
	});
	const show = amountWords(unit);
	const lines = payerLines(settlement).map((line) => lineText(line, show));
	if (settlement.receiver) {
		const sum = settlement.transfers.map((t) => show(t.points)).join(' + ');
		lines.push(
			`${seatLabel(settlement.receiver)} receives ${sum} = ${show(settlement.total)} (the sum of the payments, P1)`
		);
	} else lines.push('Nobody receives anything (wall game, P11)');
	return { amounts, lines };
}

/** The worksheet's questions: the round of its seed with its swaps (the class's own questions). */
export function worksheetQuestions(setup: WorksheetSetup): Scenario[] {
	return roundWithSwaps(setup);
}
