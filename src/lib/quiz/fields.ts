/**
 * The answer fields of a practice question and the amounts that are right for them. Pure
 * functions; every amount is in whole points (P13). The fields follow `answer.pays` of
 * shared/spec/misconceptions.md: one per paying seat, plus the total the receiver gets.
 */
import { SEATS, seatLabel, type Outcome, type Seat, type Settlement } from '$lib/payments';

/** What an answer field asks for: what one seat pays, or the `'total'` the receiver gets. */
export type AnswerKey = Seat | 'total';

/** One input of a question: its `key` and the label shown beside it ("South pays"). */
export interface AnswerField {
	key: AnswerKey;
	label: string;
}

/** The right amount, in points, for every field of a question. */
export type ExpectedAmounts = Partial<Record<AnswerKey, number>>;

/**
 * The seat that receives: the winner of a mah jongg, the caller of a misnamed discard (P12),
 * nobody (`null`) on a wall game (P11).
 */
export function receiverOf(outcome: Outcome): Seat | null {
	if (outcome.kind === 'win') return outcome.winner;
	if (outcome.kind === 'misnamed-discard') return outcome.caller;
	return null;
}

/**
 * The fields a learner fills in for `outcome`, in seat order then the total:
 * a win asks what each seat other than the winner pays ("South pays") and what the winner
 * receives ("East receives (total)"); a misnamed discard the same with the caller in the
 * winner's place (P12); a wall game asks what each of the four seats pays and the total
 * received, which is 0 (P11).
 */
export function answerFields(outcome: Outcome): AnswerField[] {
	const receiver = receiverOf(outcome);
	const payers = SEATS.filter((seat) => seat !== receiver);
	const fields: AnswerField[] = payers.map((seat) => ({
		key: seat,
		label: `${seatLabel(seat)} pays`
	}));
	fields.push({
		key: 'total',
		label:
			receiver === null ? 'Total received (wall game)' : `${seatLabel(receiver)} receives (total)`
	});
	return fields;
}

/**
 * The right amount for each field of `answerFields(outcome)`, read from `settlement` (the
 * engine's answer for that same outcome): each paying seat's `breakdown` points (0 for a seat
 * that pays nothing) and the settlement's `total`. Throws an Error when the settlement has no
 * breakdown for a paying seat, which means it belongs to another outcome.
 */
export function expectedAmounts(settlement: Settlement, outcome: Outcome): ExpectedAmounts {
	const expected: ExpectedAmounts = {};
	for (const field of answerFields(outcome)) {
		if (field.key === 'total') {
			expected.total = settlement.total;
			continue;
		}
		const payer = settlement.breakdown.find((b) => b.seat === field.key);
		if (!payer) throw new Error(`The settlement has no amount for ${field.key}.`);
		expected[field.key] = payer.points;
	}
	return expected;
}
