/**
 * The arrows of the table picture (TableArrows.svelte): drawn between the seats' plates from
 * their measured boxes, in CSS pixels. Pure functions, no DOM. Kept apart from the words
 * (./table-geometry.ts) so a question's first load does not carry them.
 */

/** A point, in CSS pixels from the top-left corner of the table. */
export interface Point {
	x: number;
	y: number;
}

/** A seat's plate: its centre and its full width and height. */
export interface Box extends Point {
	w: number;
	h: number;
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
 * An arrow from one seat's plate to another's: the line (`from`, `to`, `to` being the tip) and
 * the arrowhead as an SVG polygon `points` string.
 */
export interface Arrow {
	from: Point;
	to: Point;
	head: string;
}

/**
 * The arrow from the payer's plate `a` to the receiver's plate `b`: it leaves `a` and stops
 * `gap` short of `b`, along the line between their centres.
 */
export function arrowBetween(a: Box, b: Box, headSize = 12, gap = 4): Arrow {
	const from = edgePoint(a, b, gap);
	const to = edgePoint(b, a, gap);
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
	return { from, to, head: pts.map((p) => `${round(p.x)},${round(p.y)}`).join(' ') };
}

function round(n: number): number {
	return Math.round(n * 10) / 10;
}
