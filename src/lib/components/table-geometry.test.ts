import { describe, expect, it } from 'vitest';
import { SEATS, type Outcome, type Seat } from '$lib/payments';
import {
	LABEL_CHAR_W,
	SEAT_SIDE,
	VIEW_H,
	VIEW_W,
	amountLabel,
	arrowBetween,
	crownPath,
	describeTable,
	edgePoint,
	seatBox,
	seatMarks
} from './table-geometry';

const inside = (seat: Seat, x: number, y: number) => {
	const b = seatBox(seat);
	return Math.abs(x - b.x) <= b.w / 2 + 0.01 && Math.abs(y - b.y) <= b.h / 2 + 0.01;
};

type Rect = { x: number; y: number; width: number; height: number };
const overlaps = (a: Rect, b: Rect) =>
	a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('seat layout', () => {
	it('puts East at the bottom, South right, West top, North left (counter-clockwise)', () => {
		expect(SEAT_SIDE).toEqual({ east: 'bottom', south: 'right', west: 'top', north: 'left' });
		const [e, s, w, n] = SEATS.map(seatBox);
		expect(e!.y).toBeGreaterThan(s!.y);
		expect(s!.x).toBeGreaterThan(w!.x);
		expect(w!.y).toBeLessThan(n!.y);
		expect(n!.x).toBeLessThan(e!.x);
	});

	it('keeps every plate inside the viewBox and apart from the others', () => {
		for (const seat of SEATS) {
			const b = seatBox(seat);
			expect(b.x - b.w / 2).toBeGreaterThanOrEqual(0);
			expect(b.x + b.w / 2).toBeLessThanOrEqual(VIEW_W);
			expect(b.y - b.h / 2).toBeGreaterThanOrEqual(0);
			expect(b.y + b.h / 2).toBeLessThanOrEqual(VIEW_H);
			for (const other of SEATS) {
				if (other === seat) continue;
				const o = seatBox(other);
				const apart =
					Math.abs(b.x - o.x) >= (b.w + o.w) / 2 || Math.abs(b.y - o.y) >= (b.h + o.h) / 2;
				expect(apart).toBe(true);
			}
		}
	});
});

describe('edgePoint', () => {
	it('leaves the box on its edge, plus the gap', () => {
		const box = { x: 0, y: 0, w: 100, h: 40 };
		expect(edgePoint(box, { x: 200, y: 0 })).toEqual({ x: 50, y: 0 });
		expect(edgePoint(box, { x: 0, y: -100 }, 5)).toEqual({ x: 0, y: -25 });
		expect(edgePoint(box, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
	});
});

describe('arrowBetween', () => {
	it('runs from outside the payer plate to just outside the receiver plate', () => {
		for (const from of SEATS) {
			for (const to of SEATS) {
				if (from === to) continue;
				const a = arrowBetween(from, to);
				expect(inside(from, a.from.x, a.from.y)).toBe(false);
				expect(inside(to, a.to.x, a.to.y)).toBe(false);
				expect(a.head.split(' ')).toHaveLength(3);
			}
		}
	});

	it('places the three labels of a win apart from each other and from the plates', () => {
		for (const amount of ['4000 points', '$40.00']) {
			for (const winner of SEATS) {
				const rects = SEATS.filter((s) => s !== winner).map(
					(s) => amountLabel(arrowBetween(s, winner).label, amount).rect
				);
				const plates = SEATS.map((s) => {
					const b = seatBox(s);
					return { x: b.x - b.w / 2, y: b.y - b.h / 2, width: b.w, height: b.h };
				});
				rects.forEach((r, i) => {
					for (const other of [...rects.slice(i + 1), ...plates]) {
						expect(overlaps(r, other), `${amount} to ${winner}`).toBe(false);
					}
				});
			}
		}
	});
});

describe('amountLabel and crownPath', () => {
	it('puts points on two lines and money on one, centred on the label point', () => {
		const points = amountLabel({ x: 100, y: 50 }, '2000 points');
		expect(points.lines.map((l) => l.text)).toEqual(['2000', 'points']);
		expect(points.rect.x + points.rect.width / 2).toBe(100);
		expect(points.rect.y + points.rect.height / 2).toBe(50);
		const money = amountLabel({ x: 100, y: 50 }, '$0.50');
		expect(money.lines).toEqual([{ text: '$0.50', y: 55 }]);
		expect(money.rect.height).toBeLessThan(points.rect.height);
		expect(money.rect.width).toBeGreaterThanOrEqual(5 * LABEL_CHAR_W);
	});

	it('puts the crown in the top-left corner of the plate', () => {
		const box = seatBox('east');
		expect(crownPath(box)).toMatch(
			new RegExp(`^M${box.x - box.w / 2 + 8} ${box.y - box.h / 2 + 24} `)
		);
	});
});

describe('seatMarks', () => {
	const win: Outcome = {
		kind: 'win',
		value: 25,
		winner: 'east',
		method: 'discard',
		discarder: 'south',
		jokers: 1,
		dead: ['west']
	};

	it('marks the winner, the discarder and dead hands', () => {
		expect(seatMarks(win, 'east')).toEqual({
			role: 'winner',
			dead: false,
			lines: ['Mah Jongg', 'on a discard']
		});
		expect(seatMarks(win, 'south')).toEqual({
			role: 'discarder',
			dead: false,
			lines: ['Threw the tile']
		});
		expect(seatMarks(win, 'west')).toEqual({ role: null, dead: true, lines: ['Dead hand'] });
		expect(seatMarks(win, 'north')).toEqual({ role: null, dead: false, lines: [] });
	});

	it('marks the caller and the misnamer, and nobody on a wall game', () => {
		const m: Outcome = { kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' };
		expect(seatMarks(m, 'north').role).toBe('caller');
		expect(seatMarks(m, 'west').lines).toEqual(['Misnamed tile']);
		expect(seatMarks({ kind: 'wall-game' }, 'east').lines).toEqual([]);
	});
});

describe('describeTable', () => {
	it('says who won, who threw the tile, the dead hands and each payment in money', () => {
		const words = describeTable(
			{
				kind: 'win',
				value: 25,
				winner: 'east',
				method: 'discard',
				discarder: 'south',
				jokers: 1,
				dead: ['west', 'north']
			},
			[{ from: 'south', to: 'east', points: 50 }],
			'money'
		);
		expect(words.title).toBe('Mah jongg table: East won');
		expect(words.desc).toContain('East at the bottom, South on the right');
		expect(words.desc).toContain('South threw the tile.');
		expect(words.desc).toContain("West's and North's hands are dead.");
		expect(words.desc).toContain('South pays East $0.50.');
	});

	it('names a self-pick, a wall game and a payment-free check', () => {
		const self = describeTable(
			{ kind: 'win', value: 30, winner: 'north', method: 'self-pick', jokers: 0 },
			undefined,
			'points'
		);
		expect(self.desc).toContain('North won (Mah Jongg), self-picked.');
		expect(self.desc).not.toContain('pays');
		const wall = describeTable({ kind: 'wall-game' }, [], 'points');
		expect(wall.title).toContain('Wall game — nobody won');
		expect(wall.desc).toContain('Nobody pays anybody.');
	});
});
