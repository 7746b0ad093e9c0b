import { describe, expect, it } from 'vitest';
import { RULES_VERSION } from '$lib/payments';
import { makeAttempt } from './record';
import { listAttempts, recordAttempt } from './progress';
import { memoryProgressStore } from './store';
import { bonusMissed, discardJokerless, rightDiscard, wallGame } from './test-fixtures';

describe('makeAttempt', () => {
	it('records a wrong answer with its wrong amounts and the misconception it shows', () => {
		const at = new Date('2025-03-01T10:00:00.000Z');
		const a = makeAttempt({
			scenario: discardJokerless,
			answer: bonusMissed,
			unit: 'money',
			roundId: 'seed1',
			hintsUsed: 2,
			at,
			id: 'x1'
		});
		expect(a).toEqual({
			id: 'x1',
			at: '2025-03-01T10:00:00.000Z',
			scenario: discardJokerless,
			unit: 'money',
			answer: bonusMissed,
			given: [],
			rulesVersion: RULES_VERSION,
			expected: rightDiscard,
			correct: false,
			wrong: ['south', 'west', 'north', 'total'],
			missing: [],
			misconceptions: ['jokerless-bonus-missed'],
			explanations: [
				{
					id: 'jokerless-bonus-missed',
					title: 'Jokerless bonus missed',
					rule: 'The hand holds no joker at mah jongg, so every payment doubles once more (P5).',
					// The right final amounts, in the unit, never only the first step.
					amounts:
						'Here South and North each pay $0.25 × 2 (jokerless) = $0.50; West pays $0.25 × 2 (threw the tile) × 2 (jokerless) = $1.00.',
					text: expect.stringContaining('(P5). Here South and North')
				}
			],
			skills: ['jokerless'],
			exercised: ['discard', 'jokerless', 'east'],
			hintsUsed: 2,
			revealed: false,
			roundId: 'seed1'
		});
	});

	it('leaves empty fields out of the answer and gives every attempt its own id', () => {
		const a = makeAttempt({
			scenario: discardJokerless,
			answer: { pays: { west: 100 } },
			unit: 'points',
			roundId: 'r'
		});
		const b = makeAttempt({ scenario: wallGame, answer: null, unit: 'points', roundId: 'r' });
		expect(a.answer).toEqual({ pays: { west: 100 } });
		expect(a.correct).toBe(false);
		expect(a.wrong).toEqual(['south', 'north', 'total']);
		expect(a.missing).toEqual(['south', 'north', 'total']);
		expect(b).toMatchObject({ revealed: true, correct: false, answer: { pays: {} } });
		expect(a.id).not.toBe(b.id);
		expect(a.id.length).toBeGreaterThan(10);
	});

	it('throws for an answer that cannot be read', () => {
		expect(() =>
			makeAttempt({
				scenario: discardJokerless,
				answer: { pays: { east: 5 }, total: 0 },
				unit: 'points',
				roundId: 'r'
			})
		).toThrow(/receives/);
	});
});

describe('recordAttempt', () => {
	it('grades and keeps a quiz result as it comes', async () => {
		const store = memoryProgressStore();
		const result = {
			scenario: discardJokerless,
			answer: bonusMissed,
			revealed: false,
			hintsUsed: 1
		};
		const record = await recordAttempt({ ...result, unit: 'points', roundId: 'seed9' }, store);
		expect(await listAttempts(store)).toEqual([record]);
		expect(record).toMatchObject({
			roundId: 'seed9',
			misconceptions: ['jokerless-bonus-missed'],
			hintsUsed: 1
		});
	});
});
