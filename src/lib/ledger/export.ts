/**
 * A night's ledger as files to keep or send: CSV (one row a hand, for a spreadsheet) and JSON (the
 * night in the form `npm run ledger` reads, with its result). Pure.
 */
import { formatMoney } from '../payments/index';
import { handSummary } from './summary';
import type { Night, NightResult, PlayerTransfer } from './types';

/** One CSV cell: quoted when needed; a leading = + - @ is kept as text, never run as a formula. */
export function csvCell(value: string | number): string {
	let text = String(value);
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
	return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The night as CSV: a header, then one row a hand (its number, who sat East/South/West/North,
 * what happened, each player's points for the hand, then each player's balance after it), in
 * points. Lines end with CRLF, as RFC 4180 has it.
 */
export function nightCsv(night: Night, result: NightResult): string {
	const header = [
		'hand',
		'East',
		'South',
		'West',
		'North',
		'what happened',
		...night.players.map((p) => `${p} (points)`),
		...night.players.map((p) => `${p} balance`)
	];
	const rows = night.hands.map((hand, i) => {
		const r = result.hands[i]!;
		return [
			i + 1,
			hand.seats.east,
			hand.seats.south,
			hand.seats.west,
			hand.seats.north,
			handSummary(hand.outcome, hand.seats),
			...night.players.map((p) => r.net[p]!),
			...night.players.map((p) => r.balance[p]!)
		];
	});
	return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The night and its result as JSON: `night` in the form `npm run ledger` reads, nets, balances, settle-up. */
export function nightJson(night: Night, result: NightResult): string {
	return (
		JSON.stringify(
			{
				night,
				hands: result.hands.map((h) => ({ net: h.net })),
				balance: result.balance,
				settleUp: result.settleUp
			},
			null,
			2
		) + '\n'
	);
}

/** The settle-up as lines to copy: "Ann hands Bea 50 points ($0.50)", or "Nobody owes anybody." */
export function settleUpText(transfers: readonly PlayerTransfer[]): string {
	if (transfers.length === 0) return 'Nobody owes anybody.';
	return transfers
		.map((t) => `${t.from} hands ${t.to} ${t.points} points (${formatMoney(t.points)})`)
		.join('\n');
}
