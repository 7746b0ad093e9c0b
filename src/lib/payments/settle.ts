/**
 * Who pays what (P1 to P13): `settle` checks an outcome and settles it; `settleValid` settles one
 * already checked. A win's payers go step by step (./win-steps); a misnamed discard and a wall
 * game have their own few steps. Pure.
 */
import {
	SEATS,
	type BreakdownStep,
	type Net,
	type PayerBreakdown,
	seatLabel,
	type Seat,
	type SettleResult,
	type Settlement,
	type Transfer,
	type WallGameOutcome
} from './types';
import { amountWords, type AmountUnit } from './amounts';
import { validateOutcome } from './validate';
import type { NormalizedMisnamed, NormalizedOutcome, NormalizedWin } from './normalized';
import { step, winPayer, type Show } from './win-steps';

const zeroNet = (): Net => ({ east: 0, south: 0, west: 0, north: 0 });

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

function settleWallGame(o: WallGameOutcome): Settlement {
	const breakdown = SEATS.map((seat): PayerBreakdown => ({
		seat,
		role: 'bystander',
		dead: o.dead?.includes(seat) ?? false,
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
	if (outcome.kind === 'wall-game') return settleWallGame(outcome);
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
