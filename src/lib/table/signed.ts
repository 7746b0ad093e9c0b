import { formatAmount, type AmountUnit } from '$lib/payments';

/** A win or loss with its sign, in points or money (P13): "+150 points", "−50 points", "+$1.50", "0 points". */
export function signedAmount(points: number, unit: AmountUnit): string {
	const sign = points > 0 ? '+' : points < 0 ? '−' : '';
	return sign + formatAmount(Math.abs(points), unit);
}
