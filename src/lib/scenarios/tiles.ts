/**
 * The tiles: their identities, how players name them, and the tiles a question picks beside a
 * hand (the one given in a joker exchange, one easily misnamed).
 */
import type { Rand } from './random';
import type { HonorTile, SuitTile, Tile } from './types';

/** The three suits. */
export const SUITS = ['bam', 'crak', 'dot'] as const;
/** One suit. */
export type Suit = (typeof SUITS)[number];
/** Wind tile names, in NEWS order. */
export const WINDS = ['N', 'E', 'W', 'S'] as const;
/** Dragon tile names ('white' is the Soap, which also serves as 0 in year tiles). */
export const DRAGONS = ['red', 'green', 'white'] as const;

/** A suit tile. */
export const suitTile = (suit: Suit, rank: number): SuitTile => ({ kind: 'suit', suit, rank });
/** A wind tile: 'E', 'S', 'W' or 'N'. */
export const windTile = (name: (typeof WINDS)[number]): HonorTile => ({ kind: 'wind', name });
/** A dragon tile: 'red', 'green' or 'white' (Soap). */
export const dragonTile = (name: (typeof DRAGONS)[number]): HonorTile => ({ kind: 'dragon', name });
/** A flower (all eight flowers are interchangeable). */
export const flowerTile = (): HonorTile => ({ kind: 'flower', name: '' });
/** A joker. */
export const jokerTile = (): HonorTile => ({ kind: 'joker', name: '' });

/** True for a joker. */
export const isJoker = (tile: Tile): boolean => tile.kind === 'joker';

/** A key naming the tile's identity ('bam5', 'wind:E', 'dragon:red', 'flower', 'joker'). */
export function tileKey(tile: Tile): string {
	return tile.kind === 'suit'
		? `${tile.suit}${tile.rank}`
		: tile.name
			? `${tile.kind}:${tile.name}`
			: tile.kind;
}

const SUIT_NAMES: Record<Suit, string> = { bam: 'Bam', crak: 'Crak', dot: 'Dot' };
const WIND_NAMES: Record<string, string> = { E: 'East', S: 'South', W: 'West', N: 'North' };
const DRAGON_NAMES: Record<string, string> = {
	red: 'Red Dragon',
	green: 'Green Dragon',
	white: 'Soap'
};

/** The tile's name as players say it: '5 Bam', 'North wind', 'Red Dragon', 'Soap', 'Flower', 'Joker'. */
export function tileName(tile: Tile): string {
	switch (tile.kind) {
		case 'suit':
			return `${tile.rank} ${SUIT_NAMES[tile.suit]}`;
		case 'wind':
			return `${WIND_NAMES[tile.name] ?? tile.name} wind`;
		case 'dragon':
			return DRAGON_NAMES[tile.name] ?? tile.name;
		case 'flower':
			return 'Flower';
		case 'joker':
			return 'Joker';
	}
}

/**
 * The tile's name with an article: 'the 5 Bam', or with `article` 'a': 'a 5 Bam', 'an 8 Dot',
 * 'an East wind'. Always 'a Flower' and 'a joker' (those tiles are interchangeable).
 */
export function tileWithArticle(tile: Tile, article: 'the' | 'a'): string {
	if (tile.kind === 'flower') return 'a Flower';
	if (tile.kind === 'joker') return 'a joker';
	const name = tileName(tile);
	if (article === 'the') return `the ${name}`;
	return `${/^[8AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
}

/** The suit ranks, 1 to 9. */
export const RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** tileKey of each suit tile, by suit and rank (index 0 unused). */
export const SUIT_KEYS = Object.fromEntries(
	SUITS.map((s) => [s, [0, ...RANKS].map((r) => tileKey(suitTile(s, r)))])
) as Record<Suit, string[]>;
const ALL_SUIT_TILES: readonly Tile[] = SUITS.flatMap((s) => RANKS.map((r) => suitTile(s, r)));

/** The hand's natural (non-joker) tiles, in rack order. */
export const naturalTiles = (groups: readonly Tile[][]): Tile[] =>
	groups.flat().filter((t) => !isJoker(t));

/** A suit tile the hand does not hold (e.g. the tile given away in a joker exchange). */
export function suitTileNotIn(rand: Rand, groups: readonly Tile[][]): Tile {
	const held = new Set(groups.flat().map(tileKey));
	const options = ALL_SUIT_TILES.filter((t) => !held.has(tileKey(t)));
	return { ...rand.pick(options.length > 0 ? options : ALL_SUIT_TILES) };
}

/**
 * A tile that is easily confused with `tile` when named aloud (for a misnamed discard): another
 * suit of the same rank, a neighbouring rank of the same suit, another wind or dragon.
 */
export function confusableTile(rand: Rand, tile: Tile): Tile {
	if (tile.kind === 'suit') {
		if (rand.chance(0.7))
			return suitTile(rand.pick(SUITS.filter((s) => s !== tile.suit)), tile.rank);
		const ranks = [tile.rank - 1, tile.rank + 1].filter((r) => r >= 1 && r <= 9);
		return suitTile(tile.suit, rand.pick(ranks));
	}
	if (tile.kind === 'wind') return windTile(rand.pick(WINDS.filter((w) => w !== tile.name)));
	if (tile.kind === 'dragon') return dragonTile(rand.pick(DRAGONS.filter((d) => d !== tile.name)));
	return suitTile(rand.pick(SUITS), rand.int(1, 9));
}
