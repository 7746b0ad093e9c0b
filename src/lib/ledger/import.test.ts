/**
 * A night's file read back: the export imports as the same night (random nights too), a bare
 * night as `npm run ledger` reads it is taken, and unknown fields at any depth, built-in property
 * names included, are refused, each named by its path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nightArb } from './arbitraries';
import { importNight, nightFileUnknownFields } from './import';
import { ledger, nightJson, type Night } from './index';

const seats = { east: 'Ann', south: 'Bea', west: 'Cy', north: 'Di' };
const night: Night = {
	players: ['Ann', 'Bea', 'Cy', 'Di', 'Ed'],
	pie: 500,
	house: ['east-double', 'bettor'],
	hands: [
		{
			seats,
			bet: 'Bea',
			outcome: { kind: 'win', value: 25, winner: 'south', method: 'self-pick', jokers: 1 }
		},
		{ bet: 'Cy', outcome: { kind: 'wall-game' } }
	]
};
const file = (n: Night = night) => {
	const result = ledger(n);
	if ('error' in result) throw new Error(result.error.message);
	return nightJson(n, result, '2026-12-01T20:00:00.000Z');
};

describe('importNight', () => {
	it('reads its own export back as the same night, and when it began', () => {
		expect(importNight(file())).toEqual({ night, startedAt: '2026-12-01T20:00:00.000Z' });
		fc.assert(
			fc.property(nightArb(), (n) => {
				const back = importNight(file(n));
				expect('error' in back ? back.error.message : back.night).toEqual(n);
			}),
			{ numRuns: 100 }
		);
	});

	it('takes a bare night as npm run ledger reads it', () => {
		expect(importNight(JSON.stringify(night))).toEqual({ night, startedAt: null });
	});

	it('refuses unknown fields at any depth, naming each by its path', () => {
		const json = JSON.parse(file()) as Record<string, unknown> & {
			night: Night & Record<string, unknown>;
			hands: Record<string, unknown>[];
			settleUp: Record<string, unknown>[];
		};
		json.colour = 'red';
		json.night.hands[1]!.outcome = { kind: 'wall-game', pie: 100 } as never;
		(json.night.hands[0] as unknown as Record<string, unknown>).note = 'x';
		(json.night.hands[0]!.seats as unknown as Record<string, unknown>).centre = 'Ed';
		(json.night.hands[0]!.outcome as unknown as Record<string, unknown>).bonus = 5;
		(json.hands[0]!.net as Record<string, unknown>).Flo = 0;
		json.settleUp[0]!.cents = 1;
		expect(nightFileUnknownFields(json)).toEqual([
			'colour',
			'night.hands[0].note',
			'night.hands[0].seats.centre',
			'night.hands[0].outcome.bonus',
			'night.hands[1].outcome.pie',
			'hands[0].net.Flo',
			'settleUp[0].cents'
		]);
		const refused = importNight(JSON.stringify(json));
		expect(refused).toMatchObject({ error: { code: 'field-unknown' } });
		expect('error' in refused && refused.error.message).toContain('night.hands[1].outcome.pie');
	});

	it('refuses built-in property names as the unknown fields they are, each with its path', () => {
		for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
			const text = file()
				.replace('"night": {', `"night": {"${name}": 1,`)
				.replace('"kind": "wall-game"', `"kind": "wall-game", "${name}": {}`)
				.replace('"east": "Ann"', `"east": "Ann", "${name}": "Ed"`)
				.replace('{\n  "night"', `{"${name}": null, "night"`);
			const refused = importNight(text);
			expect(refused).toMatchObject({ error: { code: 'field-unknown' } });
			expect(nightFileUnknownFields(JSON.parse(text))).toEqual([
				name,
				`night.${name}`,
				`night.hands[0].seats.${name}`,
				`night.hands[1].outcome.${name}`
			]);
		}
		const bare = JSON.parse(`{"players":["A","B","C","D"],"hands":[],"__proto__":{"x":1}}`);
		expect(nightFileUnknownFields(bare)).toEqual(['__proto__']);
	});

	it('says what is wrong with a file that is not a night', () => {
		expect(importNight('{')).toMatchObject({ error: { code: 'json-invalid' } });
		expect(importNight('[]')).toMatchObject({ error: { code: 'night-invalid' } });
		expect(importNight(JSON.stringify({ ...night, players: ['Ann'] }))).toMatchObject({
			error: { code: 'players-invalid' }
		});
		expect(
			importNight(JSON.stringify({ ...night, hands: [{ ...night.hands[0], bet: 'Ed' }] }))
		).toMatchObject({ error: { code: 'bet-invalid', hand: 0 } });
	});
});
