/**
 * House rules chosen for one hand on /table (house-rules.md: "chosen per night, or per hand on the
 * table page"): East double (H1), a bettor and her pick (H2), a pie (H3, counted as on a fresh
 * night: nobody has lost anything yet). Off by default; kept in the address beside the hand. What
 * the page needs before any rule is chosen, so it stays small: the hand worked out under them is
 * in `./house-hand.ts`, loaded once a rule is on. Pure.
 */
import { isSeat, type Seat } from '$lib/payments';

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
