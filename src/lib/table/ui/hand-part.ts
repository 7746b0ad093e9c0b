import type { Seat } from '$lib/payments';
import type { HandDraft } from '../hand';
import type { HandProblem } from '../hand-problem';

/** What each part of the hand form (`HandPlayers`, `HandDetails`) takes from `HandForm`. */
export interface HandPartProps {
	/** The hand as typed (bound: the part writes its own fields). */
	draft: HandDraft;
	/** A seat's name as shown ("East", or "East (Ann)" in a ledger). */
	seatName: (seat: Seat) => string;
	/** Prefix of the fields' ids. */
	id: string;
	/** Why the hand cannot be, if it cannot (each part shows the problems of its own fields). */
	problem?: HandProblem | null;
}
