/**
 * skills.md, point by point: what a question exercises, what a wrong answer counts against, and
 * the successes and misses it gives (`skillMarks`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeArb } from './arbitraries';
import {
	MISCONCEPTION_IDS,
	SKILLS,
	diagnose,
	grade,
	methodSkill,
	misconceptionSkill,
	rightAmounts,
	settleValid,
	skillMarks,
	skillsOf,
	validateOutcome,
	wrongAnswerFor,
	type Diagnosis,
	type Outcome,
	type Skill
} from './index';

const norm = (o: Outcome) => {
	const v = validateOutcome(o);
	if (!v.ok) throw new Error(v.error.code);
	return v.outcome;
};
const diagnosed = (o: Outcome, answer: unknown): Diagnosis => {
	const d = diagnose(o, answer);
	if ('error' in d) throw new Error(d.error.code);
	return d;
};

/** North wins South's discard, 50, Singles and Pairs, West dead: South 100, East 50, West 50. */
const spDiscard: Outcome = {
	kind: 'win',
	value: 50,
	winner: 'north',
	method: 'discard',
	discarder: 'south',
	jokers: 0,
	singlesAndPairs: true,
	dead: ['west']
};

describe('what a question exercises', () => {
	it.each<[string, Outcome, Skill[]]>([
		[
			'a jokerless self-pick won by East',
			{ kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 0 },
			['self-pick', 'jokerless', 'east']
		],
		[
			'an undeclared jokerless discard thrown by East',
			{
				kind: 'win',
				value: 30,
				winner: 'west',
				method: 'discard',
				discarder: 'east',
				jokers: 0,
				declaredJokerless: false
			},
			['discard', 'undeclared-jokerless', 'east']
		],
		[
			'Singles and Pairs is never jokerless, declared or not, and East only pays here',
			spDiscard,
			['discard', 'singles-and-pairs', 'dead-hand']
		],
		['a wall game', { kind: 'wall-game' }, ['wall-game']],
		[
			'a high-value misnamed discard called by East',
			{ kind: 'misnamed-discard', value: 55, caller: 'east', misnamer: 'north' },
			['east', 'misnamed-discard', 'high-value']
		],
		[
			'a joker exchange of 50 (not high-value)',
			{ kind: 'win', value: 50, winner: 'south', method: 'joker-exchange', jokers: 2 },
			['joker-exchange']
		]
	])('%s', (_name, outcome, skills) => {
		expect(skillsOf(outcome)).toEqual(skills);
	});

	it('always includes the method skill, in the table order', () => {
		fc.assert(
			fc.property(outcomeArb, (o) => {
				const s = skillsOf(o);
				expect(s).toContain(methodSkill(o));
				expect(s).toEqual(SKILLS.filter((x) => s.includes(x)));
			})
		);
	});
});

describe('what a wrong answer counts against', () => {
	it('a right answer counts against no skill', () => {
		fc.assert(
			fc.property(outcomeArb, (o) => {
				const right = rightAmounts(settleValid(norm(o)));
				expect(diagnosed(o, right).skills).toEqual([]);
			})
		);
	});

	it("a misconception's answer counts against exactly the skills of what it shows", () => {
		fc.assert(
			fc.property(outcomeArb, fc.constantFrom(...MISCONCEPTION_IDS), (o, id) => {
				const outcome = norm(o);
				const wrong = wrongAnswerFor(id, outcome, settleValid(outcome));
				fc.pre(wrong !== null);
				// diagnose refuses an amount no hand pays (over 12,000 points), which a wrong rule can ask.
				fc.pre([...Object.values(wrong.pays), wrong.total ?? 0].every((a) => a! <= 12_000));
				const d = diagnosed(o, wrong);
				expect(d.misconceptions).toContain(id);
				const expected = SKILLS.filter((s) =>
					d.misconceptions.some((m) => misconceptionSkill(m, o) === s)
				);
				expect(d.skills).toEqual(expected);
			}),
			{ numRuns: 300 }
		);
	});

	it('the catalog table of skills.md', () => {
		const against = Object.fromEntries(
			MISCONCEPTION_IDS.map((id) => [id, misconceptionSkill(id, spDiscard)])
		);
		expect(against).toEqual({
			'jokerless-bonus-missed': 'jokerless',
			'double-is-ceiling': 'jokerless',
			'singles-and-pairs-bonus': 'singles-and-pairs',
			'singles-and-pairs-no-double': 'singles-and-pairs',
			'undeclared-bonus': 'undeclared-jokerless',
			'joker-exchange-not-self-pick': 'joker-exchange',
			'self-pick-not-doubled': 'self-pick',
			'discarder-not-doubled': 'discard',
			'everyone-pays-double-on-discard': 'discard',
			'discarder-pays-for-table': 'discard',
			'east-double': 'east',
			'dead-hand-excused': 'dead-hand',
			'misnamed-paid-as-discard': 'misnamed-discard',
			'misnamed-wrong-multiple': 'misnamed-discard',
			'wall-game-pays': 'wall-game',
			'winner-total-not-sum': 'discard' // the question's method skill
		});
	});

	it('the Singles and Pairs bonus counts against Singles and Pairs only, not East nor the discard', () => {
		const d = diagnosed(spDiscard, { pays: { east: 100, south: 200, west: 100 }, total: 400 });
		expect(d.misconceptions).toEqual(['singles-and-pairs-bonus']);
		expect(d.skills).toEqual(['singles-and-pairs']);
	});

	describe('a slip (no misconception shown)', () => {
		it('counts against the method skill and the skills that change every amount', () => {
			// East's amount off by one: East only pays here, so East is not exercised.
			const d = diagnosed(spDiscard, { pays: { east: 51, south: 100, west: 50 }, total: 201 });
			expect(d.misconceptions).toEqual([]);
			expect(d.skills).toEqual(['discard', 'singles-and-pairs']);
		});
		it('against a dead hand only when a dead seat is wrong', () => {
			const d = diagnosed(spDiscard, { pays: { east: 50, south: 100, west: 49 }, total: 199 });
			expect(d.skills).toEqual(['discard', 'singles-and-pairs', 'dead-hand']);
		});
		it('against East when East receives and the total is wrong, or when East pays wrong', () => {
			const eastWins: Outcome = { ...spDiscard, winner: 'east', dead: [] } as Outcome;
			const d = diagnosed(eastWins, { pays: { south: 100, west: 50, north: 50 }, total: 210 });
			expect(d.misconceptions).toEqual(['winner-total-not-sum']);
			expect(d.skills).toEqual(['discard']);
			const slip = diagnosed(eastWins, { pays: { south: 101, west: 50, north: 50 }, total: 211 });
			expect(slip.skills).toEqual(['discard', 'singles-and-pairs', 'east']);
			const totalRight = diagnosed(eastWins, {
				pays: { south: 101, west: 49, north: 50 },
				total: 200
			});
			expect(totalRight.skills).toEqual(['discard', 'singles-and-pairs']);
			const eastPays: Outcome = {
				kind: 'win',
				value: 30,
				winner: 'north',
				method: 'discard',
				discarder: 'east',
				jokers: 2
			};
			expect(
				diagnosed(eastPays, { pays: { east: 61, south: 30, west: 30 }, total: 121 }).skills
			).toEqual(['discard', 'east']);
			expect(
				diagnosed(eastPays, { pays: { east: 60, south: 31, west: 30 }, total: 121 }).skills
			).toEqual(['discard']);
		});
		it('an amount left out counts as wrong', () => {
			const d = diagnosed(spDiscard, { pays: { east: 50, south: 100 }, total: 200 });
			expect(d.correct).toBe(false);
			expect(d.missing).toEqual(['west']);
			expect(d.skills).toEqual(['discard', 'singles-and-pairs', 'dead-hand']);
		});
		it('high-value counts when the question exercises it', () => {
			const big: Outcome = {
				kind: 'misnamed-discard',
				value: 60,
				caller: 'north',
				misnamer: 'west'
			};
			const d = diagnosed(big, { pays: { east: 0, south: 0, west: 241 }, total: 241 });
			expect(d.skills).toEqual(['misnamed-discard', 'high-value']);
		});
	});
});

describe('successes and misses (skillMarks)', () => {
	const selfPick: Outcome = {
		kind: 'win',
		value: 25,
		winner: 'east',
		method: 'self-pick',
		jokers: 0
	};
	const graded = (answer: unknown) => {
		const g = grade(selfPick, answer);
		if ('error' in g) throw new Error(g.error.code);
		return g;
	};
	it('a miss for the skills it counts against, a success for the others exercised', () => {
		// 75, 75, 150 with the total right: a slip against the self-pick and the jokerless hand;
		// East's own amount, the total, is right, so it is a success for East.
		const slip = graded({ pays: { south: 75, west: 75, north: 150 }, total: 300 });
		expect(skillMarks(slip, false)).toEqual([
			{ skill: 'self-pick', mark: 'miss' },
			{ skill: 'jokerless', mark: 'miss' },
			{ skill: 'east', mark: 'success' }
		]);
		// 50 each: the self-pick double or the jokerless bonus forgotten; the three all show.
		const g = graded({ pays: { south: 50, west: 50, north: 50 }, total: 150 });
		expect(g.misconceptions).toEqual([
			'jokerless-bonus-missed',
			'double-is-ceiling',
			'self-pick-not-doubled'
		]);
		expect(skillMarks(g, false).map((m) => m.mark)).toEqual(['miss', 'miss', 'success']);
	});
	it('a revealed answer misses every skill the question exercises', () => {
		const g = graded(null);
		expect(g).toMatchObject({ revealed: true, correct: false, skills: g.exercised });
		expect(skillMarks(g, false).every((m) => m.mark === 'miss')).toBe(true);
	});
	it('a right answer after a hint is left out; without a hint it is a success everywhere', () => {
		const right = graded({ pays: { south: 100, west: 100, north: 100 }, total: 300 });
		expect(skillMarks(right, true)).toEqual([]);
		expect(skillMarks(right, false).map((m) => m.mark)).toEqual(['success', 'success', 'success']);
		const wrongAfterHint = graded({ pays: { south: 50, west: 50, north: 50 }, total: 150 });
		expect(skillMarks(wrongAfterHint, true)).toHaveLength(3);
	});
});
