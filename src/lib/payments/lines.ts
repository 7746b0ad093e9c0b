/**
 * A settlement in a few lines: one per group of payers who pay the same way ("South and North
 * each pay 25 × 2 (jokerless, P5) = 50"), and the receiver's total. Built from the breakdown's
 * steps, so every factor names its rule. Pure.
 */
import { seatLabel, type PayerBreakdown, type RuleId, type Seat, type Settlement } from './types';

/** One doubling (or the misnamer's × 4): the `factor`, a short `label` and its `rule`. */
export interface LineFactor {
	factor: number;
	label: string;
	rule: RuleId;
}

/**
 * Payers who pay alike: their `seats` (table order), the `value` they start from (points), the
 * `factors` applied in order, `notes` that change nothing but matter (a dead hand still pays,
 * P9; nothing extra for being East, P10), and what each pays (`points`, 0 = nothing). `reason` says why a
 * seat pays nothing (a bystander of a misnamed discard, a wall game), else null.
 */
export interface PayerLine {
	seats: Seat[];
	value: number;
	factors: LineFactor[];
	notes: { label: string; rule: RuleId }[];
	points: number;
	reason: { label: string; rule: RuleId } | null;
}

/**
 * "Nothing extra for being East" (P10) belongs on a line only where East's own payment could be taken for
 * a double: East threw or misnamed the tile. When East wins, the receiver's line says it.
 */
const eastOwnsIt = (p: PayerBreakdown) =>
	p.seat === 'east' && (p.role === 'discarder' || p.role === 'misnamer');

function lineOf(p: PayerBreakdown): PayerLine {
	const applied = p.steps.filter((s) => s.applies);
	const start = p.steps[0]!;
	if (p.points === 0) {
		return {
			seats: [p.seat],
			value: start.points,
			factors: [],
			notes: [],
			points: 0,
			reason: { label: start.label, rule: start.rule }
		};
	}
	return {
		seats: [p.seat],
		value: start.points,
		factors: applied
			.filter((s) => s.factor !== 1)
			.map(({ factor, label, rule }) => ({ factor, label, rule })),
		notes: applied
			.slice(1)
			.filter((s) => s.factor === 1 && (s.rule !== 'P10' || eastOwnsIt(p)))
			.map(({ label, rule }) => ({ label, rule })),
		points: p.points,
		reason: null
	};
}

/**
 * The payers of `settlement` grouped by how they pay (same value, factors, notes and amount), in
 * table order of their first seat.
 */
export function payerLines(settlement: Settlement): PayerLine[] {
	const lines: PayerLine[] = [];
	const keyOf = (l: PayerLine) => JSON.stringify({ ...l, seats: [] });
	for (const p of settlement.breakdown) {
		const line = lineOf(p);
		const same = lines.find((l) => keyOf(l) === keyOf(line));
		if (same) same.seats.push(p.seat);
		else lines.push(line);
	}
	return lines;
}

/** "South", "South and North", "East, South and West". */
export function seatList(seats: readonly Seat[]): string {
	const names = seats.map(seatLabel);
	return names.length <= 1
		? (names[0] ?? '')
		: `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
