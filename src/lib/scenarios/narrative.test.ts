import { describe, expect, it } from 'vitest';
import { narrate } from './narrative';
import { Rand } from './random';
import { dragonTile, suitTile, windTile } from './tiles';

const rand = () => new Rand('narrative');

describe('narrate', () => {
	it('tells a called discard with jokers and a dead hand', () => {
		const text = narrate(
			rand(),
			{
				kind: 'win',
				value: 30,
				winner: 'north',
				method: 'discard',
				discarder: 'west',
				jokers: 2,
				dead: ['south']
			},
			{ kind: 'discard', tile: suitTile('bam', 5) }
		);
		expect(text).toMatch(
			/^West (threw|discarded) the 5 Bam; North called it for mah jongg with a 30-point hand holding two jokers\. South's hand (is|was declared) dead/
		);
	});

	it('tells a self-pick, declared jokerless', () => {
		const text = narrate(
			rand(),
			{ kind: 'win', value: 80, winner: 'east', method: 'self-pick', jokers: 0 },
			{ kind: 'self-pick', tile: windTile('N') }
		);
		expect(text).toBe(
			'East picked the winning tile, the North wind, from the wall and declared mah jongg with an 80-point hand. The hand holds no joker, and East declared jokerless.'
		);
	});

	it('tells a joker exchange', () => {
		const text = narrate(
			rand(),
			{ kind: 'win', value: 40, winner: 'south', method: 'joker-exchange', jokers: 1 },
			{ kind: 'joker-exchange', tile: suitTile('dot', 7), exposureOf: 'west' }
		);
		expect(text).toBe(
			"South exchanged a 7 Dot for a joker in West's exposure to complete the hand: mah jongg with a 40-point hand holding one joker."
		);
	});

	it('tells an undeclared jokerless hand, a Singles and Pairs hand and two dead hands', () => {
		const undeclared = narrate(
			rand(),
			{
				kind: 'win',
				value: 25,
				winner: 'north',
				method: 'self-pick',
				jokers: 0,
				declaredJokerless: false
			},
			{ kind: 'self-pick', tile: dragonTile('white') }
		);
		expect(undeclared).toContain('the Soap');
		expect(undeclared).toContain('The hand holds no joker, but North did not declare jokerless.');
		const sp = narrate(
			rand(),
			{
				kind: 'win',
				value: 50,
				winner: 'west',
				method: 'discard',
				discarder: 'east',
				jokers: 0,
				singlesAndPairs: true,
				dead: ['south', 'north']
			},
			{ kind: 'discard', tile: suitTile('crak', 2) }
		);
		expect(sp).toContain('with a 50-point Singles and Pairs hand.');
		expect(sp).not.toContain('jokerless');
		expect(sp).toContain('South and North both have dead hands.');
	});

	it('tells a wall game and a misnamed discard', () => {
		expect(narrate(rand(), { kind: 'wall-game' }, { kind: 'wall-game' })).toBe(
			'The wall ran out and nobody declared mah jongg.'
		);
		expect(
			narrate(
				rand(),
				{ kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' },
				{ kind: 'misnamed-discard', named: suitTile('crak', 3), actual: suitTile('dot', 3) }
			)
		).toBe(
			"West threw a tile and called it '3 Crak', but it was the 3 Dot. North called it for mah jongg on that name with a 30-point hand. The game stops."
		);
	});

	it("tells the P8 trap: a joker taken from the winner's exposure earlier", () => {
		const text = narrate(
			rand(),
			{ kind: 'win', value: 30, winner: 'south', method: 'discard', discarder: 'north', jokers: 0 },
			{
				kind: 'discard',
				tile: suitTile('crak', 2),
				trap: { rule: 'P8', takenBy: 'west', tile: suitTile('bam', 4), group: 1 }
			}
		);
		expect(text).toMatch(
			/^North (threw|discarded) the 2 Crak; South called it for mah jongg with a 30-point hand\. Earlier, West exchanged a 4 Bam for the joker in South's exposure of 4 Bams\. The hand holds no joker, and South declared jokerless\.$/
		);
		const flowers = narrate(
			rand(),
			{
				kind: 'win',
				value: 25,
				winner: 'east',
				method: 'self-pick',
				jokers: 0,
				declaredJokerless: false
			},
			{
				kind: 'self-pick',
				tile: suitTile('dot', 8),
				trap: { rule: 'P8', takenBy: 'north', tile: { kind: 'flower', name: '' }, group: 0 }
			}
		);
		expect(flowers).toContain(
			"Earlier, North exchanged a Flower for the joker in East's exposure of Flowers. The hand holds no joker, but East did not declare jokerless."
		);
	});

	it('tells the P4 trap: a discard called for an exposure before the joker exchange', () => {
		const text = narrate(
			rand(),
			{ kind: 'win', value: 40, winner: 'north', method: 'joker-exchange', jokers: 2 },
			{
				kind: 'joker-exchange',
				tile: suitTile('bam', 1),
				exposureOf: 'west',
				trap: { rule: 'P4', calledFrom: 'east', tile: suitTile('dot', 7), group: 2 }
			}
		);
		expect(text).toBe(
			"North exchanged a 1 Bam for a joker in West's exposure to complete the hand: mah jongg with a 40-point hand holding two jokers. Earlier, North called East's discarded 7 Dot for an exposure."
		);
		expect(
			narrate(
				rand(),
				{ kind: 'win', value: 40, winner: 'north', method: 'joker-exchange', jokers: 2 },
				{
					kind: 'joker-exchange',
					tile: suitTile('bam', 1),
					exposureOf: 'west',
					trap: { rule: 'P4', calledFrom: 'south', tile: windTile('E'), group: 0 }
				}
			)
		).toContain("Earlier, North called South's discarded East wind for an exposure.");
	});
});
