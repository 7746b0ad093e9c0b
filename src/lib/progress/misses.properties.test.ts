/**
 * Property: the misses progress records for an answer are exactly the skills `diagnose` says it
 * counts against (skills.md), whether or not the question exercises them; every other skill the
 * question exercises is a success. Checked on the records as kept and as read back from an export
 * file (import), over random outcomes and answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeArb } from '$lib/payments/arbitraries';
import {
	MISCONCEPTION_IDS,
	SEATS,
	diagnose,
	rightAmounts,
	settleValid,
	validateOutcome,
	wrongAnswerFor,
	type Answer,
	type Outcome,
	type Skill
} from '$lib/payments';
import { skillHistory } from './mastery';
import { exportJson } from './progress';
import { makeAttempt } from './record';
import { readProgressFile } from './schema';
import { scenarioOf } from './test-fixtures';
import type { AttemptRecord } from './types';

/** For each attempt id: the skills it missed and the skills it succeeded at. */
function marksOf(attempts: readonly AttemptRecord[]) {
	const out = new Map<string, { miss: Skill[]; success: Skill[] }>();
	for (const [skill, marks] of skillHistory(attempts)) {
		for (const m of marks) {
			const entry = out.get(m.attemptId) ?? { miss: [], success: [] };
			entry[m.mark].push(skill);
			out.set(m.attemptId, entry);
		}
	}
	return out;
}

/** An answer to `outcome`: right, a misconception's, right with amounts changed, or left out. */
function answerArb(outcome: Outcome): fc.Arbitrary<Answer> {
	const checked = validateOutcome(outcome);
	if (!checked.ok) throw new Error(checked.error.code);
	const settlement = settleValid(checked.outcome);
	const right = rightAmounts(settlement);
	const keys = [...SEATS.filter((s) => s in right.pays), 'total' as const];
	const shown = MISCONCEPTION_IDS.map((id) =>
		wrongAnswerFor(id, checked.outcome, settlement)
	).filter((a): a is NonNullable<typeof a> => a !== null);
	const changed = fc
		.record({
			key: fc.constantFrom(...keys),
			to: fc.option(fc.integer({ min: 0, max: 4000 }), { nil: undefined })
		})
		.chain(({ key, to }) =>
			fc.constant(
				((): Answer => {
					const a: Answer = { pays: { ...right.pays }, total: right.total };
					if (key === 'total') a.total = to;
					else if (to === undefined) delete a.pays[key];
					else a.pays[key] = to;
					return a;
				})()
			)
		);
	const arbs: fc.Arbitrary<Answer>[] = [fc.constant(right as Answer), changed];
	if (shown.length) arbs.push(fc.constantFrom(...(shown as Answer[])));
	return fc.oneof(...arbs);
}

/** An outcome and an answer that `diagnose` can read (no amount above what any hand can have). */
const caseArb = outcomeArb
	.chain((outcome) => answerArb(outcome).map((answer) => ({ outcome, answer })))
	.filter(({ outcome, answer }) => !('error' in diagnose(outcome, answer)));

describe('progress records a miss for every skill an answer counts against', () => {
	it("the misses equal diagnose's skills; the successes are the rest of the exercised", () => {
		fc.assert(
			fc.property(fc.array(caseArb, { minLength: 1, maxLength: 6 }), (cases) => {
				const attempts = cases.map(({ outcome, answer }, i) =>
					makeAttempt({
						scenario: scenarioOf(outcome, `p:${i}`),
						answer,
						unit: 'points',
						roundId: 'r',
						id: `a${i}`,
						at: new Date(Date.UTC(2025, 0, 1, 12, i))
					})
				);
				const read = readProgressFile(exportJson(attempts), new Date(Date.UTC(2025, 1, 1)));
				if (!read.ok) throw new Error(read.reason);
				for (const kept of [attempts, read.file.attempts]) {
					const marks = marksOf(kept);
					cases.forEach(({ outcome, answer }, i) => {
						const d = diagnose(outcome, answer);
						if ('error' in d) throw new Error(d.error.code);
						const exercised = scenarioOf(outcome).skills;
						const got = marks.get(`a${i}`) ?? { miss: [], success: [] };
						expect(got.miss).toEqual(d.skills);
						expect(got.success).toEqual(exercised.filter((s) => !d.skills.includes(s)));
					});
				}
			}),
			{ numRuns: 300 }
		);
	});

	it("East paid double on South's self-pick is a miss for East, which the question does not exercise", () => {
		const outcome: Outcome = {
			kind: 'win',
			value: 25,
			winner: 'south',
			method: 'self-pick',
			jokers: 1
		};
		const scenario = scenarioOf(outcome, 'e:0');
		expect(scenario.skills).not.toContain('east');
		const answer: Answer = { pays: { east: 100, west: 50, north: 50 }, total: 200 };
		const d = diagnose(outcome, answer);
		if ('error' in d) throw new Error(d.error.code);
		expect(d.skills).toEqual(['east']);
		const a = makeAttempt({ scenario, answer, unit: 'points', roundId: 'r', id: 'east' });
		const history = skillHistory([a]);
		expect(history.get('east')).toEqual([{ at: a.at, attemptId: 'east', mark: 'miss' }]);
		expect(history.get('self-pick')).toEqual([{ at: a.at, attemptId: 'east', mark: 'success' }]);
	});

	it('a right answer to a question tried again is left out, kept so through export and import', () => {
		const outcome: Outcome = {
			kind: 'win',
			value: 25,
			winner: 'south',
			method: 'self-pick',
			jokers: 1
		};
		const scenario = scenarioOf(outcome, 't:0');
		const base = { scenario, unit: 'points' as const, roundId: 'r' };
		const wrong = makeAttempt({
			...base,
			id: 'w',
			answer: { pays: { east: 100, west: 50, north: 50 }, total: 200 },
			at: new Date(Date.UTC(2025, 0, 1, 12))
		});
		const right: Answer = { pays: { east: 50, west: 50, north: 50 }, total: 150 };
		const again = makeAttempt({
			...base,
			id: 'a',
			answer: right,
			triedAgain: true,
			at: new Date(Date.UTC(2025, 0, 1, 12, 1))
		});
		const wrongAgain = makeAttempt({
			...base,
			id: 'b',
			answer: { pays: {} },
			triedAgain: true,
			at: new Date(Date.UTC(2025, 0, 1, 12, 2))
		});
		expect(again.triedAgain).toBe(true);
		expect(wrong).not.toHaveProperty('triedAgain');
		const read = readProgressFile(
			exportJson([wrong, again, wrongAgain]),
			new Date(Date.UTC(2025, 1, 1))
		);
		if (!read.ok) throw new Error(read.reason);
		expect(read.unknownFields).toEqual([]);
		for (const kept of [[wrong, again, wrongAgain], read.file.attempts]) {
			const marks = marksOf(kept);
			expect(marks.has('a')).toBe(false);
			expect(marks.get('b')?.miss).toEqual(['self-pick']);
		}
		expect(read.file.attempts.map((a) => a.triedAgain)).toEqual([undefined, true, true]);
	});
});
