/**
 * A night's ledger as files to keep or send: CSV (one row a hand, for a spreadsheet) and JSON (the
 * night in the form `npm run ledger` reads, with its result). Pure.
 */
import { formatAmount, formatMoney, type AmountUnit } from '../payments/index';
import { houseRuleName } from './house';
import { handSummary } from './summary';
import type { Night, NightResult, PlayerTransfer } from './types';

/** One CSV cell: quoted when needed; a leading = + - @ is kept as text, never run as a formula. */
export function csvCell(value: string | number): string {
	let text = String(value);
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
	return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The night as CSV: a header, then one row a hand (its number, who sat East/South/West/North;
 * with five players who sat out and, with the bettor, whom she bet on; what happened; the house
 * rules that changed the hand, when the night has any; each player's points for the hand, then
 * each player's balance after it), in points. Lines end with CRLF, as RFC 4180 has it.
 */
export function nightCsv(night: Night, result: NightResult): string {
	const five = night.players.length === 5;
	const bettor = five && night.house.includes('bettor');
	const house = night.house.length > 0 || night.pie !== null;
	const header = [
		'hand',
		'East',
		'South',
		'West',
		'North',
		...(five ? ['sits out'] : []),
		...(bettor ? ['bet on'] : []),
		'what happened',
		...(house ? ['house rules (not League)'] : []),
		...night.players.map((p) => `${p} (points)`),
		...night.players.map((p) => `${p} balance`)
	];
	const rows = night.hands.map((hand, i) => {
		const r = result.hands[i]!;
		return [
			i + 1,
			r.seats.east,
			r.seats.south,
			r.seats.west,
			r.seats.north,
			...(five ? [r.out ?? ''] : []),
			...(bettor ? [r.bet ?? ''] : []),
			handSummary(hand.outcome, r.seats),
			...(house ? [r.house.map(houseRuleName).join('; ')] : []),
			...night.players.map((p) => r.net[p]!),
			...night.players.map((p) => r.balance[p]!)
		];
	});
	return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The night and its result as JSON, the file the ledger's import reads back: `night` in the form
 * `npm run ledger` reads, `startedAt` (ISO, when given), every hand's `net`, the `balance` and the
 * `settleUp`, in points.
 */
export function nightJson(night: Night, result: NightResult, startedAt?: string): string {
	return (
		JSON.stringify(
			{
				night,
				...(startedAt ? { startedAt } : {}),
				hands: result.hands.map((h) => ({ net: h.net })),
				balance: result.balance,
				settleUp: result.settleUp
			},
			null,
			2
		) + '\n'
	);
}

/** One payment of the settle-up in words: "Bea pays Ann 125 points" or "Bea pays Ann $1.25". */
export const settleUpLine = (t: PlayerTransfer, unit: AmountUnit): string =>
	`${t.from} pays ${t.to} ${formatAmount(t.points, unit)}`;

/** The settle-up as lines to copy: "Ann pays Bea 50 points ($0.50)", or "Nobody owes anybody." */
export function settleUpText(transfers: readonly PlayerTransfer[]): string {
	if (transfers.length === 0) return 'Nobody owes anybody.';
	return transfers.map((t) => `${settleUpLine(t, 'points')} (${formatMoney(t.points)})`).join('\n');
}
