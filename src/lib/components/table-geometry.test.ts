import { describe, expect, it } from 'vitest';
import { type Outcome } from '$lib/payments';
import { arrowBetween, edgePoint, type Box } from './arrow-geometry';
import { SEAT_SIDE, describeTable, seatMarks } from './table-geometry';

const inside = (b: Box, x: number, y: number) =>
	Math.abs(x - b.x) < b.w / 2 - 0.01 && Math.abs(y - b.y) < b.h / 2 - 0.01;

describe('seat layout', () => {
	it('puts East at the bottom, South right, West top, North left (counter-clockwise)', () => {
		expect(SEAT_SIDE).toEqual({ east: 'bottom', south: 'right', west: 'top', north: 'left' });
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
	// Plates as the table lays them out on a phone: West top, North and South level with the
	// middle, East at the bottom (CSS pixels).
	const plates: Box[] = [
		{ x: 164, y: 40, w: 100, h: 60 },
		{ x: 56, y: 110, w: 100, h: 90 },
		{ x: 272, y: 110, w: 100, h: 40 },
		{ x: 164, y: 180, w: 100, h: 60 }
	];

	it('runs from outside the payer plate to just outside the receiver plate', () => {
		for (const a of plates) {
			for (const b of plates) {
				if (a === b) continue;
				const arrow = arrowBetween(a, b, 12, 3);
				for (const p of plates) {
					expect(inside(p, arrow.from.x, arrow.from.y)).toBe(false);
					expect(inside(p, arrow.to.x, arrow.to.y)).toBe(false);
				}
				expect(arrow.head.split(' ')).toHaveLength(3);
				expect(arrow.head.startsWith(`${Math.round(arrow.to.x * 10) / 10},`)).toBe(true);
			}
		}
	});

	it('points along the line between the centres, its tip `gap` short of the receiver', () => {
		const arrow = arrowBetween(plates[1]!, plates[2]!, 12, 3);
		expect(arrow.from).toEqual({ x: 109, y: 110 });
		expect(arrow.to).toEqual({ x: 219, y: 110 });
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
		// A dead hand still pays: said so, never struck out.
		expect(seatMarks(win, 'west')).toEqual({
			role: null,
			dead: true,
			lines: ['Dead hand, still pays']
		});
		expect(seatMarks(win, 'north')).toEqual({ role: null, dead: false, lines: [] });
	});

	it('marks the caller and the misnamer, and nobody on a wall game', () => {
		const m: Outcome = { kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' };
		expect(seatMarks(m, 'north').role).toBe('caller');
		expect(seatMarks(m, 'west').lines).toEqual(['Misnamed tile']);
		// On a misnamed discard only the misnamer pays: a dead hand is only dead.
		expect(seatMarks({ ...m, dead: ['south'] }, 'south').lines).toEqual(['Dead hand']);
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
		expect(words.desc).toContain("West's and North's hands are dead, and still pay.");
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
