import {
	SEATS,
	isSeat,
	type ErrorCode,
	type MisnamedDiscardOutcome,
	type PaymentError,
	type Seat,
	type WallGameOutcome,
	type WinMethod,
	type WinOutcome
} from './types';

/** A win with every optional field filled in with its default (P6, P7, P9). */
export type NormalizedWin = Required<Omit<WinOutcome, 'discarder'>> & { discarder?: Seat };

/** A misnamed discard with `dead` filled in. */
export type NormalizedMisnamed = Required<MisnamedDiscardOutcome>;

/** An outcome that passed validation, with defaults filled in. */
export type NormalizedOutcome = NormalizedWin | WallGameOutcome | NormalizedMisnamed;

/** Validation's answer: the normalized outcome, or the first reason it is impossible. */
export type ValidationResult =
	{ ok: true; outcome: NormalizedOutcome } | { ok: false; error: PaymentError };

const METHODS: readonly WinMethod[] = ['discard', 'self-pick', 'joker-exchange'];

/**
 * Situations the spec names as outside League rules, by their `kind` name, with what the app says
 * of each (it computes nothing for them): `false-mah-jongg`, `fifth-player`, `pie`, `chips`,
 * `last-wall-discard`, `tournament`. Documented in docs/outcome-json.md.
 */
export const OUTSIDE_LEAGUE: Readonly<Record<string, string>> = {
	'false-mah-jongg':
		'A false ("in error") mah jongg that leaves one player in the game is outside the League rules this app teaches: sources disagree, so no amount is computed.',
	'fifth-player':
		'A fifth player betting on a winner is a table custom outside the League rules this app teaches: no amount is computed.',
	pie: 'A "pie" (a cap on what a player can lose) is a house rule outside the League rules this app teaches: no amount is computed.',
	chips:
		'Chip values are a house arrangement outside the League rules this app teaches: no amount is computed.',
	'last-wall-discard':
		'An extra payment for a risky discard on the last wall is a house rule outside the League rules this app teaches: no amount is computed.',
	tournament:
		'Tournament points (bonuses for self-picked or jokerless wins, wall-game points) are tournament rules, outside the League rules this app teaches: no amount is computed.'
};

const fail = (code: ErrorCode, message: string): ValidationResult => ({
	ok: false,
	error: { code, message }
});

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

export { isSeat };

const seatName = (s: Seat) => s[0]!.toUpperCase() + s.slice(1);

const describe = (x: unknown): string => {
	if (x === undefined) return 'missing';
	try {
		const text = JSON.stringify(x);
		return text === undefined ? String(x) : text.length > 40 ? `${text.slice(0, 37)}...` : text;
	} catch {
		return 'unreadable';
	}
};

function checkValue(value: unknown): ValidationResult | null {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000) {
		return fail(
			'value-invalid',
			`The hand's value must be a whole number of points from 1 to 1000 (got ${describe(value)}).`
		);
	}
	return null;
}

function checkSeat(field: string, value: unknown): ValidationResult | null {
	if (!isSeat(value)) {
		return fail(
			'seat-invalid',
			`"${field}" must be one of east, south, west, north (got ${describe(value)}).`
		);
	}
	return null;
}

function readFlag(raw: Record<string, unknown>, field: string, fallback: boolean) {
	const v = raw[field];
	if (v === undefined || v === null) return fallback;
	if (typeof v !== 'boolean') return null;
	return v;
}

function readDead(raw: Record<string, unknown>): Seat[] | ValidationResult {
	const dead = raw.dead;
	if (dead === undefined || dead === null) return [];
	if (!Array.isArray(dead)) {
		return fail('seat-invalid', `"dead" must be a list of seats (got ${describe(dead)}).`);
	}
	for (const [i, s] of dead.entries()) {
		const bad = checkSeat('dead', s);
		if (bad) return bad;
		if (dead.indexOf(s) !== i) {
			return fail(
				'seat-invalid',
				`"dead" lists ${seatName(s as Seat)} twice: name each dead hand once.`
			);
		}
	}
	return SEATS.filter((s) => dead.includes(s));
}

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
	const jokers = raw.jokers;
	if (typeof jokers !== 'number' || !Number.isInteger(jokers) || jokers < 0 || jokers > 8) {
		return fail(
			'jokers-invalid',
			`"jokers" must be a whole number from 0 to 8, the jokers in the winning hand (a set has 8; got ${describe(jokers)}).`
		);
	}
	const declaredJokerless = readFlag(raw, 'declaredJokerless', true);
	const singlesAndPairs = readFlag(raw, 'singlesAndPairs', false);
	if (declaredJokerless === null || singlesAndPairs === null) {
		return fail(
			'outcome-invalid',
			'"declaredJokerless" and "singlesAndPairs" must be true or false.'
		);
	}
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
	return {
		ok: true,
		outcome: { kind: 'misnamed-discard', value: raw.value as number, caller, misnamer, dead }
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
	if (kind === 'wall-game') return { ok: true, outcome: { kind: 'wall-game' } };
	if (kind === 'misnamed-discard') return validateMisnamed(input);
	if (typeof kind === 'string' && Object.hasOwn(OUTSIDE_LEAGUE, kind)) {
		return fail('outside-league-rules', OUTSIDE_LEAGUE[kind]!);
	}
	return fail(
		'outcome-invalid',
		`"kind" must be "win", "wall-game" or "misnamed-discard" (got ${describe(kind)}).`
	);
}
