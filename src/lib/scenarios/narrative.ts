import { seatLabel, type Outcome, type Seat, type WinOutcome } from '$lib/payments';
import type { Rand } from './random';
import { tileName, tileWithArticle } from './tiles';
import type { ScenarioTrap, Tile } from './types';

/**
 * What happened at the table beyond the outcome itself, for the narrative: the tile called,
 * picked or given in a joker exchange (with the seat whose exposure held the joker), or the
 * name given to a misnamed discard and the tile it really was. A win may carry one of the rules'
 * traps (`trap`, see `ScenarioTrap`): what happened earlier in the game that does not change
 * the payments.
 */
export type TableDetails =
	| { kind: 'wall-game' }
	| { kind: 'discard'; tile: Tile; trap?: ScenarioTrap }
	| { kind: 'self-pick'; tile: Tile; trap?: ScenarioTrap }
	| { kind: 'joker-exchange'; tile: Tile; exposureOf: Seat; trap?: ScenarioTrap }
	| { kind: 'misnamed-discard'; named: Tile; actual: Tile };

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

/** 'an' before a value said with a vowel sound (8, 11, 18, 80, 85, 800...), else 'a'. */
const article = (value: number): string =>
	/^8/.test(String(value)) || value === 11 || value === 18 ? 'an' : 'a';

const jokerCount = (n: number): string => `${NUMBERS[n] ?? n} joker${n === 1 ? '' : 's'}`;

/** "a 30-point hand holding two jokers", "a 50-point Singles and Pairs hand", "an 80-point hand". */
function handPhrase(win: WinOutcome): string {
	const a = article(win.value);
	if (win.singlesAndPairs) return `${a} ${win.value}-point Singles and Pairs hand`;
	const base = `${a} ${win.value}-point hand`;
	return win.jokers > 0 ? `${base} holding ${jokerCount(win.jokers)}` : base;
}

/** The jokerless sentence (P5, P6), or nothing. */
function jokerlessSentence(win: WinOutcome): string | null {
	if (win.jokers > 0 || win.singlesAndPairs) return null;
	const who = seatLabel(win.winner);
	return win.declaredJokerless === false
		? `The hand holds no joker, but ${who} did not declare jokerless.`
		: `The hand holds no joker, and ${who} declared jokerless.`;
}

/**
 * The trap's sentence, or nothing. P8: "Earlier, West exchanged a 4 Bam for the joker in South's
 * exposure of 4 Bams." P4: "Earlier, North called East's discarded 7 Dot for an exposure."
 */
function trapSentence(win: WinOutcome, details: TableDetails): string | null {
	const trap =
		details.kind === 'wall-game' || details.kind === 'misnamed-discard' ? undefined : details.trap;
	if (!trap) return null;
	const winner = seatLabel(win.winner);
	if (trap.rule === 'P8') {
		return `Earlier, ${seatLabel(trap.takenBy)} exchanged ${tileWithArticle(trap.tile, 'a')} for the joker in ${winner}'s exposure of ${tileName(trap.tile)}s.`;
	}
	return `Earlier, ${winner} called ${seatLabel(trap.calledFrom)}'s discarded ${tileName(trap.tile)} for an exposure.`;
}

/** The dead-hand sentence (P9), or nothing. */
function deadSentence(rand: Rand, dead: readonly Seat[] | undefined): string | null {
	if (!dead || dead.length === 0) return null;
	const names = dead.map(seatLabel);
	if (names.length === 1) {
		return rand.pick([
			`${names[0]}'s hand is dead.`,
			`${names[0]}'s hand was declared dead earlier.`
		]);
	}
	return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} both have dead hands.`;
}

function winStory(rand: Rand, win: WinOutcome, details: TableDetails): string {
	const winner = seatLabel(win.winner);
	const hand = handPhrase(win);
	if (details.kind === 'discard' && win.discarder) {
		const verb = rand.pick(['threw', 'discarded']);
		return `${seatLabel(win.discarder)} ${verb} ${tileWithArticle(details.tile, 'the')}; ${winner} called it for mah jongg with ${hand}.`;
	}
	if (details.kind === 'joker-exchange') {
		return `${winner} exchanged ${tileWithArticle(details.tile, 'a')} for a joker in ${seatLabel(details.exposureOf)}'s exposure to complete the hand: mah jongg with ${hand}.`;
	}
	const tile = details.kind === 'self-pick' ? `, ${tileWithArticle(details.tile, 'the')},` : '';
	return `${winner} picked the winning tile${tile} from the wall and declared mah jongg with ${hand}.`;
}

/**
 * A short plain-English account of the outcome, for the question. It names the seats, the tile,
 * the value and the jokers, the trap of `details` (P8 or P4, told after the win), the jokerless
 * declaration, Singles and Pairs and dead hands, but never any amount to pay (that is the
 * question). `details` must match the outcome's kind (and the
 * win's method); `rand` only picks between equivalent wordings.
 */
export function narrate(rand: Rand, outcome: Outcome, details: TableDetails): string {
	if (outcome.kind === 'wall-game') return 'The wall ran out and nobody declared mah jongg.';
	if (outcome.kind === 'misnamed-discard') {
		const named = details.kind === 'misnamed-discard' ? details.named : null;
		const actual = details.kind === 'misnamed-discard' ? details.actual : null;
		const misnamer = seatLabel(outcome.misnamer);
		const first =
			named && actual
				? `${misnamer} threw a tile and called it '${tileName(named)}', but it was ${tileWithArticle(actual, 'the')}.`
				: `${misnamer} threw a tile and named it wrongly.`;
		const second = `${seatLabel(outcome.caller)} called it for mah jongg on that name with ${article(outcome.value)} ${outcome.value}-point hand.`;
		return [first, second, deadSentence(rand, outcome.dead), 'The game stops.']
			.filter((s) => s !== null)
			.join(' ');
	}
	return [
		winStory(rand, outcome, details),
		trapSentence(outcome, details),
		jokerlessSentence(outcome),
		deadSentence(rand, outcome.dead)
	]
		.filter((s) => s !== null)
		.join(' ');
}
