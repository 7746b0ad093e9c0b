/**
 * The winning hands the generator puts on a rack: plausible shapes (not card lines) and the
 * tiles chosen for them, jokers placed by the joker rules.
 */
import type { Rand } from './random';
import type { Tile } from './types';
import {
	DRAGONS,
	RANKS,
	SUITS,
	SUIT_KEYS,
	WINDS,
	dragonTile,
	flowerTile,
	jokerTile,
	suitTile,
	tileKey,
	windTile,
	type Suit
} from './tiles';

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
