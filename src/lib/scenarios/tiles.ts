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

/**
 * One group of a hand pattern: `same` is a pair/pung/kong/quint of one tile (`flower` asks for
 * flowers); `news` is the four winds as singles; `year` is four year tiles such as 2 0 2 6 (the
 * Soap is the 0); `dragons` is the three dragons as singles.
 */
type GroupSpec =
	| { kind: 'same'; size: 2 | 3 | 4 | 5; flower?: true }
	| { kind: 'news' }
	| { kind: 'year' }
	| { kind: 'dragons' };

const pair: GroupSpec = { kind: 'same', size: 2 };
const pung: GroupSpec = { kind: 'same', size: 3 };
const kong: GroupSpec = { kind: 'same', size: 4 };
const quint: GroupSpec = { kind: 'same', size: 5 };
const flowerPair: GroupSpec = { kind: 'same', size: 2, flower: true };
const flowerKong: GroupSpec = { kind: 'same', size: 4, flower: true };
const news: GroupSpec = { kind: 'news' };
const year: GroupSpec = { kind: 'year' };
const dragons: GroupSpec = { kind: 'dragons' };

/** Hand shapes that may hold jokers (14 tiles each). Plausible structures, not card lines. */
export const JOKER_PATTERNS: readonly (readonly GroupSpec[])[] = [
	[flowerPair, kong, kong, kong],
	[pair, kong, kong, kong],
	[pung, pung, kong, kong],
	[pair, pung, pung, pung, pung],
	[quint, quint, kong],
	[quint, kong, pung, pair],
	[news, kong, kong, pair],
	[year, pung, pung, pair, flowerPair],
	[year, kong, kong, pair],
	[flowerPair, pung, kong, pung, pair],
	[flowerKong, kong, pung, pung],
	[dragons, kong, kong, pung]
];

/** Singles and Pairs shapes: only pairs and singles, never a joker. */
export const SINGLES_AND_PAIRS_PATTERNS: readonly (readonly GroupSpec[])[] = [
	[flowerPair, pair, pair, pair, pair, pair, pair],
	[pair, pair, pair, pair, pair, pair, pair],
	[news, flowerPair, pair, pair, pair, pair],
	[year, pair, pair, pair, pair, pair]
];

const size = (g: GroupSpec): number => (g.kind === 'same' ? g.size : g.kind === 'dragons' ? 3 : 4);

/** Most jokers a shape can hold: every group of 3 or more keeps at least one natural tile. */
export const jokerCapacity = (pattern: readonly GroupSpec[]): number =>
	pattern.reduce((n, g) => n + (g.kind === 'same' && g.size >= 3 ? g.size - 1 : 0), 0);

/** Fewest jokers a shape needs: a quint has at most four natural tiles, so one joker each. */
export const jokerMinimum = (pattern: readonly GroupSpec[]): number =>
	pattern.filter((g) => g.kind === 'same' && g.size === 5).length;

/** Number of tiles of a shape. */
export const patternSize = (pattern: readonly GroupSpec[]): number =>
	pattern.reduce((n, g) => n + size(g), 0);

/** Spreads `jokers` over the groups of 3 or more: at least one in each quint, a natural in each group. */
function spreadJokers(rand: Rand, pattern: readonly GroupSpec[], jokers: number): number[] {
	const counts: number[] = pattern.map((g) => (g.kind === 'same' && g.size === 5 ? 1 : 0));
	let left = jokers - counts.reduce((a, b) => a + b, 0);
	while (left > 0) {
		const open = [...pattern.keys()].filter((i) => {
			const g = pattern[i]!;
			return g.kind === 'same' && g.size >= 3 && counts[i]! < g.size - 1;
		});
		const i = rand.pick(open);
		counts[i]! += 1;
		left -= 1;
	}
	return counts;
}

/** Chooses tiles for the hand's groups, never repeating an identity across groups. */
class TileChooser {
	private readonly used = new Set<string>();
	constructor(
		private readonly rand: Rand,
		private readonly suits: readonly Suit[]
	) {}

	private take(tile: Tile): Tile {
		this.used.add(tileKey(tile));
		return tile;
	}

	private free(tiles: readonly Tile[]): Tile[] {
		return tiles.filter((t) => !this.used.has(tileKey(t)));
	}

	/** A suit tile of the hand's suits not used yet (any suit when those run out). */
	suit(): Tile {
		for (const pool of [this.suits, SUITS]) {
			const free: [Suit, number][] = [];
			for (const s of pool) {
				for (const r of RANKS) if (!this.used.has(SUIT_KEYS[s][r]!)) free.push([s, r]);
			}
			if (free.length > 0) {
				const [s, r] = this.rand.pick(free);
				return this.take(suitTile(s, r));
			}
		}
		throw new RangeError('no suit tile left');
	}

	/** A tile for a pair/pung/kong/quint. */
	same(flower: boolean): Tile {
		if (flower && !this.used.has('flower')) return this.take(flowerTile());
		const kind = this.rand.weighted([
			['suit', 72],
			['dragon', 14],
			['wind', 10],
			['flower', 4]
		] as const);
		const options =
			kind === 'dragon'
				? this.free(DRAGONS.map(dragonTile))
				: kind === 'wind'
					? this.free(WINDS.map(windTile))
					: kind === 'flower'
						? this.free([flowerTile()])
						: [];
		return options.length > 0 ? this.take(this.rand.pick(options)) : this.suit();
	}

	news(): Tile[] {
		return WINDS.map((w) => this.take(windTile(w)));
	}

	dragons(): Tile[] {
		return DRAGONS.map((d) => this.take(dragonTile(d)));
	}

	/** Year tiles such as 2 0 2 6: the digits in one suit, the Soap for 0. */
	year(): Tile[] {
		const suit = this.rand.pick(this.suits);
		const last = this.rand.pick([4, 5, 6]);
		const two = suitTile(suit, 2);
		this.take(two);
		return [
			two,
			this.take(dragonTile('white')),
			suitTile(suit, 2),
			this.take(suitTile(suit, last))
		];
	}
}

const RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** tileKey of each suit tile, by suit and rank. */
const SUIT_KEYS = Object.fromEntries(
	SUITS.map((s) => [s, [0, ...RANKS].map((r) => tileKey(suitTile(s, r)))])
) as Record<Suit, string[]>;
const ALL_SUIT_TILES: readonly Tile[] = SUITS.flatMap((s) => RANKS.map((r) => suitTile(s, r)));

/** Options of `buildHand`. */
export interface HandOptions {
	/** Jokers in the hand, 0..8 (0 for Singles and Pairs). */
	jokers: number;
	/** A Singles and Pairs hand: only pairs and singles, no joker. */
	singlesAndPairs: boolean;
}

/**
 * A plausible 14-tile winning hand as rack groups. Jokers sit only in groups of three or more
 * (never all jokers), never in a pair or single; the hand holds exactly `jokers` jokers and at
 * most four natural copies of any tile (eight flowers). Throws a RangeError when `jokers` is not
 * 0..8, or not 0 for Singles and Pairs.
 */
export function buildHand(rand: Rand, { jokers, singlesAndPairs }: HandOptions): Tile[][] {
	if (!Number.isInteger(jokers) || jokers < 0 || jokers > 8 || (singlesAndPairs && jokers > 0)) {
		throw new RangeError(`buildHand: cannot place ${jokers} jokers`);
	}
	const patterns = singlesAndPairs
		? SINGLES_AND_PAIRS_PATTERNS
		: JOKER_PATTERNS.filter((p) => jokerMinimum(p) <= jokers && jokerCapacity(p) >= jokers);
	const pattern = rand.pick(patterns);
	const suits = rand.shuffle(SUITS).slice(
		0,
		rand.weighted([
			[1, 3],
			[2, 4],
			[3, 3]
		] as const)
	);
	const chooser = new TileChooser(rand, suits);
	const jokerCounts = spreadJokers(rand, pattern, jokers);
	// Singles groups first, so that no pung or pair takes their tiles.
	const specials = pattern.map((g) =>
		g.kind === 'news'
			? chooser.news()
			: g.kind === 'dragons'
				? chooser.dragons()
				: g.kind === 'year'
					? chooser.year()
					: null
	);
	return pattern.map((g, i) => {
		if (g.kind !== 'same') return specials[i]!;
		const j = jokerCounts[i]!;
		const tile = chooser.same(g.flower === true);
		return [
			...Array.from({ length: g.size - j }, () => ({ ...tile })),
			...Array.from({ length: j }, jokerTile)
		];
	});
}

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

/** Year tiles such as 2 0 2 6: a 2, the Soap (0), the same 2 again, then a digit of that suit. */
function isYearGroup(group: readonly Tile[]): boolean {
	const [a, zero, b, last] = group;
	return (
		group.length === 4 &&
		a?.kind === 'suit' &&
		a.rank === 2 &&
		b !== undefined &&
		tileKey(b) === tileKey(a) &&
		zero !== undefined &&
		tileKey(zero) === 'dragon:white' &&
		last?.kind === 'suit' &&
		last.suit === a.suit
	);
}

/**
 * What is wrong with a hand under this generator's rules, as short sentences ([] when nothing):
 * exactly 14 tiles; each group either copies of one tile (pair, pung, kong, quint) or distinct
 * singles (NEWS, dragons) or year tiles (2 0 2 6); jokers only in a group of three or more of one tile that
 * keeps a natural tile, at most 8 in all; at most four natural copies of a tile (eight flowers);
 * Singles and Pairs (`singlesAndPairs`): no joker, only pairs and singles.
 */
export function handProblems(groups: readonly Tile[][], singlesAndPairs: boolean): string[] {
	const problems: string[] = [];
	const tiles = groups.flat();
	if (tiles.length !== 14) problems.push(`the hand has ${tiles.length} tiles, not 14`);
	const naturals = new Map<string, number>();
	groups.forEach((group, i) => {
		const natural = group.filter((t) => !isJoker(t));
		const keys = new Set(natural.map(tileKey));
		const jokers = group.length - natural.length;
		const same = keys.size === 1;
		const singles = jokers === 0 && (keys.size === group.length || isYearGroup(group));
		if (group.length === 0 || group.length > 5)
			problems.push(`group ${i + 1} has ${group.length} tiles`);
		if (!same && !singles) problems.push(`group ${i + 1} mixes tiles`);
		if (jokers > 0 && (group.length < 3 || natural.length === 0)) {
			problems.push(`group ${i + 1} holds a joker where none may go`);
		}
		if (singlesAndPairs && (jokers > 0 || (!singles && group.length !== 2))) {
			problems.push(`group ${i + 1} is not a pair or singles`);
		}
		for (const t of natural) naturals.set(tileKey(t), (naturals.get(tileKey(t)) ?? 0) + 1);
	});
	for (const [key, n] of naturals) {
		if (n > (key === 'flower' ? 8 : 4)) problems.push(`${n} natural ${key} tiles`);
	}
	if (tiles.filter(isJoker).length > 8) problems.push('more than 8 jokers');
	return problems;
}
