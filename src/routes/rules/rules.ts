/**
 * The rules page's words: every payment rule P1 ... P13 of docs/rules.md in plain words
 * for a beginner, with a tiny example where it helps. An example names an outcome; the page asks
 * the engine what it pays (`examples.ts`), so no amount is typed in here. Pure data. In "4 × v"
 * the spaces are no-break spaces (`\u00a0`), so a phone never breaks it across two lines.
 */
import type { Outcome, RuleId } from '$lib/payments';

/**
 * A tiny example: a `story` of the hand, then either the `outcome` the engine settles (its
 * payments are shown in words, then `after`, if any) or `points` shown as money (P13).
 */
export type RuleExample =
	| { story: string; outcome: Outcome; after?: string }
	| { story: string; points: readonly number[] };

/**
 * One rule as the page explains it: its `id`, a one-line `statement`, a short plain
 * `explanation` (one paragraph per string), an optional `example` and the `related` rules it
 * builds on (shown as links).
 */
export interface RuleText {
	id: RuleId;
	statement: string;
	explanation: readonly string[];
	example?: RuleExample;
	related?: readonly RuleId[];
}

/** Every rule, in the spec's order. */
export const RULE_TEXTS: readonly RuleText[] = [
	{
		id: 'P1',
		statement: 'Only the winner is paid. Players who did not win never pay each other.',
		explanation: [
			'When someone calls mah jongg, every payment goes to the winner. The other three players settle with the winner only.',
			'The winner gets what the three pay, added up.'
		],
		example: {
			story: 'North calls a tile South threw, for mah jongg on a hand worth 30.',
			outcome: {
				kind: 'win',
				value: 30,
				winner: 'north',
				method: 'discard',
				discarder: 'south',
				jokers: 2
			},
			after: 'East and West owe South nothing for the tile she threw.'
		}
	},
	{
		id: 'P2',
		statement:
			'The discarder pays twice the value (2\u00a0×\u00a0v). Each of the other two players pays the value (v).',
		explanation: [
			'The discarder is the player who threw the tile the winner called for mah jongg. Her tile completed the hand, so she pays double.',
			'The other two players pay the value printed on the card, once.'
		],
		example: {
			story: 'West throws the tile East calls for mah jongg, on a hand worth 25 with a joker.',
			outcome: {
				kind: 'win',
				value: 25,
				winner: 'east',
				method: 'discard',
				discarder: 'west',
				jokers: 1
			}
		}
	},
	{
		id: 'P3',
		statement: 'Each of the three other players pays twice the value (2\u00a0×\u00a0v).',
		explanation: [
			'The winner drew the winning tile from the wall herself. Nobody threw it, so there is no discarder: all three players pay double.'
		],
		example: {
			story: 'South draws the tile that completes her hand, worth 30 with two jokers.',
			outcome: { kind: 'win', value: 30, winner: 'south', method: 'self-pick', jokers: 2 }
		}
	},
	{
		id: 'P4',
		statement:
			'Paid exactly like a self-pick: each of the three other players pays 2\u00a0×\u00a0v.',
		explanation: [
			"The winner completes her hand by trading a tile for a joker in another player's exposure, and that joker completes the hand. Nobody threw the winning tile, so there is no discarder.",
			'This holds even if an earlier discard of some player was called for an exposure in the same game: nobody pays extra for that.'
		],
		example: {
			story:
				"Earlier in the game North called a tile South threw, for an exposure. Now North trades a tile for a joker in West's exposure, and the joker completes her hand, worth 40.",
			outcome: { kind: 'win', value: 40, winner: 'north', method: 'joker-exchange', jokers: 1 },
			after: 'South pays no more than the others for that earlier tile.'
		},
		related: ['P3']
	},
	{
		id: 'P5',
		statement: 'If the winning hand holds no joker at mah jongg, every payment doubles once more.',
		explanation: [
			'Work out each payment as for a called discard or a self-pick, then double it again. On a jokerless called discard the discarder pays 4\u00a0×\u00a0v and the other two 2\u00a0×\u00a0v; on a jokerless self-pick all three pay 4\u00a0×\u00a0v.',
			'A joker-exchange win always holds a joker (the one it took), so it never gets this bonus.'
		],
		example: {
			story:
				'West throws the tile East calls for mah jongg. East\'s hand, worth 25, holds no joker, and she declares "jokerless".',
			outcome: {
				kind: 'win',
				value: 25,
				winner: 'east',
				method: 'discard',
				discarder: 'west',
				jokers: 0
			}
		},
		related: ['P2', 'P3', 'P6', 'P7']
	},
	{
		id: 'P6',
		statement:
			'The winner must declare "jokerless" to get the bonus. A jokerless hand that is not declared is paid without it.',
		explanation: [
			'Say "jokerless" when you call mah jongg. If you forget, your hand is paid as if it held a joker.'
		],
		example: {
			story:
				'South draws her winning tile; her hand, worth 25, holds no joker, but she does not say "jokerless".',
			outcome: {
				kind: 'win',
				value: 25,
				winner: 'south',
				method: 'self-pick',
				jokers: 0,
				declaredJokerless: false
			}
		},
		related: ['P5']
	},
	{
		id: 'P7',
		statement:
			"No jokerless bonus for a Singles and Pairs hand. The discarder's double and the self-pick double still apply.",
		explanation: [
			'Hands in the Singles and Pairs section of the card cannot use jokers at all, and their value on the card already allows for that. So they never get the jokerless bonus, though they hold no joker.'
		],
		example: {
			story: 'West draws the tile that completes her Singles and Pairs hand, worth 50.',
			outcome: {
				kind: 'win',
				value: 50,
				winner: 'west',
				method: 'self-pick',
				jokers: 0,
				singlesAndPairs: true
			}
		},
		related: ['P2', 'P3', 'P5']
	},
	{
		id: 'P8',
		statement:
			"Jokers taken out of the winner's exposures by other players do not matter: if the hand holds no joker at mah jongg, it is jokerless.",
		explanation: [
			'During the game other players may trade tiles for the jokers in your exposures. What counts is your hand at the moment of mah jongg: if no joker is left in it, it is jokerless (say so to get the bonus).'
		],
		example: {
			story:
				'East had a joker in an exposure; North traded a tile for it. East then draws her winning tile, with no joker left in her hand, worth 30, and declares "jokerless".',
			outcome: { kind: 'win', value: 30, winner: 'east', method: 'self-pick', jokers: 0 }
		},
		related: ['P5', 'P6']
	},
	{
		id: 'P9',
		statement: 'A player with a dead hand pays the winner exactly as any other player does.',
		explanation: [
			'A dead hand can no longer win, and its player stops playing and throws no more tiles. She still pays when someone wins: the value, or 2\u00a0×\u00a0v on a self-pick, doubled again for a jokerless hand.'
		],
		example: {
			story:
				"North's hand was declared dead. Later East draws the tile that completes her hand, worth 25 with a joker.",
			outcome: {
				kind: 'win',
				value: 25,
				winner: 'east',
				method: 'self-pick',
				jokers: 1,
				dead: ['north']
			},
			after: 'North pays the same as the others.'
		}
	},
	{
		id: 'P10',
		statement: 'East pays and collects like everyone else: no double for East under League rules.',
		explanation: [
			'Some web pages and older books say East pays or collects double. That is an old or house rule, not the League rule: this app never doubles for East.'
		],
		example: {
			story: 'East draws the tile that completes her hand, worth 25 with a joker.',
			outcome: { kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 1 }
		}
	},
	{
		id: 'P11',
		statement: 'When the wall runs out and nobody has won, nobody pays anybody.',
		explanation: ['Nobody won, so there is nobody to pay: no money changes hands.'],
		example: {
			story: 'The last tile is drawn and discarded, and nobody calls mah jongg.',
			outcome: { kind: 'wall-game' }
		}
	},
	{
		id: 'P12',
		statement:
			"The player who named a discard wrongly pays the caller 4\u00a0×\u00a0v, where v is the caller's hand value. Nobody else pays.",
		explanation: [
			'A player throws a tile and names it wrongly (she says "3 bam" for a 5 bam). Another player calls it for mah jongg on the wrong name. The game stops.',
			'The player who misnamed the tile pays the caller four times the value of the caller\'s hand, and nobody else pays. This app reads "4\u00a0×\u00a0v" exactly: the jokerless bonus does not change it.'
		],
		example: {
			story:
				'West throws a tile and names it wrongly. North calls it for mah jongg on that name, with a hand worth 30.',
			outcome: { kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' }
		}
	},
	{
		id: 'P13',
		statement: 'Amounts are whole points. When you play for money, 1 point is 1 cent.',
		explanation: [
			'Every payment is a whole number of points. Many groups play for points or chips; for money, 100 points make a dollar.'
		],
		example: { story: 'Points shown as dollars and cents:', points: [25, 50, 100, 125] }
	}
];
