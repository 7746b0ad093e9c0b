/**
 * Words for the table picture (TableView.svelte); its arrows are in ./arrow-geometry.ts, loaded
 * with the arrows once there are payments to draw. Pure functions, no DOM. The seats' plates are
 * laid out by CSS (their words grow and wrap with the text). Seats sit as at a real table,
 * counter-clockwise: East at the bottom, South on the right, West at the top, North on the left.
 */
import {
	SEATS,
	formatAmount,
	seatLabel,
	type AmountUnit,
	type Outcome,
	type Seat,
	type Transfer
} from '$lib/payments';

/** Where each seat sits: East bottom, South right, West top, North left. */
export const SEAT_SIDE: Record<Seat, 'bottom' | 'right' | 'top' | 'left'> = {
	east: 'bottom',
	south: 'right',
	west: 'top',
	north: 'left'
};

const SIDE_WORDS = {
	bottom: 'at the bottom',
	right: 'on the right',
	top: 'at the top',
	left: 'on the left'
};

/** A seat's role in the picture. */
export type SeatRole = 'winner' | 'discarder' | 'caller' | 'misnamer' | null;

/** What a seat's plate shows: its `role`, whether its hand is `dead`, and the short `lines` under the name. */
export interface SeatMarks {
	role: SeatRole;
	dead: boolean;
	lines: string[];
}

const METHOD_WORDS = {
	discard: 'on a discard',
	'self-pick': 'self-picked',
	'joker-exchange': 'joker exchange'
};

/** The marks of one seat for an outcome (a wall game marks nobody). */
export function seatMarks(outcome: Outcome, seat: Seat): SeatMarks {
	if (outcome.kind === 'wall-game') return { role: null, dead: false, lines: [] };
	const dead = (outcome.dead ?? []).includes(seat);
	const lines: string[] = [];
	let role: SeatRole = null;
	if (outcome.kind === 'win') {
		if (outcome.winner === seat) {
			role = 'winner';
			lines.push('Mah Jongg', METHOD_WORDS[outcome.method]);
		} else if (outcome.method === 'discard' && outcome.discarder === seat) {
			role = 'discarder';
			lines.push('Threw the tile');
		}
	} else if (outcome.caller === seat) {
		role = 'caller';
		lines.push('Mah Jongg', 'called it');
	} else if (outcome.misnamer === seat) {
		role = 'misnamer';
		lines.push('Misnamed tile');
	}
	// A dead hand still pays a win (P9): the plate says so rather than striking the seat out.
	if (dead) lines.push(outcome.kind === 'win' ? 'Dead hand, still pays' : 'Dead hand');
	return { role, dead, lines };
}

/** The title and the long description of the picture, in words (for screen readers). */
export interface TableWords {
	title: string;
	desc: string;
}

/** Joins names as "A", "A and B", "A, B and C". */
function listWords(items: string[]): string {
	if (items.length <= 1) return items.join('');
	return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Describes the picture in words: where the seats are, who won and how, who threw the tile or
 * misnamed it, the dead hands, and (when `transfers` is given) each payment in `unit`
 * (formatAmount: "50 points" or "$0.50").
 */
export function describeTable(
	outcome: Outcome,
	transfers: Transfer[] | undefined,
	unit: AmountUnit
): TableWords {
	const layout = `Mah jongg table seen from above: ${SEATS.map((s) => `${seatLabel(s)} ${SIDE_WORDS[SEAT_SIDE[s]]}`).join(', ')}.`;
	const parts = [layout];
	let title: string;
	if (outcome.kind === 'wall-game') {
		title = 'Mah jongg table: Wall game — nobody won';
		parts.push('Wall game — nobody won.');
	} else if (outcome.kind === 'win') {
		const w = seatLabel(outcome.winner);
		title = `Mah jongg table: ${w} won`;
		if (outcome.method === 'discard' && outcome.discarder) {
			parts.push(
				`${w} won (Mah Jongg) on a discard. ${seatLabel(outcome.discarder)} threw the tile.`
			);
		} else {
			parts.push(
				`${w} won (Mah Jongg), ${outcome.method === 'self-pick' ? 'self-picked' : 'by joker exchange'}.`
			);
		}
	} else {
		const c = seatLabel(outcome.caller);
		title = `Mah jongg table: ${c} called a misnamed discard`;
		parts.push(
			`${c} called a misnamed discard for Mah Jongg. ${seatLabel(outcome.misnamer)} misnamed the tile.`
		);
	}
	const dead = outcome.kind === 'wall-game' ? [] : (outcome.dead ?? []);
	if (dead.length > 0) {
		const names = listWords(dead.map((s) => `${seatLabel(s)}'s`));
		const pays =
			outcome.kind === 'win' ? (dead.length === 1 ? ', and still pays' : ', and still pay') : '';
		parts.push(`${names} ${dead.length === 1 ? 'hand is' : 'hands are'} dead${pays}.`);
	}
	if (transfers) {
		if (transfers.length === 0) parts.push('Nobody pays anybody.');
		for (const t of transfers) {
			parts.push(`${seatLabel(t.from)} pays ${seatLabel(t.to)} ${formatAmount(t.points, unit)}.`);
		}
	}
	return { title, desc: parts.join(' ') };
}
