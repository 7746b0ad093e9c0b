import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILLS, type Skill } from '$lib/payments';
import { GET } from '../api/round/+server';
import {
	drawHere,
	drawRound,
	readRoundRequest,
	roundRequestSearch,
	type RoundRequest
} from './draw';

const request = fc.record({
	seed: fc.string({ minLength: 1, maxLength: 64 }),
	count: fc.integer({ min: 1, max: 12 }),
	skills: fc.uniqueArray(fc.constantFrom(...SKILLS), { maxLength: 3 }),
	worked: fc.option(fc.constantFrom(...SKILLS), { nil: null })
});

/** The server's endpoint as a fetch: what the page gets online. */
const server: typeof fetch = async (input) => {
	const url = new URL(String(input), 'http://coach.test');
	return GET({ url } as never);
};

describe('a practice round, drawn by the server or here', () => {
	it('reads back the query it writes', () => {
		fc.assert(
			fc.property(request, (r) => {
				expect(readRoundRequest(new URLSearchParams(roundRequestSearch(r)))).toEqual(r);
			})
		);
	});

	it('gives the same questions from the server as drawn here (the offline way)', async () => {
		await fc.assert(
			fc.asyncProperty(request, async (r: RoundRequest) => {
				const online = await drawRound(r, server);
				const offline = await drawRound(r, () => Promise.reject(new TypeError('offline')));
				expect(online).toEqual(offline);
				expect(online.scenarios.length).toBeGreaterThan(0);
				expect(online.worked === null).toBe(r.worked === null);
			}),
			{ numRuns: 25 }
		);
	});

	it('draws here when the server answers an error or something else', async () => {
		const r: RoundRequest = { seed: 'abc', count: 5, skills: ['jokerless'], worked: null };
		const here = await drawHere(r);
		expect(await drawRound(r, async () => new Response('nope', { status: 502 }))).toEqual(here);
		expect(await drawRound(r, async () => Response.json({ scenarios: 'x' }))).toEqual(here);
	});

	it('answers a bad query with a 400 and the reason', async () => {
		const bad = [
			'',
			'seed=a',
			'seed=a&n=0',
			'seed=a&n=51',
			'seed=a&n=2.5',
			'seed=a&n=3&skills=bogus'
		];
		bad.push(`seed=${'x'.repeat(65)}&n=3`, 'seed=a&n=3&worked=nothing');
		for (const query of bad) {
			const response = await server(`/api/round?${query}`);
			expect(response.status, query).toBe(400);
			const body = await response.json();
			expect(body.error.code).toBe('bad-request');
			expect(body.error.message.length, query).toBeGreaterThan(10);
		}
	});

	it('keeps the round shorter than asked, with the reason, when the skills allow fewer', async () => {
		const drawn = await drawRound(
			{ seed: 's', count: 5, skills: ['wall-game' as Skill], worked: null },
			server
		);
		expect(drawn.scenarios.length).toBe(1);
		expect(drawn.shortReason).toMatch(/wall game/i);
	});
});
