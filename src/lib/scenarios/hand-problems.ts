/**
 * The checks a generated hand must pass (`handProblems`): its size, its groups, where its jokers
 * sit, and how many copies of a tile it holds.
 */
import type { Tile } from './types';
import { isJoker, tileKey } from './tiles';

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
