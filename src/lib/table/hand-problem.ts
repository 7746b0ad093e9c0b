/**
 * Why a hand entered at the table cannot be settled, in the table's words and tied to the field at
 * fault: the engine's code (payments.md, "Impossible outcomes") and the draft tell which field it
 * is (`value-invalid`: the value; `jokers-invalid`: the jokers; a missing discarder; a dead winner
 * or discarder: the dead hands). The engine's own messages stay as they are (the command-line
 * tools print them); a hand impossible as a whole (the winner is the discarder) has no field.
 * Pure.
 */
import { seatLabel, type PaymentError, type Seat } from '$lib/payments';
import type { HandDraft, HandKind } from './hand';

/** A field of the hand form that a problem can belong to. */
export type HandField = 'value' | 'discarder' | 'jokers' | 'singlesAndPairs' | 'dead';

/** Why the hand cannot be: the field at fault (null: the hand as a whole), and what to do. */
export interface HandProblem {
	field: HandField | null;
	/** The dead hand at fault (field `dead`). */
	seat?: Seat;
	/** Plain words for the table: what is wrong and how to put it right. */
	message: string;
}

const WHOLE = /^\d+$/;

/** The value's problem, as typed. */
function valueMessage(typed: string): string {
	if (typed === '') return 'Enter the value from the card.';
	if (!WHOLE.test(typed)) return 'Type the value as a whole number, in figures: for example 25.';
	return 'The value is a number of points from 1 to 1000: check it on the card.';
}

/** The jokers' problem, as typed. */
function jokersMessage(typed: string): string {
	if (typed === '') return 'Enter how many jokers the winning hand holds: 0 to 8 (0 if none).';
	if (!WHOLE.test(typed)) return 'Type the number of jokers in figures, from 0 to 8 (0 if none).';
	return 'A set has only 8 jokers: type a number from 0 to 8.';
}

/**
 * The table's words for an engine `error` about `draft`, and the field it belongs to.
 * `seatName` names a seat ("East", or "East (Ann)" in a ledger).
 */
export function handProblem(
	error: PaymentError,
	draft: HandDraft,
	seatName: (seat: Seat) => string = seatLabel
): HandProblem {
	const misnamed = draft.kind === 'misnamed-discard';
	const winner = seatName(draft.winner);
	const discarder = draft.discarder === '' ? null : draft.discarder;
	switch (error.code) {
		case 'value-invalid':
			return { field: 'value', message: valueMessage(draft.value.trim()) };
		case 'jokers-invalid':
			return { field: 'jokers', message: jokersMessage(draft.jokers.trim()) };
		case 'joker-exchange-jokerless':
			return {
				field: 'jokers',
				message:
					'A joker-exchange win leaves a joker in the hand, so it has at least 1: enter how many, or choose another way she won.'
			};
		case 'singles-and-pairs-joker':
			return {
				field: 'singlesAndPairs',
				message:
					draft.method === 'joker-exchange'
						? 'A Singles and Pairs hand holds no jokers, so it cannot win by joker exchange.'
						: 'A Singles and Pairs hand holds no jokers: set the jokers to 0, or untick this.'
			};
		case 'discarder-missing':
			return { field: 'discarder', message: 'Choose who threw the tile.' };
		case 'winner-is-discarder':
			return {
				field: null,
				message: `${winner} cannot call her own discard: choose another player as the winner or as the one who threw the tile.`
			};
		case 'caller-is-misnamer':
			return {
				field: null,
				message: `${winner} cannot call a tile she misnamed herself: choose another player as the caller or as the one who misnamed it.`
			};
		case 'winner-dead':
			return {
				field: 'dead',
				seat: draft.winner,
				message: `${winner} is marked dead here, and a dead hand cannot win: untick ${winner}, or choose who really ${misnamed ? 'called it' : 'won'}.`
			};
		case 'discarder-dead':
			if (!discarder) break;
			return {
				field: 'dead',
				seat: discarder,
				message: `${seatName(discarder)} is marked dead here, and a dead hand throws no tiles: untick ${seatName(discarder)}, or choose who really ${misnamed ? 'misnamed' : 'threw'} it.`
			};
		case 'seat-invalid':
			// The form's seats are chosen from a list: only a seat not chosen yet can be wrong.
			if (discarder) break;
			return {
				field: 'discarder',
				message: misnamed ? 'Choose who misnamed the tile.' : 'Choose who threw the tile.'
			};
	}
	return { field: null, message: 'This hand cannot be settled as entered: check each field.' };
}

/** The field's words in a sentence ("Fix the jokers above"). */
export function fieldWords(field: HandField, kind: HandKind): string {
	if (field === 'discarder')
		return kind === 'misnamed-discard' ? 'who misnamed the tile' : 'who threw the tile';
	return {
		value: 'the value',
		jokers: 'the jokers',
		singlesAndPairs: 'Singles and Pairs',
		dead: 'the dead hands'
	}[field];
}

/** The id of the message under `field`, in the form whose ids start `id`. */
export const problemId = (id: string, field: HandField): string => `${id}-${field}-problem`;

/** The id of the control at fault (`{id}-value`, `{id}-dead-west`), to go to. */
export const fieldId = (id: string, problem: HandProblem): string =>
	problem.field === 'dead' ? `${id}-dead-${problem.seat}` : `${id}-${problem.field ?? 'kind'}`;

/**
 * The attributes that mark a control invalid and tie it to its message when `problem` is its
 * field's (and, for a dead hand's box, its seat's); else attributes that clear the marks.
 */
export function fieldMarks(
	problem: HandProblem | null | undefined,
	field: HandField,
	id: string,
	seat?: Seat
): { 'aria-invalid': 'true' | undefined; 'aria-describedby': string | undefined } {
	const mine = problem?.field === field && (seat === undefined || problem.seat === seat);
	return {
		'aria-invalid': mine ? 'true' : undefined,
		'aria-describedby': mine ? problemId(id, field) : undefined
	};
}
