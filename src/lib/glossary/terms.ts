/**
 * The glossary: every field term the app uses, each with a plain definition for a beginner (the
 * /rules page's "Glossary" section, and the definitions a tapped term shows in place). Pure data
 * and one pure function; loaded on demand by the pages that show terms, so no first load carries
 * it.
 */

/**
 * One term: its `id` (the anchor on /rules: `/rules#term-soap`), the `term` as the glossary heads
 * it, its `meaning` in one or two plain sentences, and `words`, the forms that count as a use of
 * it in a sentence (matched whole, ignoring case; longer forms first where they overlap).
 */
export interface GlossaryTerm {
	id: string;
	term: string;
	meaning: string;
	words: readonly string[];
}

/** Every term, in the order the glossary lists them. */
export const GLOSSARY: readonly GlossaryTerm[] = [
	{
		id: 'mah-jongg',
		term: 'Mah jongg',
		meaning:
			'The moment a player completes her hand and wins; she says "mah jongg". What counts for the payments is the hand at that moment.',
		words: ['mah jongg']
	},
	{
		id: 'card',
		term: 'Card',
		meaning:
			"The League's printed list of this year's hands. Every player plays a hand from it; a new card comes out each year.",
		words: ['card']
	},
	{
		id: 'value',
		term: 'Value (v)',
		meaning:
			"The number printed at the end of a hand's line on the card: usually 25 to 50 points, more for a few hard hands. Every payment is worked out from it.",
		words: ['value']
	},
	{
		id: 'rack',
		term: 'Rack',
		meaning:
			'The stand in front of each player that holds her tiles; her exposures are laid face up on top of it.',
		words: ['rack']
	},
	{
		id: 'exposure',
		term: 'Exposure',
		meaning:
			'A group of tiles (a pung, kong, ...) a player has laid face up on her rack after calling a discard for it. Everyone can see it.',
		words: ['exposures', 'exposure']
	},
	{
		id: 'discard',
		term: 'Discard and discarder',
		meaning:
			'Each turn a player throws one tile into the middle, naming it aloud: her discard. When the winner calls that tile to complete her hand, the player who threw it is the discarder.',
		words: ['discarder', 'discards', 'discarded', 'discard']
	},
	{
		id: 'calling',
		term: 'Calling',
		meaning:
			'Claiming another player\'s discard ("call!") to make an exposure or to complete a hand for mah jongg.',
		words: ['called', 'calls', 'calling', 'call', 'caller']
	},
	{
		id: 'self-picked',
		term: 'Self-picked',
		meaning: 'The winner drew the tile that completes her hand from the wall herself.',
		words: ['self-picked', 'self-pick', 'self-picks']
	},
	{
		id: 'joker',
		term: 'Joker',
		meaning:
			'A tile marked JOKER (eight in the set) that can stand for any tile in a group of three or more, never in a pair or a single.',
		words: ['jokers', 'joker']
	},
	{
		id: 'joker-exchange',
		term: 'Joker exchange',
		meaning:
			"On her turn a player may give the real tile for a joker in someone's exposure and take the joker. A win completed with that joker is paid like a self-pick.",
		words: ['joker exchange', 'exchanged', 'exchanging']
	},
	{
		id: 'jokerless',
		term: 'Jokerless, and declaring it',
		meaning:
			'A winning hand with no joker at mah jongg. The winner must say "jokerless" (declare it) to be paid the bonus: every payment doubles once more. Not for Singles and Pairs.',
		words: ['jokerless', 'declared', 'declare', 'declaring']
	},
	{
		id: 'singles-and-pairs',
		term: 'Singles and Pairs',
		meaning:
			'A section of the card whose hands are made of single tiles and pairs only, so they can hold no joker. No jokerless bonus: the value already counts that.',
		words: ['singles and pairs']
	},
	{
		id: 'dead-hand',
		term: 'Dead hand',
		meaning:
			'A hand that can no longer win (for example, a wrong exposure): the table declares it dead and its player stops playing, but still pays the winner like everyone else.',
		words: ['dead hand', 'dead hands', 'dead']
	},
	{
		id: 'wall-game',
		term: 'Wall game',
		meaning: 'The wall of tiles runs out and nobody has won. Nobody pays anybody.',
		words: ['wall game']
	},
	{
		id: 'misnamed-discard',
		term: 'Misnamed discard',
		meaning:
			'A player names her discard wrongly ("5 Dot" for a 6 Dot) and someone calls it for mah jongg on that name. The game stops; the player who misnamed it pays the caller 4 × the value.',
		words: ['misnamed discard', 'misnamed', 'misnamer']
	},
	{
		id: 'east',
		term: 'East',
		meaning:
			'The dealer. Under League rules East pays and collects exactly like everyone else: no double for East.',
		words: ['east']
	},
	{
		id: 'seats',
		term: 'The seats: East, South, West, North',
		meaning:
			'The four players, named by where they sit. Play goes to the right, from East to South, West and North.',
		words: ['south', 'west', 'north', 'seats', 'seat']
	},
	{
		id: 'bams',
		term: 'Bams',
		meaning: 'Bamboos: one of the three suits, tiles 1 to 9, drawn in green here.',
		words: ['bams', 'bam', 'bamboo']
	},
	{
		id: 'craks',
		term: 'Craks',
		meaning: 'Characters: one of the three suits, tiles 1 to 9, drawn in red here.',
		words: ['craks', 'crak']
	},
	{
		id: 'dots',
		term: 'Dots',
		meaning: 'One of the three suits, tiles 1 to 9, drawn in blue here.',
		words: ['dots', 'dot']
	},
	{
		id: 'winds',
		term: 'Winds',
		meaning: 'Four tiles marked N, E, W and S (North, East, West, South), four of each. No suit.',
		words: ['winds', 'wind']
	},
	{
		id: 'dragons',
		term: 'Dragons',
		meaning:
			'Three kinds, four of each: the Red dragon (goes with Craks), the Green dragon (goes with Bams) and Soap, the white dragon (goes with Dots).',
		words: ['dragons', 'dragon']
	},
	{
		id: 'soap',
		term: 'Soap',
		meaning:
			'The white dragon: a tile with a blank frame (no letter). It goes with the Dots, and also serves as zero in a year on the card.',
		words: ['soaps', 'soap', 'white dragon']
	},
	{
		id: 'red',
		term: 'Red dragon',
		meaning: 'A dragon marked with a red R (or a red character). It goes with the Craks.',
		words: ['red dragon', 'red']
	},
	{
		id: 'green',
		term: 'Green dragon',
		meaning: 'A dragon marked with a green G (or a green character). It goes with the Bams.',
		words: ['green dragon', 'green']
	},
	{
		id: 'flowers',
		term: 'Flowers',
		meaning:
			'Eight tiles with flowers (or seasons) on them, all alike for play. No suit; a few hands use them.',
		words: ['flowers', 'flower']
	}
];

/** The term with this `id`, if any. */
export function glossaryTerm(id: string): GlossaryTerm | undefined {
	return GLOSSARY.find((t) => t.id === id);
}

/** A piece of a sentence: plain `text`, or a use of a glossary `term`. */
export type Piece = { text: string; term?: GlossaryTerm };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` cut into pieces where glossary terms are used: the first use of each term not in `seen`
 * is a piece with its `term`; everything else is plain text. The ids of the terms marked are
 * added to `seen`, so a page can mark only the first use across several sentences. Whole words
 * only, ignoring case.
 */
export function glossaryPieces(text: string, seen: Set<string> = new Set()): Piece[] {
	const byWord = new Map<string, GlossaryTerm>();
	for (const t of GLOSSARY) for (const w of t.words) if (!byWord.has(w)) byWord.set(w, t);
	const words = [...byWord.keys()].sort((a, b) => b.length - a.length);
	const pattern = new RegExp(`\\b(${words.map(escape).join('|')})\\b`, 'gi');
	const pieces: Piece[] = [];
	let last = 0;
	for (const m of text.matchAll(pattern)) {
		const term = byWord.get(m[0].toLowerCase())!;
		if (seen.has(term.id)) continue;
		seen.add(term.id);
		if (m.index > last) pieces.push({ text: text.slice(last, m.index) });
		pieces.push({ text: m[0], term });
		last = m.index + m[0].length;
	}
	if (last < text.length) pieces.push({ text: text.slice(last) });
	return pieces;
}
