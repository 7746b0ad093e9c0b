import { describe, expect, it } from 'vitest';
import { settle, isSettleFailure, type Outcome } from '$lib/payments';
import { generateScenarios } from '$lib/scenarios';
import { questionKey, readWorksheetQuery, worksheetHref, worksheetQuestions } from './worksheet';

const read = (href: string) => readWorksheetQuery(new URL(href, 'http://x').searchParams);

describe('worksheet settings in an address', () => {
	it('round-trips through worksheetHref', () => {
		const setup = {
			seed: 'abc',
			count: 4,
			skills: ['dead-hand' as const],
			unit: 'money' as const,
			swaps: { 1: 2 },
			title: 'Tuesday class'
		};
		expect(read(worksheetHref(setup))).toEqual(setup);
	});

	it("reads skills repeated, as a form's checkboxes send them", () => {
		const setup = read('/class/worksheet?seed=s&count=2&skills=dead-hand&skills=discard');
		expect(typeof setup === 'string' ? setup : setup.skills).toEqual(['dead-hand', 'discard']);
	});

	it('says what is wrong with a bad address', () => {
		expect(read('/class/worksheet?count=3')).toMatch(/seed/);
		expect(read('/class/worksheet?seed=a&count=0')).toMatch(/1 to 50/);
		expect(read('/class/worksheet?seed=a&count=3&skills=nope')).toMatch(/Unknown skill "nope"/);
		expect(read('/class/worksheet?seed=a&count=3&unit=yen')).toMatch(/points or money/);
		expect(read('/class/worksheet?seed=a&count=3&swaps=9:1')).toMatch(/swapped/);
	});
});

describe('questionKey', () => {
	it("gives every field the engine's amount and names the rules", () => {
		for (const scenario of generateScenarios({ seed: 'key', count: 12 })) {
			const settled = settle(scenario.outcome as Outcome);
			if (isSettleFailure(settled)) throw new Error(settled.error.message);
			const key = questionKey(scenario, 'points');
			for (const { key: field, points } of key.amounts) {
				const want =
					field === 'total'
						? settled.total
						: (settled.transfers.find((t) => t.from === field)?.points ?? 0);
				expect(points).toBe(want);
			}
			expect(key.lines.join(' ')).toMatch(/\bP\d+\b/);
		}
	});

	it('shows money in dollars and cents', () => {
		const [scenario] = worksheetQuestions({
			seed: 'm',
			count: 1,
			skills: [],
			unit: 'money',
			swaps: {}
		});
		expect(questionKey(scenario!, 'money').amounts[0]!.amount).toMatch(/^\$\d+\.\d\d$/);
	});
});
