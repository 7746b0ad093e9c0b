/**
 * One hand on /table worked out under the house rules chosen for it (`TableHouse`), by seat and
 * the bettor, and the pie as typed read in points. Loaded by /table only once a rule is on. Pure.
 */
import {
	SEATS,
	parseAmount,
	type AmountUnit,
	type NormalizedOutcome,
	type Seat,
	type Settlement
} from '$lib/payments';
import {
	MAX_PIE,
	applyHouseRules,
	houseRuleName,
	underPie,
	type HouseRule,
	type PaidTransfer,
	type PlayerNet
} from '$lib/ledger';
import { anyHouse, type TableHouse } from './house-choice';

/** The pie as read from what was typed, in points, or the message saying what to type. */
export function readPieText(
	text: string,
	unit: AmountUnit
): { ok: true; points: number } | { ok: false; message: string } {
	const read = parseAmount(text, unit);
	if (!read.ok) return read;
	if (read.points < 1 || read.points > MAX_PIE)
		return { ok: false, message: `A pie is from 1 to ${MAX_PIE} points.` };
	return read;
}

/** Who takes part in a hand on /table: a seat, or the bettor. */
export type TableParty = (typeof SEATS)[number] | 'bettor';

/**
 * One hand under the chosen house rules, by seat and the bettor: the payments really made (after
 * H1, H2 and the pie, in order), what the pie cut, each party's net, and the rules that changed
 * something (`changed`, H1 H2 H3 order) with `readings` where this project reads a rule.
 */
export interface TableHouseHand {
	paid: PaidTransfer[];
	cut: { player: string; to: string; points: number }[];
	net: PlayerNet;
	changed: HouseRule[];
	readings: string[];
}

/** The hand under the house rules, or null when none is chosen (or the pie cannot be read). */
export function tableHouseHand(
	outcome: NormalizedOutcome,
	settlement: Settlement,
	h: TableHouse,
	unit: AmountUnit
): TableHouseHand | null {
	if (!anyHouse(h)) return null;
	const pie = h.pie ? readPieText(h.pieText, unit) : null;
	if (pie && !pie.ok) return null;
	const house = applyHouseRules(outcome, settlement, {
		eastDouble: h.eastDouble,
		bet: h.bettor ? h.bet : null
	});
	const parties: TableParty[] = [...SEATS, ...(h.bettor ? (['bettor'] as const) : [])];
	const before = Object.fromEntries(parties.map((p) => [p, 0]));
	const capped = underPie(
		house.transfers.map((t) => ({ ...t })),
		before,
		pie ? pie.points : null
	);
	const changed: HouseRule[] = [...house.changed];
	if (capped.cut.length > 0) changed.push('pie');
	return {
		paid: capped.paid,
		cut: capped.cut,
		net: capped.net,
		changed,
		readings: house.readings
	};
}

/**
 * What each payer really pays the `receiver` (points) when the house rules change the hand, and
 * the rules' names ("East double (H1), Pie (H3)"): what a claim is checked against. Null when they
 * change nothing (the League amounts stand) or nobody receives (a wall game).
 */
export function claimUnderHouse(
	hand: TableHouseHand | null,
	receiver: Seat | null
): { pays: Partial<Record<Seat, number>>; rules: string } | null {
	if (!hand || hand.changed.length === 0 || receiver === null) return null;
	const pays: Partial<Record<Seat, number>> = {};
	for (const t of hand.paid)
		if (t.to === receiver && t.from !== 'bettor') pays[t.from as Seat] = t.points;
	return { pays, rules: hand.changed.map(houseRuleName).join(', ') };
}
