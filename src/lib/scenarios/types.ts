import type { Outcome, Seat, Skill } from '$lib/payments';

/** A suit tile: bams, craks or dots, rank 1 to 9. */
export interface SuitTile {
	kind: 'suit';
	suit: 'bam' | 'crak' | 'dot';
	rank: number;
}
/** An honor or special tile. */
export interface HonorTile {
	kind: 'wind' | 'dragon' | 'flower' | 'joker';
	/** wind: 'E' | 'S' | 'W' | 'N'; dragon: 'red' | 'green' | 'white' (soap); flower and joker: '' */
	name: string;
}
/** One tile of the winning hand (drawn on the rack picture). */
export type Tile = SuitTile | HonorTile;

/**
 * One of the rules' two traps, shown in a question's story (the outcome is unchanged by it):
 *
 * - `P8`: the winner's hand is jokerless (jokers 0, declared or not, never Singles and Pairs),
 *   but earlier `takenBy` took the joker out of one of her exposures by joker exchange, giving
 *   `tile` for it. The exposure is rack group `group` (`groups[group]`), which now holds only
 *   natural copies of `tile`. Still jokerless (P8): the hand holds no joker at mah jongg.
 * - `P4`: a joker-exchange win after the winner called `calledFrom`'s discarded `tile` earlier for
 *   an exposure, rack group `group` (copies of `tile`, perhaps with jokers). Still paid as
 *   self-picked (P4): `calledFrom` pays nothing extra for that discard.
 *
 * `takenBy` and `calledFrom` are never the winner and never a dead seat (a dead hand stops
 * playing: it throws no tiles and exchanges no jokers).
 */
export type ScenarioTrap =
	| { rule: 'P8'; takenBy: Seat; tile: Tile; group: number }
	| { rule: 'P4'; calledFrom: Seat; tile: Tile; group: number };

/**
 * One practice question: a valid `outcome` (settles without error), the `skills` it exercises,
 * a short `narrative` of what happened at the table, and for wins and misnamed discards the
 * winner's or caller's 14-tile `hand` grouped as on the rack (`groups`, each a pung/kong/pair/...;
 * jokers only in groups of three or more; none in Singles and Pairs). A wall game has no hand.
 * `trap` (optional; absent in questions stored before it existed and in most questions) names
 * the rules' trap the narrative tells of, P8 or P4 (see `ScenarioTrap`).
 * `id` is stable for a seed and index: `${seed}:${index}`.
 */
export interface Scenario {
	id: string;
	seed: string;
	index: number;
	outcome: Outcome;
	skills: Skill[];
	narrative: string;
	groups: Tile[][];
	trap?: ScenarioTrap;
}
