/**
 * Validation of an outcome against payments.md: the normalized outcome (`./normalized`), or the
 * first reason it is impossible with the spec's code, or `outside-league-rules`.
 */
import type { Seat, WinMethod } from './types';
import type { NormalizedWin, ValidationResult } from './normalized';
import { OUTSIDE_LEAGUE } from './outside-league';
import {
	checkSeat,
	checkValue,
	describe,
	fail,
	isRecord,
	readDead,
	readHand,
	seatName
} from './outcome-fields';

const METHODS: readonly WinMethod[] = ['discard', 'self-pick', 'joker-exchange'];

function validateWin(raw: Record<string, unknown>): ValidationResult {
	const badValue = checkValue(raw.value);
	if (badValue) return badValue;
	const badWinner = checkSeat('winner', raw.winner);
	if (badWinner) return badWinner;
	const winner = raw.winner as Seat;
	if (typeof raw.method !== 'string' || !METHODS.includes(raw.method as WinMethod)) {
		return fail(
			'outcome-invalid',
			`"method" must be "discard", "self-pick" or "joker-exchange" (got ${describe(raw.method)}).`
		);
	}
	const method = raw.method as WinMethod;
	const hasDiscarder = raw.discarder !== undefined && raw.discarder !== null;
	if (hasDiscarder) {
		const badDiscarder = checkSeat('discarder', raw.discarder);
		if (badDiscarder) return badDiscarder;
	}
	const dead = readDead(raw);
	if (!Array.isArray(dead)) return dead;
	const hand = readHand(raw);
	if ('ok' in hand) return hand;
	const { jokers, declaredJokerless, singlesAndPairs } = hand;
	if (method === 'discard' && !hasDiscarder) {
		return fail(
			'discarder-missing',
			'A win on a called discard needs a discarder: say who threw the tile.'
		);
	}
	if (method !== 'discard' && hasDiscarder) {
		return fail(
			'discarder-unexpected',
			`A ${method === 'self-pick' ? 'self-picked' : 'joker-exchange'} win has no discarder: nobody threw the winning tile.`
		);
	}
	const discarder = hasDiscarder ? (raw.discarder as Seat) : undefined;
	if (discarder === winner) {
		return fail(
			'winner-is-discarder',
			`${seatName(winner)} cannot call her own discard for mah jongg: the winner and the discarder must be different players.`
		);
	}
	if (dead.includes(winner)) {
		return fail(
			'winner-dead',
			`${seatName(winner)}'s hand was declared dead, and a dead hand cannot win.`
		);
	}
	if (discarder && dead.includes(discarder)) {
		return fail(
			'discarder-dead',
			`${seatName(discarder)}'s hand was declared dead: a dead hand stops playing and throws no tiles, so it cannot be the discarder.`
		);
	}
	if (singlesAndPairs && (jokers > 0 || method === 'joker-exchange')) {
		return fail(
			'singles-and-pairs-joker',
			'A Singles and Pairs hand cannot hold a joker, so it cannot have jokers or win by joker exchange.'
		);
	}
	if (method === 'joker-exchange' && jokers === 0) {
		return fail(
			'joker-exchange-jokerless',
			'A joker-exchange win completes the hand with a joker, so the hand holds at least one joker: it cannot be jokerless.'
		);
	}
	const outcome: NormalizedWin = {
		kind: 'win',
		value: raw.value as number,
		winner,
		method,
		jokers,
		declaredJokerless,
		singlesAndPairs,
		dead
	};
	if (discarder) outcome.discarder = discarder;
	return { ok: true, outcome };
}

function validateMisnamed(raw: Record<string, unknown>): ValidationResult {
	const badValue = checkValue(raw.value);
	if (badValue) return badValue;
	const badCaller = checkSeat('caller', raw.caller);
	if (badCaller) return badCaller;
	const badMisnamer = checkSeat('misnamer', raw.misnamer);
	if (badMisnamer) return badMisnamer;
	const dead = readDead(raw);
	if (!Array.isArray(dead)) return dead;
	// The caller's hand may be described; it changes nothing (P12: 4 x v, no jokerless bonus).
	const hand = readHand(raw, false);
	if ('ok' in hand) return hand;
	const caller = raw.caller as Seat;
	const misnamer = raw.misnamer as Seat;
	if (caller === misnamer) {
		return fail(
			'caller-is-misnamer',
			`${seatName(caller)} cannot call a tile she misnamed herself: the caller and the misnamer must be different players.`
		);
	}
	if (dead.includes(caller)) {
		return fail(
			'winner-dead',
			`${seatName(caller)}'s hand was declared dead, and a dead hand cannot win.`
		);
	}
	if (dead.includes(misnamer)) {
		return fail(
			'discarder-dead',
			`${seatName(misnamer)}'s hand was declared dead: a dead hand stops playing and throws no tiles.`
		);
	}
	if (hand.singlesAndPairs && hand.jokers > 0) {
		return fail(
			'singles-and-pairs-joker',
			"A Singles and Pairs hand cannot hold a joker: the caller's hand cannot have jokers."
		);
	}
	return {
		ok: true,
		outcome: { kind: 'misnamed-discard', value: raw.value as number, caller, misnamer, dead }
	};
}

/**
 * A wall game (P11). Hands may have been declared dead before the wall ran out (`dead`, checked
 * as for a win, kept when there are any); nobody pays either way.
 */
function validateWallGame(raw: Record<string, unknown>): ValidationResult {
	const dead = readDead(raw);
	if (!Array.isArray(dead)) return dead;
	return {
		ok: true,
		outcome: dead.length > 0 ? { kind: 'wall-game', dead } : { kind: 'wall-game' }
	};
}

/**
 * Checks any value against the spec's outcome form and its impossible outcomes. Never throws.
 * Returns the normalized outcome (defaults filled in), or the first error found, with the spec's
 * code (`value-invalid`, `seat-invalid`, ... see the spec's "Impossible outcomes"),
 * `outcome-invalid` for input that is not an outcome at all, or `outside-league-rules` for the
 * situations the spec leaves outside League rules.
 */
export function validateOutcome(input: unknown): ValidationResult {
	if (!isRecord(input)) {
		return fail('outcome-invalid', `An outcome must be a JSON object (got ${describe(input)}).`);
	}
	const kind = input.kind;
	if (kind === 'win') return validateWin(input);
	if (kind === 'wall-game') return validateWallGame(input);
	if (kind === 'misnamed-discard') return validateMisnamed(input);
	if (typeof kind === 'string' && Object.hasOwn(OUTSIDE_LEAGUE, kind)) {
		return fail('outside-league-rules', OUTSIDE_LEAGUE[kind]!);
	}
	return fail(
		'outcome-invalid',
		`"kind" must be "win", "wall-game" or "misnamed-discard" (got ${describe(kind)}).`
	);
}
