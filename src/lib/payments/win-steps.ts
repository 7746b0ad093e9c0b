/**
 * The steps of one payer of a win (P1 to P10): the value, doubled or not for the way the hand
 * was won, doubled again or not for a jokerless hand, and the notes that a dead hand still pays
 * and that East pays and collects like everyone else. Each step names its rule and says why it
 * does or does not apply. Pure.
 */
import {
	seatLabel,
	type BreakdownStep,
	type PayerBreakdown,
	type RuleId,
	type Seat
} from './types';
import type { NormalizedWin } from './normalized';

/** How a sentence shows an amount: "25" in points, "$0.25" in money (P13). */
export type Show = (points: number) => string;

/** One step of a breakdown: its rule, whether it applies, its factor and the points after it. */
export const step = (
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
export function winPayer(win: NormalizedWin, seat: Seat, show: Show): PayerBreakdown {
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
				'nothing extra for being East',
				'Nothing extra for being East: East pays and collects like everyone else.'
			)
		);
	}
	const role = method.rule === 'P2' && method.applies ? 'discarder' : 'other';
	return { seat, role, dead, points, steps };
}
