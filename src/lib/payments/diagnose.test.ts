import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeArb } from './arbitraries';
import {
	MISCONCEPTIONS,
	MISCONCEPTION_IDS,
	applicableMisconceptions,
	diagnose,
	grade,
	rightAmounts,
	settleValid,
	validateOutcome,
	wrongAnswerFor,
	type MisconceptionId,
	type Outcome
} from './index';

const norm = (o: Outcome) => {
	const v = validateOutcome(o);
	if (!v.ok) throw new Error(v.error.code);
	return v.outcome;
};

/** A question where each catalog id applies. */
const EXAMPLES: Record<MisconceptionId, Outcome> = {
	'jokerless-bonus-missed': {
		kind: 'win',
		value: 25,
		winner: 'east',
		method: 'self-pick',
		jokers: 0
	},
	'double-is-ceiling': {
		kind: 'win',
		value: 30,
		winner: 'north',
		method: 'discard',
		discarder: 'west',
		jokers: 0
	},
	'singles-and-pairs-bonus': {
		kind: 'win',
		value: 50,
		winner: 'north',
		method: 'self-pick',
		jokers: 0,
		singlesAndPairs: true
	},
	'singles-and-pairs-no-double': {
		kind: 'win',
		value: 50,
		winner: 'north',
		method: 'discard',
		discarder: 'west',
		jokers: 0,
		singlesAndPairs: true
	},
	'undeclared-bonus': {
		kind: 'win',
		value: 25,
		winner: 'south',
		method: 'self-pick',
		jokers: 0,
		declaredJokerless: false
	},
	'joker-exchange-not-self-pick': {
		kind: 'win',
		value: 30,
		winner: 'west',
		method: 'joker-exchange',
		jokers: 2
	},
	'self-pick-not-doubled': {
		kind: 'win',
		value: 35,
		winner: 'south',
		method: 'self-pick',
		jokers: 1
	},
	'discarder-not-doubled': {
		kind: 'win',
		value: 30,
		winner: 'north',
		method: 'discard',
		discarder: 'west',
		jokers: 1
	},
	'everyone-pays-double-on-discard': {
		kind: 'win',
		value: 30,
		winner: 'north',
		method: 'discard',
		discarder: 'west',
		jokers: 1
	},
	'discarder-pays-for-table': {
		kind: 'win',
		value: 30,
		winner: 'north',
		method: 'discard',
		discarder: 'west',
		jokers: 1
	},
	'east-double': { kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 4 },
	'dead-hand-excused': {
		kind: 'win',
		value: 35,
		winner: 'south',
		method: 'self-pick',
		jokers: 3,
		dead: ['west']
	},
	'misnamed-paid-as-discard': {
		kind: 'misnamed-discard',
		value: 30,
		caller: 'north',
		misnamer: 'west'
	},
	'misnamed-wrong-multiple': {
		kind: 'misnamed-discard',
		value: 30,
		caller: 'north',
		misnamer: 'west'
	},
	'wall-game-pays': { kind: 'wall-game' },
	'winner-total-not-sum': {
		kind: 'win',
		value: 40,
		winner: 'west',
		method: 'discard',
		discarder: 'east',
		jokers: 2
	}
};

describe('the catalog', () => {
	it('has every id of misconceptions.md, each with a title, wrong rule, rules and source kind', () => {
		expect(MISCONCEPTIONS.map((m) => m.id)).toEqual([...MISCONCEPTION_IDS]);
		for (const m of MISCONCEPTIONS) {
			expect(m.title.length).toBeGreaterThan(5);
			expect(m.rules.length).toBeGreaterThan(0);
			expect(['rule-column', 'teachers-faq', 'club-newsletter', 'scoring-app-bug']).toContain(
				m.source
			);
		}
	});

	it.each(MISCONCEPTION_IDS.map((id) => [id]))('%s: its wrong answer is diagnosed as it', (id) => {
		const outcome = norm(EXAMPLES[id]);
		const settlement = settleValid(outcome);
		const wrong = wrongAnswerFor(id, outcome, settlement);
		expect(wrong).not.toBeNull();
		const d = grade(EXAMPLES[id], wrong);
		if ('error' in d) throw new Error(d.error.code);
		expect(d.correct).toBe(false);
		expect(d.misconceptions).toContain(id);
		const text = d.explanations.find((e) => e.id === id)!.text;
		expect(text).toMatch(/P\d+/);
	});
});

describe('diagnose', () => {
	it('names jokerless-bonus-missed for the issue example', () => {
		const d = diagnose(EXAMPLES['jokerless-bonus-missed'], {
			pays: { south: 50, west: 50, north: 50 },
			total: 150
		});
		expect(d).toMatchObject({ correct: false, wrong: ['south', 'west', 'north', 'total'] });
		expect('misconceptions' in d && d.misconceptions).toContain('jokerless-bonus-missed');
		expect('misconceptions' in d && d.misconceptions).toContain('double-is-ceiling');
	});

	it('explains with the reasoning of this very question', () => {
		const d = grade(EXAMPLES['discarder-not-doubled'], {
			pays: { east: 30, south: 30, west: 30 },
			total: 90
		});
		if ('error' in d) throw new Error(d.error.code);
		expect(d.explanations[0]!.text).toContain('West pays 30 × 2 (threw the tile) = 60');
	});

	it('names no cause for an arithmetic slip', () => {
		const d = diagnose(EXAMPLES['discarder-not-doubled'], {
			pays: { east: 30, south: 31, west: 60 },
			total: 121
		});
		expect(d).toEqual(
			expect.objectContaining({ correct: false, wrong: ['south', 'total'], misconceptions: [] })
		);
	});

	it('counts an amount left out as wrong (skills.md), says which were left out, names nothing for them', () => {
		const d = diagnose(EXAMPLES['self-pick-not-doubled'], { pays: { east: 70, west: null } });
		expect(d).toMatchObject({
			correct: false,
			wrong: ['west', 'north', 'total'],
			missing: ['west', 'north', 'total'],
			misconceptions: []
		});
		const wall = diagnose(EXAMPLES['wall-game-pays'], {
			pays: { east: 0, south: 0, west: 0, north: 0 }
		});
		expect(wall).toMatchObject({ correct: false, wrong: ['total'], missing: ['total'] });
	});

	it('names "total not the sum" on a wall game paid 0 everywhere with a total of 10 (P1), and no "someone pays": no payment is other than 0', () => {
		const wall = { kind: 'wall-game' } as const;
		const zero = { east: 0, south: 0, west: 0, north: 0 };
		expect(diagnose(wall, { pays: zero, total: 10 })).toEqual({
			correct: false,
			wrong: ['total'],
			missing: [],
			misconceptions: ['winner-total-not-sum'],
			skills: ['wall-game'],
			expected: { pays: zero, total: 0 }
		});
		const graded = grade(wall, { pays: zero, total: 10 });
		expect('explanations' in graded && graded.explanations[0]?.amounts).toBe(
			'Here nobody pays, so the total is the sum of the payments: 0.'
		);
		// A payment other than 0 is someone paying (P11), and not every payment is right.
		expect(diagnose(wall, { pays: { ...zero, south: 25 }, total: 10 })).toMatchObject({
			misconceptions: ['wall-game-pays']
		});
		expect(diagnose(wall, { pays: { ...zero, south: 25 }, total: 25 })).toMatchObject({
			misconceptions: ['wall-game-pays']
		});
	});

	it('names no "total not the sum" while a payment is left out: not every payment is right', () => {
		const outcome = EXAMPLES['winner-total-not-sum'];
		const right = rightAmounts(settleValid(norm(outcome)));
		const [first, ...rest] = Object.keys(right.pays) as (keyof typeof right.pays)[];
		const pays = Object.fromEntries(rest.map((seat) => [seat, right.pays[seat]]));
		const d = diagnose(outcome, { pays, total: right.total + 10 });
		expect(d).toMatchObject({ correct: false, misconceptions: [] });
		expect('wrong' in d && d.wrong).toEqual([first, 'total']);
	});

	it('follows the catalog literally: every wrong rule giving the same amounts is named', () => {
		// A jokerless self-pick paid 2v each: forgetting the bonus, the "ceiling", and forgetting
		// the self-pick double (v, then the bonus) all give 2v.
		const d = diagnose(EXAMPLES['jokerless-bonus-missed'], {
			pays: { south: 50, west: 50, north: 50 },
			total: 150
		});
		expect('misconceptions' in d && d.misconceptions).toEqual([
			'jokerless-bonus-missed',
			'double-is-ceiling',
			'self-pick-not-doubled'
		]);
	});

	it('flags a total that is not the sum when every payment is right', () => {
		const d = diagnose(EXAMPLES['winner-total-not-sum'], {
			pays: { east: 80, south: 40, north: 40 },
			total: 150
		});
		expect(d).toMatchObject({ wrong: ['total'], misconceptions: ['winner-total-not-sum'] });
	});

	it('rejects a malformed answer or an impossible outcome with a code', () => {
		expect(diagnose(EXAMPLES['wall-game-pays'], 'fifty')).toMatchObject({
			error: { code: 'answer-invalid' }
		});
		expect(diagnose(EXAMPLES['wall-game-pays'], { pays: { up: 1 } })).toMatchObject({
			error: { code: 'answer-invalid' }
		});
		expect(diagnose({ kind: 'win', value: 0 }, { pays: {} })).toMatchObject({
			error: { code: 'value-invalid' }
		});
	});

	it('a right answer never shows a misconception', () => {
		fc.assert(
			fc.property(outcomeArb, (o) => {
				const right = rightAmounts(settleValid(norm(o)));
				const d = diagnose(o, right);
				expect(d).toMatchObject({ correct: true, wrong: [], misconceptions: [] });
			}),
			{ numRuns: 3000 }
		);
	});

	it("each wrong rule's answer shows exactly the ids that produce the same amounts", () => {
		fc.assert(
			fc.property(outcomeArb, (o) => {
				const outcome = norm(o);
				const settlement = settleValid(outcome);
				const applicable = applicableMisconceptions(outcome, settlement);
				const answers = new Map(
					applicable.map((id) => [id, wrongAnswerFor(id, outcome, settlement)!])
				);
				for (const [id, answer] of answers) {
					// A wrong rule can ask more than any hand pays (12,000 points): it is diagnosed too.
					const d = diagnose(o, answer);
					if ('error' in d) throw new Error(d.error.code);
					const same = [...answers]
						.filter(([, a]) => JSON.stringify(a) === JSON.stringify(answer))
						.map(([other]) => other);
					expect(d.misconceptions).toContain(id);
					for (const other of d.misconceptions) {
						if (other === 'wall-game-pays' || other === 'winner-total-not-sum') continue;
						expect(same).toContain(other);
					}
				}
			}),
			{ numRuns: 2000 }
		);
	});
});
