import { describe, expect, it } from 'vitest';
import { workedExample } from './worked';
import { discardJokerless, wallGame } from './test-fixtures';

describe('workedExample', () => {
	it('walks a discard through from the story to the total, rule by rule', () => {
		const { steps, settlement } = workedExample(discardJokerless);
		expect(steps[0]).toEqual({ heading: 'What happened', text: discardJokerless.narrative });
		const west = steps.filter((s) => s.heading === 'West, who threw the tile');
		expect(west.map((s) => s.rule)).toEqual(['P1', 'P2', 'P5', 'P10', undefined]);
		expect(west.map((s) => s.points)).toEqual([25, 50, 100, 100, 100]);
		expect(west.at(-1)!.text).toBe('So West pays 100 points.');
		expect(steps.at(-1)).toEqual({
			heading: 'Total',
			text: 'East receives the sum of the payments: 50 points + 100 points + 50 points = 200 points.',
			rule: 'P1',
			points: 200
		});
		expect(settlement.total).toBe(200);
	});

	it('writes its own sentences in money when asked, and handles a wall game', () => {
		expect(workedExample(discardJokerless, 'money').steps.at(-1)!.text).toContain(
			'$0.50 + $1.00 + $0.50 = $2.00'
		);
		const wall = workedExample(wallGame).steps;
		expect(wall.at(-1)).toMatchObject({ heading: 'Total', rule: 'P11', points: 0 });
	});

	it('throws for an impossible question', () => {
		const bad = { ...discardJokerless, outcome: { ...discardJokerless.outcome, value: 0 } };
		expect(() => workedExample(bad)).toThrow(/value/);
	});
});
