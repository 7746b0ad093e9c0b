/**
 * What the table enters about one hand (the form's fields, as typed) and what it means: the
 * outcome the engine checks and settles, the hand in the address (so a link or QR code shows the
 * same hand on another phone), and the amounts someone claims. Pure.
 */
import {
	SEATS,
	isSeat,
	receiverOf,
	type AmountUnit,
	type Answer,
	type Outcome,
	type Seat,
	type WinMethod
} from '$lib/payments';

/**
 * Situations outside League rules (payments.md): the engine answers them `outside-league-rules`
 * and computes nothing. Keys are the engine's kinds; values the form's words.
 */
export const OUTSIDE_KINDS = {
	pie: 'A pie (a cap on what a player can lose)',
	tournament: 'Tournament points',
	'false-mah-jongg': 'A false mah jongg ("in error")',
	'fifth-player': 'A fifth player betting on a winner',
	chips: 'Chip values',
	'last-wall-discard': 'Extra payment for a risky discard on the last wall'
} as const;
/** One of the situations outside League rules. */
export type OutsideKind = keyof typeof OUTSIDE_KINDS;

/** What happened: a mah jongg, a wall game, a misnamed discard called, or something outside League rules. */
export type HandKind = 'win' | 'wall-game' | 'misnamed-discard' | OutsideKind;

/**
 * The hand as entered, field by field (`value` and `jokers` as typed). On a misnamed discard
 * `winner` is the caller and `discarder` the player who misnamed the tile. `discarder` is '' when
 * nobody is chosen yet.
 */
export interface HandDraft {
	kind: HandKind;
	value: string;
	winner: Seat;
	method: WinMethod;
	discarder: Seat | '';
	jokers: string;
	declaredJokerless: boolean;
	singlesAndPairs: boolean;
	dead: Seat[];
}

/** A new hand: nothing known yet but a win by East on a called discard with a joker. */
export const emptyDraft = (): HandDraft => ({
	kind: 'win',
	value: '',
	winner: 'east',
	method: 'discard',
	discarder: '',
	jokers: '1',
	declaredJokerless: true,
	singlesAndPairs: false,
	dead: []
});

const METHODS: readonly WinMethod[] = ['discard', 'self-pick', 'joker-exchange'];
const KINDS = ['win', 'wall-game', 'misnamed-discard', ...Object.keys(OUTSIDE_KINDS)];

/** A typed whole number as a number; anything else as typed (the engine names what is wrong). */
const wholeOrText = (text: string): number | string | undefined =>
	text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text;

/**
 * The outcome the draft describes, for the engine to check (`validateOutcome`) and settle: values
 * as typed are passed on when they are not whole numbers, so the engine's own message says what is
 * wrong. Fields that do not belong to the kind are left out.
 */
export function outcomeOfDraft(d: HandDraft): Record<string, unknown> {
	if (d.kind === 'wall-game') return { kind: 'wall-game' };
	if (d.kind === 'misnamed-discard') {
		const out: Record<string, unknown> = {
			kind: d.kind,
			value: wholeOrText(d.value),
			caller: d.winner
		};
		out.misnamer = d.discarder === '' ? undefined : d.discarder;
		if (d.dead.length) out.dead = d.dead;
		return out;
	}
	if (d.kind !== 'win') return { kind: d.kind };
	const out: Record<string, unknown> = {
		kind: 'win',
		value: wholeOrText(d.value),
		winner: d.winner,
		method: d.method,
		jokers: wholeOrText(d.jokers)
	};
	if (d.method === 'discard') out.discarder = d.discarder === '' ? undefined : d.discarder;
	if (!d.declaredJokerless) out.declaredJokerless = false;
	if (d.singlesAndPairs) out.singlesAndPairs = true;
	if (d.dead.length) out.dead = d.dead;
	return out;
}

/** The form's fields for an outcome (an outcome read back from a ledger, to edit). */
export function draftOfOutcome(o: Outcome): HandDraft {
	const d = emptyDraft();
	if (o.kind === 'wall-game') return { ...d, kind: 'wall-game' };
	if (o.kind === 'misnamed-discard') {
		return {
			...d,
			kind: o.kind,
			value: String(o.value),
			winner: o.caller,
			discarder: o.misnamer,
			dead: o.dead ?? []
		};
	}
	return {
		kind: 'win',
		value: String(o.value),
		winner: o.winner,
		method: o.method,
		discarder: o.discarder ?? '',
		jokers: String(o.jokers),
		declaredJokerless: o.declaredJokerless ?? true,
		singlesAndPairs: o.singlesAndPairs ?? false,
		dead: o.dead ?? []
	};
}

/**
 * The draft in the address: `kind` (omitted for a win), `value`, `winner`, `method`, `discarder`,
 * `jokers`, `declared=no`, `sp=yes`, `dead=west,north`, and `unit=money` when amounts show in
 * money. What the kind does not use is left out.
 */
export function draftSearch(d: HandDraft, unit: AmountUnit): URLSearchParams {
	const q = new URLSearchParams();
	if (d.kind !== 'win') q.set('kind', d.kind);
	if (d.kind === 'win' || d.kind === 'misnamed-discard') {
		if (d.value !== '') q.set('value', d.value);
		q.set('winner', d.winner);
		if (d.kind === 'win') q.set('method', d.method);
		if (d.discarder !== '' && (d.kind !== 'win' || d.method === 'discard'))
			q.set('discarder', d.discarder);
		if (d.kind === 'win') {
			q.set('jokers', d.jokers);
			if (!d.declaredJokerless) q.set('declared', 'no');
			if (d.singlesAndPairs) q.set('sp', 'yes');
		}
		if (d.dead.length) q.set('dead', d.dead.join(','));
	}
	if (unit === 'money') q.set('unit', 'money');
	return q;
}

/** The draft and unit of an address (`draftSearch`'s form); anything unreadable keeps its default. */
export function readDraftSearch(q: URLSearchParams): { draft: HandDraft; unit: AmountUnit } {
	const d = emptyDraft();
	const kind = q.get('kind');
	if (kind && KINDS.includes(kind)) d.kind = kind as HandKind;
	d.value = (q.get('value') ?? '').slice(0, 12);
	const winner = q.get('winner');
	if (isSeat(winner)) d.winner = winner;
	const method = q.get('method');
	if (METHODS.includes(method as WinMethod)) d.method = method as WinMethod;
	const discarder = q.get('discarder');
	if (isSeat(discarder)) d.discarder = discarder;
	d.jokers = (q.get('jokers') ?? d.jokers).slice(0, 12);
	d.declaredJokerless = q.get('declared') !== 'no';
	d.singlesAndPairs = q.get('sp') === 'yes';
	const dead = (q.get('dead') ?? '').split(',');
	d.dead = SEATS.filter((s) => dead.includes(s));
	return { draft: d, unit: q.get('unit') === 'money' ? 'money' : 'points' };
}

/** The seats that pay on this outcome (all but the winner or caller; all four on a wall game). */
export const payersOf = (o: Outcome): Seat[] => SEATS.filter((s) => s !== receiverOf(o));

/**
 * Someone's claim of what each payer pays (points, one per payer of `o`) as an answer to grade:
 * the winner's total is taken as the sum of the claimed payments, so only the payments are judged.
 */
export function claimAnswer(o: Outcome, pays: Partial<Record<Seat, number>>): Answer {
	const answer: Answer = { pays: {} };
	for (const s of payersOf(o)) if (pays[s] !== undefined) answer.pays[s] = pays[s];
	answer.total = Object.values(answer.pays).reduce((a, b) => a + b, 0);
	return answer;
}

/** A claim in the address: `says=south:50,west:25,north:25` (points). */
export const claimSearchValue = (pays: Partial<Record<Seat, number>>): string =>
	SEATS.filter((s) => pays[s] !== undefined)
		.map((s) => `${s}:${pays[s]}`)
		.join(',');

/** The claim of an address (`claimSearchValue`'s form), or null when there is none or it is unreadable. */
export function readClaimSearch(text: string | null): Partial<Record<Seat, number>> | null {
	if (!text) return null;
	const pays: Partial<Record<Seat, number>> = {};
	for (const part of text.split(',')) {
		const [seat, points] = part.split(':');
		if (!isSeat(seat) || !/^\d{1,7}$/.test(points ?? '')) return null;
		pays[seat] = Number(points);
	}
	return pays;
}
