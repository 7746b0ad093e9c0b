import { SEATS, type Seat, type WinOutcome } from '$lib/payments';
import type { Rand } from './random';
import { isJoker, tileKey } from './tiles';
import type { ScenarioTrap, Tile } from './types';

/** Chance that a jokerless win (declared or not, not Singles and Pairs) shows the P8 trap. */
export const P_TRAP_P8 = 0.35;
/** Chance that a joker-exchange win shows the P4 trap. */
export const P_TRAP_P4 = 0.35;

/** The tile of a group of three or more copies of one tile (jokers aside), else null. */
function exposedTile(group: readonly Tile[]): Tile | null {
	const natural = group.filter((t) => !isJoker(t));
	if (group.length < 3 || natural.length === 0) return null;
	const key = tileKey(natural[0]!);
	return natural.every((t) => tileKey(t) === key) ? natural[0]! : null;
}

/** Seats that may have acted earlier: not the winner, not dead. */
const liveOthers = (win: WinOutcome): Seat[] =>
	SEATS.filter((s) => s !== win.winner && !(win.dead ?? []).includes(s));

/**
 * P8: a group that could have been an exposure holding a joker: three or more copies of one
 * tile (the hand is jokerless, so all natural), not the tile that completed the hand.
 */
function p8Groups(groups: readonly Tile[][], winning: Tile | null): number[] {
	return [...groups.keys()].filter((i) => {
		const tile = exposedTile(groups[i]!);
		return tile !== null && (winning === null || tileKey(tile) !== tileKey(winning));
	});
}

/**
 * P4: a group the winner could have exposed on a called discard: three or more copies of one
 * tile (perhaps with jokers), while another group holds a joker (the joker that completed the
 * hand went into a concealed group, not into a finished exposure).
 */
function p4Groups(groups: readonly Tile[][]): number[] {
	const jokers = groups.map((g) => g.filter(isJoker).length);
	const total = jokers.reduce((a, b) => a + b, 0);
	return [...groups.keys()].filter(
		(i) => exposedTile(groups[i]!) !== null && total - jokers[i]! > 0
	);
}

/**
 * Maybe one of the rules' traps for a win (see `ScenarioTrap`), drawn from `rand`: the P8 trap
 * for a jokerless win that is not Singles and Pairs (chance `P_TRAP_P8`), the P4 trap for a
 * joker-exchange win (chance `P_TRAP_P4`); null otherwise, or when the rack has no group that
 * fits. `groups` is the winner's rack, `winning` the tile that completed the hand (a called or
 * self-picked tile; null for a joker exchange). Never changes the outcome.
 */
export function chooseTrap(
	rand: Rand,
	win: WinOutcome,
	groups: readonly Tile[][],
	winning: Tile | null
): ScenarioTrap | null {
	const seats = liveOthers(win);
	if (seats.length === 0) return null;
	if (win.method === 'joker-exchange') {
		if (!rand.chance(P_TRAP_P4)) return null;
		const options = p4Groups(groups);
		if (options.length === 0) return null;
		const group = rand.pick(options);
		const tile = { ...exposedTile(groups[group]!)! };
		return { rule: 'P4', calledFrom: rand.pick(seats), tile, group };
	}
	if (win.jokers > 0 || win.singlesAndPairs === true) return null;
	if (!rand.chance(P_TRAP_P8)) return null;
	const options = p8Groups(groups, winning);
	if (options.length === 0) return null;
	const group = rand.pick(options);
	const tile = { ...exposedTile(groups[group]!)! };
	return { rule: 'P8', takenBy: rand.pick(seats), tile, group };
}
