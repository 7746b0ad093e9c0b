import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILLS, skillsOf, type Skill } from '$lib/payments';
import { generateScenario, generateScenarios, tileName, type Scenario } from './index';
import { scenarioProblems } from './problems';

const skillArb = fc.constantFrom(...SKILLS);

describe('determinism', () => {
	it('gives deep-equal scenarios for the same seed', () => {
		const a = generateScenarios({ seed: 'table-7', count: 50 });
		const b = generateScenarios({ seed: 'table-7', count: 50 });
		expect(a).toEqual(b);
		expect(a[3]!.id).toBe('table-7:3');
	});

	it('makes scenario i independent of the count in the natural mix and with one skill', () => {
		const few = generateScenarios({ seed: 'x', count: 5 });
		const many = generateScenarios({ seed: 'x', count: 40 });
		expect(many.slice(0, 5)).toEqual(few);
		expect(generateScenario('x', 17)).toEqual(many[17]);
		expect(generateScenarios({ seed: 'x', count: 8, skills: ['east'] }).slice(0, 3)).toEqual(
			generateScenarios({ seed: 'x', count: 3, skills: ['east'] })
		);
	});

	it('gives different scenarios for different seeds', () => {
		const a = generateScenarios({ seed: 'alpha', count: 20 }).map((s) => s.outcome);
		const b = generateScenarios({ seed: 'beta', count: 20 }).map((s) => s.outcome);
		expect(a).not.toEqual(b);
	});

	it('is pinned, so a shared seed means the same questions in every browser and release', () => {
		const s = generateScenario('demo', 0);
		expect(s.outcome).toEqual({
			kind: 'win',
			value: 25,
			winner: 'south',
			method: 'self-pick',
			jokers: 0
		});
		expect(s.narrative).toBe(
			"South picked the winning tile, a Flower, from the wall and declared mah jongg with a 25-point hand. Earlier, North exchanged a 3 Bam for the joker in South's exposure of 3 Bams. The hand holds no joker, and South declared jokerless."
		);
		expect(s.trap).toEqual({
			rule: 'P8',
			takenBy: 'north',
			tile: { kind: 'suit', suit: 'bam', rank: 3 },
			group: 2
		});
		// A question without a trap is drawn as it was before traps existed.
		expect(generateScenario('demo', 3)).toMatchObject({
			outcome: { kind: 'win', value: 25, winner: 'south', method: 'self-pick', jokers: 1 },
			narrative:
				'South picked the winning tile, the 5 Dot, from the wall and declared mah jongg with a 25-point hand holding one joker.'
		});
		expect(generateScenario('demo', 3).trap).toBeUndefined();
	});

	it('treats the skills as a set', () => {
		expect(generateScenario('s', 4, ['east', 'discard'])).toEqual(
			generateScenario('s', 4, ['discard', 'east', 'east'])
		);
		expect(generateScenario('s', 4, [])).toEqual(generateScenario('s', 4));
	});

	it('rejects a bad index or count', () => {
		expect(() => generateScenario('s', -1)).toThrow(RangeError);
		expect(() => generateScenario('s', 1.5)).toThrow(RangeError);
		expect(() => generateScenarios({ seed: 's', count: -2 })).toThrow(RangeError);
		expect(generateScenarios({ seed: 's', count: 0 })).toEqual([]);
	});
});

describe('validity', () => {
	it('every scenario of any seed, index and skill restriction keeps every rule', () => {
		fc.assert(
			fc.property(
				fc.string(),
				fc.nat(100_000),
				fc.option(fc.uniqueArray(skillArb, { maxLength: 4 }), { nil: undefined }),
				(seed, index, skills) => {
					const s = generateScenario(seed, index, skills);
					expect(scenarioProblems(s)).toEqual([]);
					if (skills && skills.length > 0)
						expect(s.skills.some((k) => skills.includes(k))).toBe(true);
				}
			),
			{ numRuns: 3000 }
		);
	});

	it('names a tile of the hand for a called discard', () => {
		for (const s of generateScenarios({ seed: 'tile', count: 400, skills: ['discard'] })) {
			const called =
				/threw (?:the |a )?(.+?);/.exec(s.narrative) ??
				/discarded (?:the |a )?(.+?);/.exec(s.narrative);
			const names = new Set(s.groups.flat().map(tileName));
			expect(names.has(called?.[1] ?? '(none)')).toBe(true);
		}
	});
});

describe('restricting to skills', () => {
	it.each(SKILLS.map((s) => [s]))(
		'every scenario carries %s when it alone is asked',
		(skill: Skill) => {
			const list = generateScenarios({ seed: `only-${skill}`, count: 300, skills: [skill] });
			expect(list).toHaveLength(skill === 'wall-game' ? 1 : 300);
			for (const s of list) {
				expect(s.skills).toContain(skill);
				expect(scenarioProblems(s)).toEqual([]);
			}
		}
	);

	it('spreads a multi-skill round over the asked skills, one wall game at most', () => {
		const list = generateScenarios({ seed: 'mix', count: 600, skills: ['wall-game', 'dead-hand'] });
		const walls = list.filter((s) => s.skills.includes('wall-game')).length;
		const dead = list.filter((s) => s.skills.includes('dead-hand')).length;
		expect(list).toHaveLength(600);
		expect(walls).toBe(1);
		expect(dead).toBe(599);
		const list2 = generateScenarios({ seed: 'mix', count: 600, skills: ['discard', 'east'] });
		expect(list2.filter((s) => s.skills.includes('discard')).length).toBeGreaterThanOrEqual(300);
		expect(list2.filter((s) => s.skills.includes('east')).length).toBeGreaterThanOrEqual(300);
	});
});

// One question at a time (a round also keeps its outcomes different, so it has at most one wall game).
describe('the mix of 5000 unrestricted questions', () => {
	const list = Array.from({ length: 5000 }, (_, i) => generateScenario('mix-check', i));
	const share = (pred: (s: Scenario) => boolean, among: Scenario[] = list) =>
		among.filter(pred).length / among.length;
	const has = (skill: Skill) => (s: Scenario) => s.skills.includes(skill);
	const wins = list.filter((s) => s.outcome.kind === 'win');

	it('has the kinds and methods in realistic proportions', () => {
		expect(share(has('discard'))).toBeGreaterThan(0.48);
		expect(share(has('discard'))).toBeLessThan(0.64);
		expect(share(has('self-pick'))).toBeGreaterThan(0.2);
		expect(share(has('self-pick'))).toBeLessThan(0.3);
		expect(share(has('joker-exchange'))).toBeGreaterThan(0.07);
		expect(share(has('joker-exchange'))).toBeLessThan(0.13);
		expect(share(has('wall-game'))).toBeGreaterThan(0.02);
		expect(share(has('wall-game'))).toBeLessThan(0.06);
		expect(share(has('misnamed-discard'))).toBeGreaterThan(0.02);
		expect(share(has('misnamed-discard'))).toBeLessThan(0.06);
	});

	it('has jokerless, Singles and Pairs, dead hands and East in realistic proportions among wins', () => {
		const jokerless = (s: Scenario) => s.outcome.kind === 'win' && s.outcome.jokers === 0;
		expect(share(jokerless, wins)).toBeGreaterThan(0.24);
		expect(share(jokerless, wins)).toBeLessThan(0.36);
		expect(share(has('undeclared-jokerless'), wins)).toBeGreaterThan(0.01);
		expect(share(has('undeclared-jokerless'), wins)).toBeLessThan(0.08);
		expect(share(has('singles-and-pairs'), wins)).toBeGreaterThan(0.07);
		expect(share(has('singles-and-pairs'), wins)).toBeLessThan(0.13);
		expect(share(has('dead-hand'), wins)).toBeGreaterThan(0.11);
		expect(share(has('dead-hand'), wins)).toBeLessThan(0.19);
		const twoDead = (s: Scenario) =>
			s.outcome.kind === 'win' && (s.outcome.dead ?? []).length === 2;
		expect(share(twoDead, wins)).toBeGreaterThan(0);
		expect(share(twoDead, wins)).toBeLessThan(0.04);
		expect(share(has('east'), wins)).toBeGreaterThan(0.25);
		expect(share(has('east'), wins)).toBeLessThan(0.5);
	});

	it('has values mostly 25 to 50, some 55 to 75, rarely more, all multiples of 5', () => {
		const valued = list.flatMap((s) => (s.outcome.kind === 'wall-game' ? [] : [s.outcome.value]));
		const frac = (p: (v: number) => boolean) => valued.filter(p).length / valued.length;
		expect(valued.every((v) => v % 5 === 0 && v >= 25 && v <= 100)).toBe(true);
		expect(frac((v) => v <= 50)).toBeGreaterThan(0.65);
		expect(frac((v) => v >= 55 && v <= 75)).toBeGreaterThan(0.1);
		expect(frac((v) => v > 75)).toBeGreaterThan(0);
		expect(frac((v) => v > 75)).toBeLessThan(0.07);
	});
});

describe('skillsOf', () => {
	it('tags East only when East wins, throws or misnames', () => {
		expect(
			skillsOf({ kind: 'win', value: 25, winner: 'south', method: 'self-pick', jokers: 1 })
		).toEqual(['self-pick']);
		expect(
			skillsOf({
				kind: 'win',
				value: 25,
				winner: 'south',
				method: 'discard',
				discarder: 'east',
				jokers: 1
			})
		).toEqual(['discard', 'east']);
		expect(
			skillsOf({ kind: 'misnamed-discard', value: 60, caller: 'west', misnamer: 'east' })
		).toEqual(['east', 'misnamed-discard', 'high-value']);
	});

	it('tells jokerless, undeclared jokerless and Singles and Pairs apart', () => {
		const base = {
			kind: 'win',
			value: 50,
			winner: 'north',
			method: 'self-pick',
			jokers: 0
		} as const;
		expect(skillsOf(base)).toEqual(['self-pick', 'jokerless']);
		expect(skillsOf({ ...base, declaredJokerless: false })).toEqual([
			'self-pick',
			'undeclared-jokerless'
		]);
		expect(skillsOf({ ...base, singlesAndPairs: true })).toEqual([
			'self-pick',
			'singles-and-pairs'
		]);
	});

	it('tags a dead hand only where it pays, and high value from 55', () => {
		const win = {
			kind: 'win',
			value: 55,
			winner: 'north',
			method: 'joker-exchange',
			jokers: 2
		} as const;
		expect(skillsOf({ ...win, dead: ['west'] })).toEqual([
			'joker-exchange',
			'dead-hand',
			'high-value'
		]);
		expect(skillsOf({ ...win, value: 50 })).toEqual(['joker-exchange']);
		expect(
			skillsOf({
				kind: 'misnamed-discard',
				value: 30,
				caller: 'north',
				misnamer: 'west',
				dead: ['south']
			})
		).toEqual(['misnamed-discard']);
		expect(skillsOf({ kind: 'wall-game' })).toEqual(['wall-game']);
	});
});
