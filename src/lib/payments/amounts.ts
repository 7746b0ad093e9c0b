/**
 * Showing and reading amounts (P13). Amounts are whole points; for money, 1 point = 1 cent.
 */

/** How amounts are shown and entered: plain points, or money (dollars and cents). */
export type AmountUnit = 'points' | 'money';

/**
 * Formats whole points as money (P13): 50 -> "$0.50", 100 -> "$1.00", 125 -> "$1.25",
 * -50 -> "-$0.50". Throws a RangeError for a number that is not a whole number.
 */
export function formatMoney(points: number): string {
	if (!Number.isInteger(points)) throw new RangeError(`Not a whole number of points: ${points}`);
	const sign = points < 0 ? '-' : '';
	const cents = Math.abs(points);
	return `${sign}$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Formats whole points in the chosen unit: 50 -> "50 points" or "$0.50" (P13). */
export function formatAmount(points: number, unit: AmountUnit): string {
	if (unit === 'money') return formatMoney(points);
	return `${points} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}

/** Reading an answer: whole points, or a message that says what to type instead. */
export type ParsedAmount = { ok: true; points: number } | { ok: false; message: string };

const MAX_POINTS = 1_000_000;

/**
 * Reads what a learner typed into an answer field. In points mode: a whole number ("50").
 * In money mode: a bare whole number is cents ("50" = 50 points), a "$" or a decimal point means
 * dollars ("$0.50", "0.50", "$1" = 50, 50, 100 points), "¢" or "c" after a number means cents
 * ("50¢"). Spaces around are ignored. Never throws: anything else returns `ok: false` with a
 * plain-English message.
 */
export function parseAmount(input: string, unit: AmountUnit): ParsedAmount {
	const text = input.trim();
	if (text === '')
		return { ok: false, message: 'Enter an amount (0 if this player pays nothing).' };
	if (unit === 'points') {
		if (!/^\d+$/.test(text)) {
			return {
				ok: false,
				message: `"${short(text)}" is not a whole number of points. Type digits only, for example 50.`
			};
		}
		return bounded(Number(text));
	}
	const cents = /^(\d+)\s*(¢|c|cents?)$/i.exec(text);
	if (cents) return bounded(Number(cents[1]));
	const dollars = /^\$?\s*(\d*)\.(\d{1,2})$/.exec(text) ?? /^\$\s*(\d+)()$/.exec(text);
	if (dollars && (dollars[1] !== '' || dollars[2] !== '')) {
		const whole = Number(dollars[1] || '0');
		const frac = Number((dollars[2] ?? '').padEnd(2, '0') || '0');
		return bounded(whole * 100 + frac);
	}
	if (/^\d+$/.test(text)) return bounded(Number(text));
	return {
		ok: false,
		message: `"${short(text)}" is not an amount. Type cents (50 or 50¢) or dollars ($0.50 or 0.50).`
	};
}

function bounded(points: number): ParsedAmount {
	if (!Number.isSafeInteger(points) || points > MAX_POINTS) {
		return { ok: false, message: 'That amount is far too large for one hand.' };
	}
	return { ok: true, points };
}

function short(text: string) {
	return text.length > 20 ? `${text.slice(0, 17)}...` : text;
}

/** A bare amount for sentences: digits in points ("25"), dollars and cents in money ("$0.25"). */
export function amountWords(unit: AmountUnit): (points: number) => string {
	return unit === 'money' ? (p) => formatMoney(p) : (p) => String(p);
}
