/**
 * Seats over a night (house-rules.md, "Seats over a night"): the deal passes to the right after
 * every hand, a wall game included; with a fifth player, East sits out the next hand and the one
 * who sat out takes North. A hand whose seats were set by hand starts the passing again from
 * there. Pure.
 */
import type { SeatMap } from './types';

/**
 * Who sits where in the hand after one played in `seats` by `players` (4 or 5 names): South
 * becomes East, West South, North West; with four, East becomes North; with five, the player who
 * sat out takes North and East sits out.
 */
export function passSeats(seats: SeatMap, players: readonly string[]): SeatMap {
	const out = sittingOut(seats, players);
	return { east: seats.south, south: seats.west, west: seats.north, north: out ?? seats.east };
}

/** The player who sits out a hand played in `seats` (null with four players). */
export function sittingOut(seats: SeatMap, players: readonly string[]): string | null {
	if (players.length < 5) return null;
	const seated = new Set([seats.east, seats.south, seats.west, seats.north]);
	return players.find((p) => !seated.has(p)) ?? null;
}

/** The first hand's seats when nobody set them: the players in the night's order (the fifth sits out). */
export function firstSeats(players: readonly string[]): SeatMap {
	const [east, south, west, north] = players as [string, string, string, string];
	return { east, south, west, north };
}

/**
 * Every hand's seats: a hand's own `seats` when it has them (set by hand), else passed on from
 * the hand before (`passSeats`); the first hand without seats sits as `firstSeats`.
 */
export function seatsOfHands(
	hands: readonly { seats?: SeatMap | undefined }[],
	players: readonly string[]
): SeatMap[] {
	const out: SeatMap[] = [];
	for (const hand of hands) {
		const before = out.at(-1);
		out.push(hand.seats ?? (before ? passSeats(before, players) : firstSeats(players)));
	}
	return out;
}
