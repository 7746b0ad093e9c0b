/**
 * The answer fields of a question (misconceptions.md's `answer`): one per paying seat, then the
 * total the receiver gets. Pure; every amount is in whole points (P13).
 */
import {
	SEATS,
	seatLabel,
	type AmountKey,
	type Answer,
	type AnswerKey,
	type Outcome,
	type Seat
} from './types';

/** One input of a question: its `key` and the label shown beside it ("South pays"). */
export interface AnswerField {
	key: AmountKey;
	label: string;
}

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
 * The fields a learner fills in for `outcome`, in seat order then the total: a win asks what
 * each seat other than the winner pays ("South pays") and what the winner receives ("East
 * receives (total)"); a misnamed discard the same with the caller in the winner's place (P12); a
 * wall game asks what each of the four seats pays and the total received, which is 0 (P11).
 */
export function answerFields(outcome: Outcome): AnswerField[] {
	const receiver = receiverOf(outcome);
	const fields: AnswerField[] = SEATS.filter((seat) => seat !== receiver).map((seat) => ({
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

/** The amount of one field in an answer or answer key, in points (undefined: not entered). */
export function amountOf(amounts: Answer | AnswerKey, key: AmountKey): number | undefined {
	return key === 'total' ? amounts.total : amounts.pays[key];
}

/**
 * An answer from amounts read per field (points; a field missing from `amounts` is left out):
 * the seats of `answerFields(outcome)` in `pays`, and the total.
 */
export function answerFrom(outcome: Outcome, amounts: Partial<Record<AmountKey, number>>): Answer {
	const answer: Answer = { pays: {} };
	for (const { key } of answerFields(outcome)) {
		const value = amounts[key];
		if (value === undefined) continue;
		if (key === 'total') answer.total = value;
		else answer.pays[key] = value;
	}
	return answer;
}
