import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILLS, HIGH_VALUE, type Skill } from '$lib/payments';
import {
	generateRound,
	generateScenario,
	generateScenarios,
	outcomeKey,
	outcomesAvailable,
	roundTargets,
	type Round
} from './index';
import { scenarioProblems } from './problems';

const skillArb = fc.constantFrom(...SKILLS);
const seedArb = fc.string({ maxLength: 12 });
const countArb = fc.integer({ min: 1, max: 60 });
const picksArb = fc.uniqueArray(skillArb, { minLength: 1, maxLength: SKILLS.length });
/** Rounds are a few milliseconds each: enough runs to cover the picks, fast enough to run often. */
const runs = { numRuns: 120 };

const distinctKeys = (round: Round) => new Set(round.scenarios.map((s) => outcomeKey(s.outcome)));
const exercising = (round: Round, skill: Skill) =>
	round.scenarios.filter((s) => s.skills.includes(skill)).length;

describe('round invariants (skills.md, "How a round is made up")', () => {
	it('every question exercises at least one picked skill', () => {
		fc.assert(
			fc.property(seedArb, countArb, picksArb, (seed, count, skills) => {
				const round = generateRound({ seed, count, skills });
				for (const s of round.scenarios)
					expect(s.skills.some((k) => skills.includes(k))).toBe(true);
			}),
			runs
		);
	});

	it('each picked skill is exercised by at least min(floor(n / k), outcomes available) questions', () => {
		fc.assert(
			fc.property(seedArb, countArb, picksArb, (seed, count, skills) => {
				const round = generateRound({ seed, count, skills });
				const share = Math.floor(count / skills.length);
				for (const skill of skills) {
					expect(exercising(round, skill)).toBeGreaterThanOrEqual(
						Math.min(share, outcomesAvailable(skill))
					);
				}
			}),
			runs
		);
	});

	it('when n < k, n different picked skills are each exercised at least once', () => {
		fc.assert(
			fc.property(
				seedArb,
				fc.uniqueArray(skillArb, { minLength: 2, maxLength: SKILLS.length }),
				fc.nat(),
				(seed, skills, n) => {
					const count = 1 + (n % (skills.length - 1));
					const round = generateRound({ seed, count, skills });
					expect(round.scenarios).toHaveLength(count);
					const covered = skills.filter((k) => exercising(round, k) > 0);
					expect(covered.length).toBeGreaterThanOrEqual(count);
				}
			),
			runs
		);
	});

	it('no two questions have the same outcome, and only a round of wall games alone is short', () => {
		fc.assert(
			fc.property(
				seedArb,
				countArb,
				fc.option(picksArb, { nil: undefined }),
				(seed, count, skills) => {
					const round = generateRound({ seed, count, skills });
					expect(distinctKeys(round).size).toBe(round.scenarios.length);
					const onlyWalls = skills?.length === 1 && skills[0] === 'wall-game';
					const expected = onlyWalls ? 1 : count;
					expect(round.scenarios).toHaveLength(expected);
					expect(round.shortReason !== null).toBe(expected < count);
				}
			),
			runs
		);
	});

	it('the same seed, count and picks give the same round (picks are a set)', () => {
		fc.assert(
			fc.property(seedArb, countArb, picksArb, (seed, count, skills) => {
				const round = generateRound({ seed, count, skills });
				expect(generateRound({ seed, count, skills: [...skills].reverse() })).toEqual(round);
				expect(generateScenarios({ seed, count, skills })).toEqual(round.scenarios);
			}),
			{ numRuns: 60 }
		);
	});

	it('question i has index i and id seed:i, and keeps every rule of a question', () => {
		fc.assert(
			fc.property(
				seedArb,
				countArb,
				fc.option(picksArb, { nil: undefined }),
				(seed, count, skills) => {
					const round = generateRound({ seed, count, skills });
					round.scenarios.forEach((s, i) => {
						expect(s.index).toBe(i);
						expect(s.id).toBe(`${seed}:${i}`);
						expect(s.seed).toBe(seed);
						expect(scenarioProblems(s)).toEqual([]);
					});
				}
			),
			runs
		);
	});
});

describe('rounds', () => {
	it('asks a wall game once, and says why the round is shorter', () => {
		const round = generateRound({ seed: 'walls', count: 10, skills: ['wall-game'] });
		expect(round.scenarios.map((s) => s.outcome)).toEqual([{ kind: 'wall-game' }]);
		expect(round.shortReason).toBe(
			'This round has 1 question, not 10: a wall game has only one outcome (nobody pays), so it cannot be asked twice.'
		);
		expect(
			generateRound({ seed: 'walls', count: 1, skills: ['wall-game'] }).shortReason
		).toBeNull();
	});

	it('fills a round of wall games and called discards with one wall game and nine discards', () => {
		const round = generateRound({ seed: 'walls', count: 10, skills: ['wall-game', 'discard'] });
		expect(round.shortReason).toBeNull();
		expect(round.scenarios).toHaveLength(10);
		expect(exercising(round, 'wall-game')).toBe(1);
		expect(exercising(round, 'discard')).toBe(9);
	});

	it('finds 1000 different misnamed discards, going beyond the realistic values', () => {
		const round = generateRound({ seed: 'many', count: 1000, skills: ['misnamed-discard'] });
		expect(round.shortReason).toBeNull();
		expect(round.scenarios).toHaveLength(1000);
		expect(distinctKeys(round).size).toBe(1000);
		for (const s of round.scenarios) {
			expect(s.outcome.kind).toBe('misnamed-discard');
			expect(scenarioProblems(s)).toEqual([]);
		}
		const values = round.scenarios.map((s) =>
			s.outcome.kind === 'wall-game' ? 0 : s.outcome.value
		);
		expect(values.every((v) => Number.isInteger(v) && v >= 25 && v <= 1000)).toBe(true);
		expect(values.some((v) => v > 100)).toBe(true);
	});

	it('keeps a high-value round at 55 points or more, even beyond the realistic values', () => {
		const round = generateRound({ seed: 'high', count: 1000, skills: ['high-value'] });
		expect(distinctKeys(round).size).toBe(1000);
		for (const s of round.scenarios) {
			expect(s.outcome.kind === 'wall-game' ? 0 : s.outcome.value).toBeGreaterThanOrEqual(
				HIGH_VALUE
			);
		}
	});

	it('keeps the natural mix to realistic values and at most one wall game', () => {
		const round = generateRound({ seed: 'natural', count: 200 });
		expect(round.shortReason).toBeNull();
		expect(distinctKeys(round).size).toBe(200);
		expect(exercising(round, 'wall-game')).toBeLessThanOrEqual(1);
		for (const s of round.scenarios) {
			if (s.outcome.kind !== 'wall-game') expect(s.outcome.value % 5).toBe(0);
		}
	});

	it('builds on generateScenario: question i is generateScenario(seed, i, [its target]) unless drawn again', () => {
		const skills: Skill[] = ['discard', 'jokerless', 'east'];
		const targets = roundTargets('build', 30, skills);
		const round = generateRound({ seed: 'build', count: 30, skills });
		const same = round.scenarios.filter(
			(s, i) => JSON.stringify(s) === JSON.stringify(generateScenario('build', i, [targets[i]!]))
		);
		expect(same.length).toBeGreaterThan(25);
		expect(generateRound({ seed: 'build', count: 5 }).scenarios[0]).toEqual(
			generateScenario('build', 0)
		);
	});

	it('gives each pick floor(n / k) targets and spreads the rest with the seed', () => {
		const skills: Skill[] = ['discard', 'self-pick', 'dead-hand'];
		const targets = roundTargets('spread', 10, skills);
		const counts = skills.map((k) => targets.filter((t) => t === k).length);
		expect(counts.reduce((a, b) => a + b, 0)).toBe(10);
		expect(counts.every((c) => c === 3 || c === 4)).toBe(true);
		expect(roundTargets('spread', 10, skills)).toEqual(targets);
		const few = roundTargets('spread', 2, [...SKILLS]);
		expect(new Set(few).size).toBe(2);
		expect(roundTargets('spread', 10, ['wall-game'])).toEqual(['wall-game']);
	});

	it('has no question for a count of 0 and refuses a count that is not a whole number', () => {
		expect(generateRound({ seed: 's', count: 0, skills: ['east'] })).toEqual({
			scenarios: [],
			shortReason: null
		});
		expect(() => generateRound({ seed: 's', count: -1 })).toThrow(RangeError);
		expect(() => generateRound({ seed: 's', count: 2.5 })).toThrow(RangeError);
		expect(() => generateScenarios({ seed: 's', count: Number.NaN })).toThrow(RangeError);
	});
});

describe('outcomeKey', () => {
	it('compares outcomes with their defaults filled in', () => {
		const win = {
			kind: 'win',
			value: 30,
			winner: 'north',
			method: 'discard',
			discarder: 'east',
			jokers: 0
		} as const;
		expect(outcomeKey({ ...win, dead: [] })).toBe(outcomeKey(win));
		expect(outcomeKey({ ...win, declaredJokerless: true, singlesAndPairs: false })).toBe(
			outcomeKey(win)
		);
		const reordered = {
			jokers: 0,
			discarder: 'east',
			method: 'discard',
			winner: 'north',
			value: 30,
			kind: 'win'
		} as const;
		expect(outcomeKey(reordered)).toBe(outcomeKey(win));
		expect(outcomeKey({ ...win, value: 35 })).not.toBe(outcomeKey(win));
		expect(outcomeKey({ ...win, declaredJokerless: false })).not.toBe(outcomeKey(win));
		expect(outcomeKey({ kind: 'wall-game' })).toBe('{"kind":"wall-game"}');
	});
});
