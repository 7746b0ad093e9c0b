/**
 * House rules chosen for one hand on /table (house-rules.md: "chosen per night, or per hand on the
 * table page"): East double (H1), a bettor and her pick (H2), a pie (H3, counted as on a fresh
 * night: nobody has lost anything yet). Off by default; kept in the address beside the hand. The
 * hand worked out under them, by seat and the bettor. Pure.
 */
import {
	SEATS,
	isSeat,
	parseAmount,
	type AmountUnit,
	type NormalizedOutcome,
	type Seat,
	type Settlement
} from '$lib/payments';
import {
	MAX_PIE,
	applyHouseRules,
	underPie,
	type HouseRule,
	type PaidTransfer,
	type PlayerNet
} from '$lib/ledger';

/** The house rules of one hand as chosen (the pie as typed, in the page's unit). */
export interface TableHouse {
	eastDouble: boolean;
	bettor: boolean;
	/** The bettor's pick. */
	bet: Seat;
	pie: boolean;
	pieText: string;
}

/** No house rule: League only. */
export const noHouse = (): TableHouse => ({
	eastDouble: false,
	bettor: false,
	bet: 'east',
	pie: false,
	pieText: ''
});

/** True when any house rule is chosen. */
export const anyHouse = (h: TableHouse): boolean => h.eastDouble || h.bettor || h.pie;

/**
 * The house rules in the address: `house=east-double,bettor,pie`, `bet=south`, `pie=500` (as
 * typed). Nothing is added when none is chosen.
 */
export function setHouseSearch(q: URLSearchParams, h: TableHouse): void {
	const on = [
		h.eastDouble ? 'east-double' : '',
		h.bettor ? 'bettor' : '',
		h.pie ? 'pie' : ''
	].filter(Boolean);
	if (on.length === 0) return;
	q.set('house', on.join(','));
	if (h.bettor) q.set('bet', h.bet);
	if (h.pie && h.pieText !== '') q.set('pie', h.pieText);
}

/** The house rules of an address (`setHouseSearch`'s form); anything unreadable is off. */
export function readHouseSearch(q: URLSearchParams): TableHouse {
	const on = (q.get('house') ?? '').split(',');
	const bet = q.get('bet');
	return {
		eastDouble: on.includes('east-double'),
		bettor: on.includes('bettor'),
		bet: isSeat(bet) ? bet : 'east',
		pie: on.includes('pie'),
		pieText: (q.get('pie') ?? '').slice(0, 12)
	};
}

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
export type TableParty = Seat | 'bettor';

/**
 * One hand under the chosen house rules, by seat and the bettor: the payments really made (after
 * H1, H2 and the pie, in order), what the pie cut, each party's net, and the rules that changed
 * something (`changed`, H1 H2 H3 order) with `readings` where this project reads a rule.
 */
export interface TableHouseHand {
	paid: PaidTransfer[];
	cut: { player: string; points: number }[];
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
