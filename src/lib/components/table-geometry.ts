/**
 * Layout and words for the table picture (TableView.svelte). Pure functions, no DOM.
 * Coordinates are SVG user units in a fixed viewBox of VIEW_W x VIEW_H; the picture scales to
 * its container. Seats sit as at a real table, counter-clockwise: East at the bottom, South on
 * the right, West at the top, North on the left.
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

/** Width of the picture's viewBox, in SVG units (about one CSS pixel on a 360 px phone). */
export const VIEW_W = 360;
/** Height of the picture's viewBox, in SVG units. */
export const VIEW_H = 400;

/** A point in SVG units. */
export interface Point {
	x: number;
	y: number;
}

/** A seat's box: its centre and its full width and height, in SVG units. */
export interface Box extends Point {
	w: number;
	h: number;
}

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

/** The box of a seat's name plate. Top and bottom plates are wider than the side ones. */
export function seatBox(seat: Seat): Box {
	const side = SEAT_SIDE[seat];
	if (side === 'bottom') return { x: VIEW_W / 2, y: VIEW_H - 42, w: 150, h: 76 };
	if (side === 'top') return { x: VIEW_W / 2, y: 42, w: 150, h: 76 };
	if (side === 'left') return { x: 64, y: VIEW_H / 2, w: 124, h: 76 };
	return { x: VIEW_W - 64, y: VIEW_H / 2, w: 124, h: 76 };
}

/** The point where the ray from a box's centre towards `to` leaves the box, `gap` units further. */
export function edgePoint(box: Box, to: Point, gap = 0): Point {
	const dx = to.x - box.x;
	const dy = to.y - box.y;
	const len = Math.hypot(dx, dy);
	if (len === 0) return { x: box.x, y: box.y };
	const t = Math.min(
		dx === 0 ? Infinity : box.w / 2 / Math.abs(dx),
		dy === 0 ? Infinity : box.h / 2 / Math.abs(dy)
	);
	const k = t + gap / len;
	return { x: box.x + dx * k, y: box.y + dy * k };
}

/**
 * An arrow from one seat's plate to another's: the line (`from`, `to`, `to` being the tip), the
 * arrowhead as an SVG polygon `points` string, and `label`, where the amount goes: halfway between
 * the plates' centres for opposite seats, 45% of the way from the payer for neighbours, so that the
 * three labels of one win never overlap each other nor the plates (checked in the tests for
 * amounts up to "4000 points" and "$40.00").
 */
export interface Arrow {
	from: Point;
	to: Point;
	head: string;
	label: Point;
}

/** The arrow from `payer` to `receiver` (two different seats). */
export function arrowBetween(payer: Seat, receiver: Seat, headSize = 12): Arrow {
	const a = seatBox(payer);
	const b = seatBox(receiver);
	const from = edgePoint(a, b, 4);
	const to = edgePoint(b, a, 4);
	const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
	const ux = (to.x - from.x) / len;
	const uy = (to.y - from.y) / len;
	const bx = to.x - ux * headSize;
	const by = to.y - uy * headSize;
	const half = headSize / 2;
	const pts: Point[] = [
		to,
		{ x: bx - uy * half, y: by + ux * half },
		{ x: bx + uy * half, y: by - ux * half }
	];
	const head = pts.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
	const opposite = (SEATS.indexOf(payer) + 2) % 4 === SEATS.indexOf(receiver);
	const t = opposite ? 0.5 : 0.45;
	return { from, to, head, label: { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t } };
}

/** Width of one character of an amount (18-unit bold text, wide fonts included), in SVG units. */
export const LABEL_CHAR_W = 11.5;
/** Height of one line of an amount, in SVG units. */
export const LABEL_LINE_H = 20;

/**
 * An arrow's amount as drawn: its `lines` (each with its baseline `y`; "2000 points" becomes "2000"
 * over "points" so the pill stays narrow, "$0.50" stays one line) and the `rect` of the pill behind
 * them (SVG attributes), centred on the label point.
 */
export interface AmountLabel {
	lines: { text: string; y: number }[];
	rect: { x: number; y: number; width: number; height: number };
}

/** Lays out the amount `text` (from formatAmount) centred on `at`. */
export function amountLabel(at: Point, text: string): AmountLabel {
	const words = / points?$/.test(text) ? text.split(' ') : [text];
	const width = Math.max(...words.map((w) => w.length)) * LABEL_CHAR_W + 14;
	const height = words.length * LABEL_LINE_H + 10;
	const top = at.y - height / 2;
	return {
		lines: words.map((w, i) => ({ text: w, y: top + 20 + i * LABEL_LINE_H })),
		rect: { x: at.x - width / 2, y: top, width, height }
	};
}

/** The SVG path of the winner's crown, in the top-left corner of her plate. */
export function crownPath(box: Box): string {
	return `M${box.x - box.w / 2 + 8} ${box.y - box.h / 2 + 24} l0 -14 l6 7 l6 -10 l6 10 l6 -7 l0 14 z`;
}

function round(n: number): number {
	return Math.round(n * 10) / 10;
}

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
	if (dead) lines.push('Dead hand');
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
		parts.push(`${names} ${dead.length === 1 ? 'hand is' : 'hands are'} dead.`);
	}
	if (transfers) {
		if (transfers.length === 0) parts.push('Nobody pays anybody.');
		for (const t of transfers) {
			parts.push(`${seatLabel(t.from)} pays ${seatLabel(t.to)} ${formatAmount(t.points, unit)}.`);
		}
	}
	return { title, desc: parts.join(' ') };
}
