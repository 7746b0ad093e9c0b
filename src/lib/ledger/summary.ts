/**
 * A hand in a few words for the ledger's list and its CSV ("Bea won on Cy's discard, 25, jokerless").
 * Pure.
 */
import { seatLabel, type Outcome } from '../payments/index';
import type { SeatMap } from './types';

const METHOD_WORDS = { 'self-pick': 'self-picked', 'joker-exchange': 'by joker exchange' } as const;

/** What happened in a hand, with the players' names for the seats (amounts are the card's value, in points). */
export function handSummary(outcome: Outcome, seats: SeatMap): string {
	const who = (seat: keyof SeatMap) => `${seats[seat]} (${seatLabel(seat)})`;
	if (outcome.kind === 'wall-game') return 'Wall game';
	if (outcome.kind === 'misnamed-discard') {
		return `${who(outcome.misnamer)} misnamed a discard, ${who(outcome.caller)} called it; value ${outcome.value}`;
	}
	const how =
		outcome.method === 'discard' && outcome.discarder
			? `on ${who(outcome.discarder)}'s discard`
			: METHOD_WORDS[outcome.method as keyof typeof METHOD_WORDS];
	const extras = [
		outcome.jokers === 0 && !outcome.singlesAndPairs
			? outcome.declaredJokerless === false
				? 'jokerless, not declared'
				: 'jokerless'
			: null,
		outcome.singlesAndPairs ? 'Singles and Pairs' : null,
		outcome.dead?.length ? `dead: ${outcome.dead.map((s) => seats[s]).join(', ')}` : null
	].filter((x) => x !== null);
	return [`${who(outcome.winner)} won ${how}; value ${outcome.value}`, ...extras].join('; ');
}

/**
 * How a hand ended, in a few words after the winner's (or caller's) name, for a one-line list:
 * "on Cy's discard, 25", "self-picked, 25", "by joker exchange, 25", "called Cy's misnamed tile,
 * 30" (the value in points); "Wall game" alone.
 */
export function handLine(outcome: Outcome, seats: SeatMap): string {
	if (outcome.kind === 'wall-game') return 'Wall game';
	if (outcome.kind === 'misnamed-discard') {
		return `called ${seats[outcome.misnamer]}'s misnamed tile, ${outcome.value}`;
	}
	const how =
		outcome.method === 'discard' && outcome.discarder
			? `on ${seats[outcome.discarder]}'s discard`
			: outcome.method === 'self-pick'
				? 'self-picked'
				: 'by joker exchange';
	return `${how}, ${outcome.value}`;
}
