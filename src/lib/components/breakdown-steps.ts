/**
 * What `Breakdown.svelte` shows of a settlement, worked out apart from its markup: how many steps
 * there are to reveal, which of each payer's steps show (applied, or folded under "Not here") as
 * more are revealed, and the receiver's total line. Amounts in the settlement's unit.
 */
import {
	formatAmount,
	seatLabel,
	type AmountUnit,
	type PayerBreakdown,
	type Settlement
} from '$lib/payments';

/**
 * How many steps `revealed` can count for a settlement: every payer's steps in order, plus one
 * for the receiver's total line (shown last).
 */
export function countSteps(settlement: Settlement): number {
	return settlement.breakdown.reduce((sum, p) => sum + p.steps.length, 0) + 1;
}

const ROLE_WORDS: Record<PayerBreakdown['role'], string> = {
	discarder: 'threw the tile',
	misnamer: 'misnamed the tile',
	other: '',
	bystander: ''
};

/** One payer as shown: the steps revealed, split into those that apply and those "Not here". */
export interface ShownPayer extends Omit<PayerBreakdown, 'role'> {
	shown: PayerBreakdown['steps'];
	applied: PayerBreakdown['steps'];
	notHere: PayerBreakdown['steps'];
	/** Why this payer pays as they do ("threw the tile", "dead hand, still pays"), or ''. */
	role: string;
	/** Every step of this payer is revealed (the amount shows). */
	complete: boolean;
}

/**
 * The payers of `settlement` with the first `revealed` steps shown, in order. With `compact`, a
 * payer whose steps are all shown folds to its heading once a later step (or the total) shows.
 */
export function shownPayers(
	settlement: Settlement,
	revealed: number,
	compact: boolean
): ShownPayer[] {
	const showTotal = revealed >= countSteps(settlement);
	let left = Math.max(0, revealed);
	return settlement.breakdown.map((p) => {
		const shown = p.steps.slice(0, left);
		left -= shown.length;
		const role = [ROLE_WORDS[p.role], p.dead ? 'dead hand, still pays' : '']
			.filter(Boolean)
			.join(', ');
		const complete = shown.length === p.steps.length;
		// Steps shown after this payer's: the next payer's, or the total line.
		const folded = compact && complete && (left > 0 || showTotal);
		const applied = folded ? [] : shown.filter((s) => s.applies);
		const notHere = folded ? [] : shown.filter((s) => !s.applies);
		return { ...p, applied, notHere, shown, role, complete };
	});
}

/** The receiver's total line ("East receives 40 + 80 + 40 = 160 points."), or the wall game's. */
export function totalLine(settlement: Settlement, unit: AmountUnit): string {
	const { receiver, transfers } = settlement;
	if (receiver === null) return 'Nobody receives anything: on a wall game nobody pays anybody.';
	const all = formatAmount(settlement.total, unit);
	if (transfers.length < 2) return `${seatLabel(receiver)} receives ${all}.`;
	const sum = transfers.map((t) => formatAmount(t.points, unit).replace(/ points?$/, ''));
	return `${seatLabel(receiver)} receives ${sum.join(' + ')} = ${all}.`;
}
