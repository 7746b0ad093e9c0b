/**
 * Types of the payment rules engine. Every amount is in whole points (P13); money is only a way of
 * showing points (1 point = 1 cent). Rule ids (P1 ... P13) refer to `docs/rules.md`.
 */

/** The four seats, in turn order. JSON uses these lowercase names. */
export const SEATS = ['east', 'south', 'west', 'north'] as const;

/** One of the four seats at the table. */
export type Seat = (typeof SEATS)[number];

/** True when `x` is one of the four seat names. */
export function isSeat(x: unknown): x is Seat {
	return typeof x === 'string' && (SEATS as readonly string[]).includes(x);
}

/** A seat's name as a word: "east" -> "East". */
export function seatLabel(seat: Seat): string {
	return seat[0]!.toUpperCase() + seat.slice(1);
}

/** What one answer field holds: what a seat pays, or the `'total'` the winner or caller receives. */
export type AmountKey = Seat | 'total';

/**
 * A learner's answer, in points (misconceptions.md's `answer`): what each payer pays (`pays`, one
 * entry per paying seat; a seat left out was not entered) and the `total` the winner or caller
 * receives (left out when not entered). The one answer type of the app: the drill, the progress
 * records, the class API and the command lines all use it.
 */
export interface Answer {
	pays: Partial<Record<Seat, number>>;
	total?: number;
}

/**
 * The answer key of a question: the right amount, in points, for every paying seat (every seat on
 * a wall game; 0 for a seat that pays nothing) and the `total` the winner or caller receives.
 */
export interface AnswerKey {
	pays: Partial<Record<Seat, number>>;
	total: number;
}

/** How the winner completed the hand: a called discard (P2), a self-pick (P3) or a joker exchange (P4). */
export type WinMethod = 'discard' | 'self-pick' | 'joker-exchange';

/** The ids of the spec's rules. */
export type RuleId =
	'P1' | 'P2' | 'P3' | 'P4' | 'P5' | 'P6' | 'P7' | 'P8' | 'P9' | 'P10' | 'P11' | 'P12' | 'P13';

/**
 * A mah jongg: `value` in points (1..1000), the `winner`, how she won, the `discarder` (only for a
 * called discard), the number of `jokers` in the winning hand at mah jongg (0 = jokerless),
 * whether she declared "jokerless" (default true, P6), whether the hand is Singles and Pairs
 * (default false, P7), and the seats whose hands are dead (default none, P9).
 */
export interface WinOutcome {
	kind: 'win';
	value: number;
	winner: Seat;
	method: WinMethod;
	discarder?: Seat;
	jokers: number;
	declaredJokerless?: boolean;
	singlesAndPairs?: boolean;
	dead?: Seat[];
}

/**
 * The wall ran out and nobody won (P11). `dead` (optional): hands declared dead before; nobody
 * pays either way, the breakdown only marks them.
 */
export interface WallGameOutcome {
	kind: 'wall-game';
	dead?: Seat[];
}

/**
 * A misnamed discard called for mah jongg (P12): `value` is the caller's hand value in points; the
 * `misnamer` pays the `caller` 4 x value. `dead` (optional) only serves validation.
 */
export interface MisnamedDiscardOutcome {
	kind: 'misnamed-discard';
	value: number;
	caller: Seat;
	misnamer: Seat;
	dead?: Seat[];
}

/** Any outcome the engine settles, in the spec's machine-readable form. */
export type Outcome = WinOutcome | WallGameOutcome | MisnamedDiscardOutcome;

/** One payment: `from` pays `to` this many `points` (always > 0). */
export interface Transfer {
	from: Seat;
	to: Seat;
	points: number;
}

/** Points won (+) or lost (-) by every seat; the four always sum to 0. */
export type Net = Record<Seat, number>;

/**
 * One step of a payer's breakdown: the `rule` it applies, whether it `applies` here, the
 * multiplier it applies (1 when it does not), the running amount in points after the step, a
 * short `label` for a one-line headline ("threw the tile", "jokerless") and a sentence a beginner
 * understands (`text`, without the rule id: a page shows the rule beside it).
 */
export interface BreakdownStep {
	rule: RuleId;
	applies: boolean;
	factor: number;
	points: number;
	label: string;
	text: string;
}

/** The role a seat plays in the outcome. */
export type PayerRole = 'discarder' | 'other' | 'misnamer' | 'bystander';

/** A seat's way from the value to what it pays: `points` is the final amount (0 = pays nothing). */
export interface PayerBreakdown {
	seat: Seat;
	role: PayerRole;
	dead: boolean;
	points: number;
	steps: BreakdownStep[];
}

/**
 * What the engine answers for a possible outcome: the `transfers` (one per paying seat), the `net`
 * of every seat, the `total` the winner (or caller) receives, `steps` (the whole breakdown as
 * sentences, each naming its rule id) and the structured `breakdown` per seat that is not the
 * winner. `receiver` is the winner or caller (null on a wall game).
 */
export interface Settlement {
	transfers: Transfer[];
	net: Net;
	total: number;
	receiver: Seat | null;
	steps: string[];
	breakdown: PayerBreakdown[];
	notes: { rule: RuleId; text: string }[];
}

/**
 * Codes of impossible or unreadable outcomes. The first ten are the spec's; `outcome-invalid`
 * (not an object, unknown kind or method, a flag that is not true/false) and
 * `outside-league-rules` (a situation the spec leaves to house or tournament rules) are this
 * project's additions, and so are `field-unknown` (a field the strict reader of the command lines
 * does not know, see `readOutcomeStrict`), `answer-invalid` (an answer that cannot be read), and
 * `diagnose`'s `amount-negative` (an amount below 0), `amount-not-whole` (a fraction of a point:
 * amounts are whole points, P13) and `amount-too-large` (over `MAX_DIAGNOSED_POINTS`, 2^53 - 1
 * points: past it a number is not read exactly).
 */
export type ErrorCode =
	| 'value-invalid'
	| 'winner-is-discarder'
	| 'discarder-missing'
	| 'discarder-unexpected'
	| 'winner-dead'
	| 'discarder-dead'
	| 'joker-exchange-jokerless'
	| 'singles-and-pairs-joker'
	| 'jokers-invalid'
	| 'caller-is-misnamer'
	| 'seat-invalid'
	| 'outcome-invalid'
	| 'outside-league-rules'
	| 'field-unknown'
	| 'answer-invalid'
	| 'amount-negative'
	| 'amount-not-whole'
	| 'amount-too-large';

/** An impossible outcome: a stable `code` and a plain-English `message`. */
export interface PaymentError {
	code: ErrorCode;
	message: string;
}

/** The engine's answer for an impossible outcome, in the spec's machine-readable form. */
export interface SettleFailure {
	error: PaymentError;
}

/** Either a settlement or an error; tell them apart with `isSettleFailure`. */
export type SettleResult = Settlement | SettleFailure;

/** True when `result` is an error rather than a settlement. */
export function isSettleFailure(result: SettleResult): result is SettleFailure {
	return 'error' in result;
}
