/**
 * The one way typed amounts become an answer (P13): every form that asks "who pays what" (the
 * practice drill, a lesson, a class answer, the table's claim) reads its fields here. Also how a
 * bare whole number will be read in money mode, to show before anything is checked or locked.
 * Pure; depends on ./amounts only, so a page's first load can take it.
 */
import { formatMoney, parseAmount, type AmountUnit } from './amounts';
import type { AmountKey, Answer } from './types';

/** The amounts read per field (points), and either the `answer` or a `reason` per unreadable field. */
export type AmountsRead =
	| { ok: true; answer: Answer; amounts: Partial<Record<AmountKey, number>> }
	| {
			ok: false;
			reasons: Partial<Record<AmountKey, string>>;
			amounts: Partial<Record<AmountKey, number>>;
	  };

/**
 * Reads the text typed per field (`entries`, by field key) of `fields` (e.g. `answerFields(outcome)`,
 * or the fields a lesson asks) in `unit` with `parseAmount`: whole points; in money, "50" or "50¢"
 * cents, "$0.50" or "0.50" dollars. Gives the `Answer` (seats in `pays`, "total" as `total`), or
 * `ok: false` with a plain-English `reason` per field that cannot be read (an empty one too);
 * `amounts` holds every field read either way. Never throws.
 */
export function readAmounts(
	fields: readonly { key: AmountKey }[],
	entries: Readonly<Record<string, string | undefined>>,
	unit: AmountUnit
): AmountsRead {
	const amounts: Partial<Record<AmountKey, number>> = {};
	const reasons: Partial<Record<AmountKey, string>> = {};
	const answer: Answer = { pays: {} };
	for (const { key } of fields) {
		const typed = entries[key] ?? '';
		const read = parseAmount(typed, unit);
		if (!read.ok) {
			// An empty total is what the receiver gets, not a payment.
			reasons[key] =
				key === 'total' && typed.trim() === ''
					? 'Enter the total received: the sum of the payments (0 if nobody receives anything).'
					: read.message;
			continue;
		}
		amounts[key] = read.points;
		if (key === 'total') answer.total = read.points;
		else answer.pays[key] = read.points;
	}
	return Object.keys(reasons).length > 0
		? { ok: false, reasons, amounts }
		: { ok: true, answer, amounts };
}

/**
 * How a bare whole number typed in money mode will be read (cents: "1" is $0.01), and the dollars
 * it may have meant: `read` "$0.01", `meant` "$1.00" (the text that fixes it) and `message`
 * "1 → $0.01. Did you mean $1.00?". Null in points mode, for anything with "$", "¢" or a decimal
 * point, for 0 (the same either way) and for what cannot be read.
 */
export function bareMoney(
	text: string,
	unit: AmountUnit
): { read: string; meant: string; message: string } | null {
	const typed = text.trim();
	if (unit !== 'money' || !/^\d+$/.test(typed)) return null;
	const parsed = parseAmount(typed, unit);
	if (!parsed.ok || parsed.points === 0) return null;
	const read = formatMoney(parsed.points);
	const asDollars = parseAmount(`$${typed}`, unit);
	if (!asDollars.ok) return null;
	const meant = formatMoney(asDollars.points);
	return { read, meant, message: `${Number(typed)} → ${read}. Did you mean ${meant}?` };
}
