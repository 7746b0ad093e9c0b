/**
 * A night in a link: every night comes back from its code exactly, a changed night gives another
 * code, a 20-hand five-player night fits a QR code, and a damaged or foreign code is refused with
 * a sentence, never an exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nightArb } from '$lib/ledger/arbitraries';
import type { Night } from '$lib/ledger';
import { decodeNight, encodeNight, nightLink } from './share';

const seats = { east: 'Ann', south: 'Bea', west: 'Cy', north: 'Di' };
const win = {
	kind: 'win',
	value: 25,
	winner: 'south',
	method: 'discard',
	discarder: 'west',
	jokers: 1
} as const;
const night: Night = {
	players: ['Ann', 'Bea', 'Cy', 'Di', 'Ed'],
	pie: 500,
	house: ['east-double', 'bettor'],
	hands: Array.from({ length: 20 }, (_, i) => ({
		...(i === 0 ? { seats } : {}),
		bet: i % 2 ? 'Cy' : 'Bea',
		outcome: { ...win, value: 25 + i }
	}))
};
const at = '2026-12-01T21:30:00.000Z';

describe('a night in a link', () => {
	it('comes back exactly from its code, for any night', async () => {
		await fc.assert(
			fc.asyncProperty(nightArb(), fc.constantFrom('points', 'money' as const), async (n, unit) => {
				const code = await encodeNight({ night: n, updatedAt: at, unit });
				expect(code).toMatch(/^n1\.[A-Za-z0-9_-]+$/);
				expect(await decodeNight(`#${code}`)).toEqual({ night: n, updatedAt: at, unit });
			}),
			{ numRuns: 60 }
		);
	});

	it('is short enough for a QR code with 20 hands, and changes when the night does', async () => {
		const link = await nightLink('http://127.0.0.1:5173', { night, updatedAt: at, unit: 'money' });
		expect(link).toMatch(/^http:\/\/127\.0\.0\.1:5173\/table\/night#n1\./);
		// A QR code at level M holds 2,331 bytes.
		expect(link.length).toBeLessThan(1500);
		const edited = { ...night, hands: night.hands.slice(0, 19) };
		expect(await nightLink('x', { night: edited, updatedAt: at, unit: 'money' })).not.toBe(
			link.replace('http://127.0.0.1:5173', 'x')
		);
	});

	it('refuses a damaged or foreign code with a sentence', async () => {
		const code = await encodeNight({ night, updatedAt: at, unit: 'points' });
		for (const bad of [
			'',
			'#',
			'abc',
			code.slice(0, 40),
			code.slice(0, -7) + 'AAAAAAA',
			'n1.!!!'
		]) {
			const read = await decodeNight(bad);
			expect(read).toHaveProperty('error');
			expect('error' in read && read.error).toMatch(/link/);
		}
	});
});
