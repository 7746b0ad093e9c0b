import type { Outcome, Skill } from '$lib/payments';

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
 * One practice question: a valid `outcome` (settles without error), the `skills` it exercises,
 * a short `narrative` of what happened at the table, and for wins and misnamed discards the
 * winner's or caller's 14-tile `hand` grouped as on the rack (`groups`, each a pung/kong/pair/...;
 * jokers only in groups of three or more; none in Singles and Pairs). A wall game has no hand.
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
}
