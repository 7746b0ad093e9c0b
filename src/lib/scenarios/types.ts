import type { Outcome } from '$lib/payments';

/** The skills a scenario exercises; a round can be restricted to some of them. */
export const SKILLS = [
	'discard',
	'self-pick',
	'joker-exchange',
	'jokerless',
	'undeclared-jokerless',
	'singles-and-pairs',
	'dead-hand',
	'east',
	'wall-game',
	'misnamed-discard',
	'high-value'
] as const;

/** One skill tag. */
export type Skill = (typeof SKILLS)[number];

/** Plain-English names of the skills, for the pages. */
export const SKILL_LABELS: Record<Skill, string> = {
	discard: 'Called discard',
	'self-pick': 'Self-picked',
	'joker-exchange': 'Joker exchange',
	jokerless: 'Jokerless',
	'undeclared-jokerless': 'Undeclared jokerless',
	'singles-and-pairs': 'Singles and Pairs',
	'dead-hand': 'Dead hand',
	east: 'East winning or paying',
	'wall-game': 'Wall game',
	'misnamed-discard': 'Misnamed discard',
	'high-value': 'High-value hand'
};

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
