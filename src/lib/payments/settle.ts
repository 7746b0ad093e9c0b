import {
	SEATS,
	type BreakdownStep,
	type Net,
	type PayerBreakdown,
	seatLabel,
	type RuleId,
	type Seat,
	type SettleResult,
	type Settlement,
	type Transfer
} from './types';
import { amountWords, type AmountUnit } from './amounts';

/** How a sentence shows an amount: "25" in points, "$0.25" in money (P13). */
type Show = (points: number) => string;
import {
	validateOutcome,
	type NormalizedMisnamed,
	type NormalizedOutcome,
	type NormalizedWin
} from './validate';

const zeroNet = (): Net => ({ east: 0, south: 0, west: 0, north: 0 });

const step = (
	rule: RuleId,
	applies: boolean,
	factor: number,
	points: number,
	label: string,
	text: string
): BreakdownStep => ({ rule, applies, factor, points, label, text });

/** Why the jokerless bonus (P5) does or does not apply to this win, as a step. */
function jokerlessStep(win: NormalizedWin, before: number, show: Show): BreakdownStep {
	if (win.jokers > 0) {
		const n = win.jokers === 1 ? 'a joker' : `${win.jokers} jokers`;
		return step(
			'P5',
			false,
			1,
			before,
			'holds a joker',
			`No jokerless bonus: the hand holds ${n}.`
		);
	}
	// P7 and P6 decide the question here: they apply (the bonus does not), with a factor of 1.
	if (win.singlesAndPairs) {
		return step(
			'P7',
			true,
			1,
			before,
			'no jokerless bonus for Singles and Pairs',
			'No jokerless bonus for a Singles and Pairs hand: its value already accounts for having no jokers.'
		);
	}
	if (!win.declaredJokerless) {
		return step(
			'P6',
			true,
			1,
			before,
			'no jokerless bonus: not declared',
			`No jokerless bonus: ${seatLabel(win.winner)} did not declare "jokerless".`
		);
	}
	return step(
		'P5',
		true,
		2,
		before * 2,
		'jokerless',
		`Jokerless: the hand holds no joker at mah jongg, so the payment doubles again: ${show(before)} × 2 = ${show(before * 2)}.`
	);
}

/** The step of a win's method: the discarder's double (P2), a self-pick (P3), a joker exchange (P4). */
function methodStep(win: NormalizedWin, seat: Seat, show: Show): BreakdownStep {
	const v = win.value;
	const who = seatLabel(seat);
	const winner = seatLabel(win.winner);
	const doubled = `${show(v)} × 2 = ${show(2 * v)}`;
	if (win.method === 'discard') {
		return win.discarder === seat
			? step(
					'P2',
					true,
					2,
					2 * v,
					'threw the tile',
					`${who} threw the tile, so ${who} pays double: ${doubled}.`
				)
			: step(
					'P2',
					false,
					1,
					v,
					'did not throw the tile',
					`${who} did not throw the tile (${seatLabel(win.discarder!)} did), so no double: ${show(v)}.`
				);
	}
	if (win.method === 'self-pick') {
		return step(
			'P3',
			true,
			2,
			2 * v,
			'self-picked',
			`${winner} self-picked, so everyone pays double: ${doubled}.`
		);
	}
	return step(
		'P4',
		true,
		2,
		2 * v,
		'joker exchange, paid as self-picked',
		`${winner} won by joker exchange, paid exactly as self-picked: ${doubled}.`
	);
}

/** The steps of one payer of a win, from the value to what she pays. */
function winPayer(win: NormalizedWin, seat: Seat, show: Show): PayerBreakdown {
	const v = win.value;
	const who = seatLabel(seat);
	const dead = win.dead.includes(seat);
	const steps: BreakdownStep[] = [
		step(
			'P1',
			true,
			1,
			v,
			'the value',
			`${who} pays the winner, ${seatLabel(win.winner)}. Start from the hand's value: ${show(v)}.`
		)
	];
	const method = methodStep(win, seat, show);
	steps.push(method);
	steps.push(jokerlessStep(win, method.points, show));
	const points = steps[steps.length - 1]!.points;
	if (dead) {
		steps.push(
			step(
				'P9',
				true,
				1,
				points,
				'dead hand, still pays',
				`${who}'s hand is dead, but a dead hand pays like anyone else: ${show(points)}.`
			)
		);
	}
	if (seat === 'east' || win.winner === 'east') {
		steps.push(
			step(
				'P10',
				true,
				1,
				points,
				'no double for East',
				'No double for East: East pays and collects like everyone else.'
			)
		);
	}
	const role = method.rule === 'P2' && method.applies ? 'discarder' : 'other';
	return { seat, role, dead, points, steps };
}

function settleWin(win: NormalizedWin, show: Show): Settlement {
	const breakdown = SEATS.filter((s) => s !== win.winner).map((s) => winPayer(win, s, show));
	const notes: Settlement['notes'] = [
		{
			rule: 'P1',
			text: `Only the winner, ${seatLabel(win.winner)}, is paid; the others never pay each other.`
		}
	];
	if (win.jokers === 0 && win.declaredJokerless && !win.singlesAndPairs) {
		notes.push({
			rule: 'P8',
			text: 'Jokerless means no joker at mah jongg: jokers other players took from the exposures earlier do not matter.'
		});
	}
	if (win.method === 'joker-exchange') {
		notes.push({
			rule: 'P4',
			text: 'A joker exchange is paid as self-picked: a discard called earlier for an exposure costs its discarder nothing extra.'
		});
	}
	return finish(win.winner, breakdown, notes, show);
}

function settleMisnamed(m: NormalizedMisnamed, show: Show): Settlement {
	const v = m.value;
	const breakdown = SEATS.filter((s) => s !== m.caller).map((seat): PayerBreakdown => {
		const dead = m.dead.includes(seat);
		const who = seatLabel(seat);
		if (seat === m.misnamer) {
			return {
				seat,
				role: 'misnamer',
				dead,
				points: 4 * v,
				steps: [
					step(
						'P1',
						true,
						1,
						v,
						"the caller's value",
						`${who} pays the caller, ${seatLabel(m.caller)}. Start from the caller's hand value: ${show(v)}.`
					),
					step(
						'P12',
						true,
						4,
						4 * v,
						'misnamed the tile',
						`${who} misnamed the discard, so ${who} pays four times the value: ${show(v)} × 4 = ${show(4 * v)}. No jokerless bonus changes it.`
					)
				]
			};
		}
		return {
			seat,
			role: 'bystander',
			dead,
			points: 0,
			steps: [
				step(
					'P12',
					true,
					0,
					0,
					'only the misnamer pays',
					`${who} pays nothing: only the player who misnamed the tile pays.`
				)
			]
		};
	});
	return finish(
		m.caller,
		breakdown,
		[{ rule: 'P12', text: 'The game stops at the misnamed discard; only the misnamer pays.' }],
		show
	);
}

function settleWallGame(): Settlement {
	const breakdown = SEATS.map((seat): PayerBreakdown => ({
		seat,
		role: 'bystander',
		dead: false,
		points: 0,
		steps: [
			step(
				'P11',
				true,
				0,
				0,
				'wall game',
				`${seatLabel(seat)} pays nothing: on a wall game nobody pays anybody.`
			)
		]
	}));
	return {
		transfers: [],
		net: zeroNet(),
		total: 0,
		receiver: null,
		steps: ['Wall game: nobody won, so nobody pays anybody (P11).'],
		breakdown,
		notes: [{ rule: 'P11', text: 'Wall game: nobody pays anybody.' }]
	};
}

/** A step as one sentence naming its rule: "South threw the tile, ... = 50 (P2)." */
const sentence = (s: BreakdownStep) => `${s.text.replace(/\.$/, '')} (${s.rule}).`;

function finish(
	receiver: Seat,
	breakdown: PayerBreakdown[],
	notes: Settlement['notes'],
	show: Show
): Settlement {
	const net = zeroNet();
	const transfers: Transfer[] = [];
	for (const p of breakdown) {
		if (p.points <= 0) continue;
		transfers.push({ from: p.seat, to: receiver, points: p.points });
		net[p.seat] -= p.points;
		net[receiver] += p.points;
	}
	const total = net[receiver];
	const steps = breakdown.flatMap((p) => p.steps.map(sentence));
	steps.push(
		`${seatLabel(receiver)} receives ${transfers.map((t) => show(t.points)).join(' + ') || show(0)} = ${show(total)} (P1).`
	);
	return { transfers, net, total, receiver, steps, breakdown, notes };
}

/**
 * Settles an outcome that already passed `validateOutcome`. Amounts are points; `unit` only
 * changes how the sentences show them ("25" or "$0.25", P13). Default: points.
 */
export function settleValid(outcome: NormalizedOutcome, unit: AmountUnit = 'points'): Settlement {
	const show = amountWords(unit);
	if (outcome.kind === 'wall-game') return settleWallGame();
	if (outcome.kind === 'misnamed-discard') return settleMisnamed(outcome, show);
	return settleWin(outcome, show);
}

/**
 * Settles any value as an outcome (rules P1-P13). Never throws: a possible outcome gives a
 * `Settlement` (amounts in points; `net` sums to 0; the sentences show amounts in `unit`, default
 * points), an impossible or malformed one gives `{ error: { code, message } }` with the spec's
 * error code.
 */
export function settle(outcome: unknown, unit: AmountUnit = 'points'): SettleResult {
	try {
		const checked = validateOutcome(outcome);
		if (!checked.ok) return { error: checked.error };
		return settleValid(checked.outcome, unit);
	} catch {
		// Only a hostile object (a throwing getter or proxy) gets here; JSON never does.
		return { error: { code: 'outcome-invalid', message: 'The outcome could not be read.' } };
	}
}
