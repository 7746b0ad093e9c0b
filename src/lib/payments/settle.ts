import {
	SEATS,
	type BreakdownStep,
	type Net,
	type PayerBreakdown,
	type RuleId,
	type Seat,
	type SettleResult,
	type Settlement,
	type Transfer
} from './types';
import {
	validateOutcome,
	type NormalizedMisnamed,
	type NormalizedOutcome,
	type NormalizedWin
} from './validate';

/** "east" -> "East". */
export function seatLabel(seat: Seat): string {
	return seat[0]!.toUpperCase() + seat.slice(1);
}

const zeroNet = (): Net => ({ east: 0, south: 0, west: 0, north: 0 });

const step = (
	rule: RuleId,
	applies: boolean,
	factor: number,
	points: number,
	text: string
): BreakdownStep => ({ rule, applies, factor, points, text });

/** Why the jokerless bonus (P5) does or does not apply to this win, as a step. */
function jokerlessStep(win: NormalizedWin, before: number): BreakdownStep {
	if (win.jokers > 0) {
		const n = win.jokers === 1 ? 'a joker' : `${win.jokers} jokers`;
		return step('P5', false, 1, before, `No jokerless bonus: the hand holds ${n}, P5.`);
	}
	if (win.singlesAndPairs) {
		return step(
			'P7',
			false,
			1,
			before,
			'No jokerless bonus: Singles and Pairs hand, P7 (its value already accounts for having no jokers).'
		);
	}
	if (!win.declaredJokerless) {
		return step(
			'P6',
			false,
			1,
			before,
			`No jokerless bonus: ${seatLabel(win.winner)} did not declare "jokerless", P6.`
		);
	}
	return step(
		'P5',
		true,
		2,
		before * 2,
		`Jokerless: the hand holds no joker at mah jongg, so the payment doubles again: 2 x ${before} = ${before * 2}, P5.`
	);
}

/** The steps of one payer of a win, from the value to what she pays. */
function winPayer(win: NormalizedWin, seat: Seat): PayerBreakdown {
	const v = win.value;
	const who = seatLabel(seat);
	const winner = seatLabel(win.winner);
	const dead = win.dead.includes(seat);
	const steps: BreakdownStep[] = [
		step(
			'P1',
			true,
			1,
			v,
			`${who} pays the winner, ${winner}. Start from the hand's value: ${v}, P1.`
		)
	];
	let role: PayerBreakdown['role'] = 'other';
	if (win.method === 'discard') {
		if (win.discarder === seat) {
			role = 'discarder';
			steps.push(
				step(
					'P2',
					true,
					2,
					2 * v,
					`${who} threw the tile, so ${who} pays double: 2 x ${v} = ${2 * v}, P2.`
				)
			);
		} else {
			steps.push(
				step(
					'P2',
					false,
					1,
					v,
					`${who} did not throw the tile (${seatLabel(win.discarder!)} did), so no double: ${v}, P2.`
				)
			);
		}
	} else if (win.method === 'self-pick') {
		steps.push(
			step(
				'P3',
				true,
				2,
				2 * v,
				`${winner} self-picked, so everyone pays double: 2 x ${v} = ${2 * v}, P3.`
			)
		);
	} else {
		steps.push(
			step(
				'P4',
				true,
				2,
				2 * v,
				`${winner} won by joker exchange, paid exactly as self-picked: 2 x ${v} = ${2 * v}, P4.`
			)
		);
	}
	const last = steps[steps.length - 1]!.points;
	steps.push(jokerlessStep(win, last));
	const points = steps[steps.length - 1]!.points;
	if (dead) {
		steps.push(
			step(
				'P9',
				true,
				1,
				points,
				`${who}'s hand is dead, but a dead hand pays like anyone else: ${points}, P9.`
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
				`No double for East: East pays and collects like everyone else, P10.`
			)
		);
	}
	return { seat, role, dead, points, steps };
}

function settleWin(win: NormalizedWin): Settlement {
	const breakdown = SEATS.filter((s) => s !== win.winner).map((s) => winPayer(win, s));
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
	return finish(win.winner, breakdown, notes);
}

function settleMisnamed(m: NormalizedMisnamed): Settlement {
	const v = m.value;
	const breakdown = SEATS.filter((s) => s !== m.caller).map((seat): PayerBreakdown => {
		const dead = m.dead.includes(seat);
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
						`${seatLabel(seat)} pays the caller, ${seatLabel(m.caller)}. Start from the caller's hand value: ${v}, P1.`
					),
					step(
						'P12',
						true,
						4,
						4 * v,
						`${seatLabel(seat)} misnamed the discard, so ${seatLabel(seat)} pays four times the value: 4 x ${v} = ${4 * v}, P12. No jokerless bonus changes it.`
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
					`${seatLabel(seat)} pays nothing: only the player who misnamed the tile pays, P12.`
				)
			]
		};
	});
	return finish(m.caller, breakdown, [
		{ rule: 'P12', text: 'The game stops at the misnamed discard; only the misnamer pays.' }
	]);
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
				`${seatLabel(seat)} pays nothing: on a wall game nobody pays anybody, P11.`
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

function finish(
	receiver: Seat,
	breakdown: PayerBreakdown[],
	notes: Settlement['notes']
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
	const steps = breakdown.flatMap((p) => p.steps.map((s) => s.text));
	steps.push(
		`${seatLabel(receiver)} receives ${transfers.map((t) => t.points).join(' + ') || '0'} = ${total} (P1).`
	);
	return { transfers, net, total, receiver, steps, breakdown, notes };
}

/** Settles an outcome that already passed `validateOutcome`. */
export function settleValid(outcome: NormalizedOutcome): Settlement {
	if (outcome.kind === 'wall-game') return settleWallGame();
	if (outcome.kind === 'misnamed-discard') return settleMisnamed(outcome);
	return settleWin(outcome);
}

/**
 * Settles any value as an outcome (rules P1-P13). Never throws: a possible outcome gives a
 * `Settlement` (amounts in points; `net` sums to 0), an impossible or malformed one gives
 * `{ error: { code, message } }` with the spec's error code.
 */
export function settle(outcome: unknown): SettleResult {
	try {
		const checked = validateOutcome(outcome);
		if (!checked.ok) return { error: checked.error };
		return settleValid(checked.outcome);
	} catch {
		// Only a hostile object (a throwing getter or proxy) gets here; JSON never does.
		return { error: { code: 'outcome-invalid', message: 'The outcome could not be read.' } };
	}
}
