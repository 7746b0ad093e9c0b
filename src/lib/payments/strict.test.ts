import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	diagnose,
	diagnoseStrict,
	nearestName,
	OUTCOME_FIELDS,
	OUTSIDE_LEAGUE,
	readOutcomeStrict,
	settle,
	settleStrict,
	validateOutcome
} from './index';
import { outcomeArb } from './arbitraries';

const win = { kind: 'win', value: 25, winner: 'east', method: 'self-pick', jokers: 0 } as const;
const codeOf = (input: unknown) => {
	const r = readOutcomeStrict(input);
	return r.ok ? 'ok' : r.error.code;
};

describe('readOutcomeStrict: what the command lines read', () => {
	it('names a misspelled field and the known one it is nearest to', () => {
		const r = readOutcomeStrict({ ...win, declaredJokerlesss: false });
		expect(r).toMatchObject({ ok: false, error: { code: 'field-unknown' } });
		expect(!r.ok && r.error.message).toContain(
			'"declaredJokerlesss": did you mean declaredJokerless?'
		);
		const sp = readOutcomeStrict({ ...win, singlesAndPair: true });
		expect(!sp.ok && sp.error.message).toContain('did you mean singlesAndPairs?');
		const far = readOutcomeStrict({ ...win, colour: 'red' });
		expect(!far.ok && far.error.message).not.toContain('did you mean');
		expect(!far.ok && far.error.message).toContain('declaredJokerless');
	});

	it('refuses fields of another kind (a wall game has only its kind)', () => {
		expect(codeOf({ kind: 'wall-game', winner: 'east' })).toBe('field-unknown');
		expect(codeOf({ kind: 'wall-game', value: 25 })).toBe('field-unknown');
		// Hands declared dead before the wall ran out: nobody pays anyway (P11).
		expect(settleStrict({ kind: 'wall-game', dead: ['north'] })).toMatchObject({
			total: 0,
			transfers: [],
			net: { east: 0, south: 0, west: 0, north: 0 }
		});
		const marked = settleStrict({ kind: 'wall-game', dead: ['north'] });
		expect('breakdown' in marked && marked.breakdown.map((p) => p.dead)).toEqual([
			false,
			false,
			false,
			true
		]);
		expect(codeOf({ kind: 'wall-game', dead: ['nowhere'] })).toBe('seat-invalid');
		const misnamed = { kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' };
		expect(codeOf({ ...misnamed, method: 'discard' })).toBe('field-unknown');
		expect(codeOf({ ...misnamed, winner: 'north' })).toBe('field-unknown');
	});

	it("reads a misnamed discard's caller's hand, which changes nothing (P12: 4 x v)", () => {
		const misnamed = { kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' };
		for (const hand of [
			{ jokers: 0 },
			{ jokers: 0, declaredJokerless: true },
			{ jokers: 3, declaredJokerless: false },
			{ jokers: 0, singlesAndPairs: true }
		]) {
			const s = settleStrict({ ...misnamed, ...hand });
			expect('error' in s ? s.error : s.total).toBe(120);
		}
		expect(codeOf({ ...misnamed, jokers: 9 })).toBe('jokers-invalid');
		expect(codeOf({ ...misnamed, jokers: 2, singlesAndPairs: true })).toBe(
			'singles-and-pairs-joker'
		);
		expect(codeOf({ ...misnamed, declaredJokerless: 'yes' })).toBe('outcome-invalid');
	});

	it.each<[Record<string, unknown>]>([
		[{ ...win, pie: 100 }],
		[{ ...win, tournament: true }],
		[{ ...win, chips: 5 }],
		[{ ...win, fifthPlayer: 'south' }],
		[{ ...win, lastWall: true }],
		[{ ...win, 'false-mah-jongg': true }],
		[{ kind: 'wall-game', tournament: true }],
		[{ ...win, eastDouble: true }],
		[{ ...win, east_pays_double: 'yes' }],
		...Object.keys(OUTSIDE_LEAGUE).map((kind): [Record<string, unknown>] => [{ kind }])
	])('says %j is outside League rules', (input) => {
		const r = readOutcomeStrict(input);
		expect(r).toMatchObject({ ok: false, error: { code: 'outside-league-rules' } });
		expect(!r.ok && r.error.message).toContain('outside the League rules');
	});

	it('skips a field saying an outside-League situation did not happen (false or null)', () => {
		const plain = settleStrict(win);
		expect('error' in plain).toBe(false);
		for (const extra of [
			{ tournament: false },
			{ pie: null },
			{ eastDouble: false, chips: null }
		]) {
			expect(settleStrict({ ...win, ...extra })).toEqual(plain);
		}
		expect(codeOf({ kind: 'wall-game', tournament: false })).toBe('ok');
		expect(codeOf({ ...win, tournament: 0 })).toBe('outside-league-rules');
		expect(codeOf({ ...win, colour: false })).toBe('field-unknown');
	});

	it('agrees with validateOutcome on every outcome with only known fields', () => {
		fc.assert(
			fc.property(outcomeArb, (outcome) => {
				expect(readOutcomeStrict(outcome)).toEqual(validateOutcome(outcome));
				expect(settleStrict(outcome)).toEqual(settle(outcome));
			})
		);
	});

	it('knows every field of the spec form', () => {
		for (const fields of Object.values(OUTCOME_FIELDS)) expect(fields).toContain('kind');
		expect(
			codeOf({
				kind: 'win',
				value: 25,
				winner: 'east',
				method: 'discard',
				discarder: 'south',
				jokers: 2,
				declaredJokerless: true,
				singlesAndPairs: false,
				dead: ['west']
			})
		).toBe('ok');
	});

	it('finds the nearest name only when it is near', () => {
		expect(nearestName('jokrs', ['jokers', 'value'])).toBe('jokers');
		expect(nearestName('Winner', ['winner'])).toBe('winner');
		expect(nearestName('mehtod', ['method'])).toBe('method');
		expect(nearestName('zzzzzz', ['jokers', 'value'])).toBeNull();
	});
});

describe('diagnoseStrict: one line of diagnose', () => {
	const outcome = { kind: 'wall-game' };
	const answer = { pays: { east: 0, south: 0, west: 0, north: 0 }, total: 0 };
	it('diagnoses as diagnose does', () => {
		expect(diagnoseStrict({ outcome, answer })).toEqual(diagnose(outcome, answer));
	});
	it('says when the wrapper is missing', () => {
		const bare = diagnoseStrict(win);
		expect(bare).toMatchObject({ error: { code: 'outcome-invalid' } });
		expect('error' in bare && bare.error.message).toContain('wrapper is missing');
		expect(diagnoseStrict([1])).toMatchObject({ error: { code: 'outcome-invalid' } });
	});
	it('has its own code for the answer', () => {
		for (const bad of [
			undefined,
			'fifty',
			{ pay: {} },
			{ pays: { up: 1 } },
			{ pays: { south: 'x' } }
		]) {
			expect(diagnoseStrict({ outcome, answer: bad })).toMatchObject({
				error: { code: 'answer-invalid' }
			});
		}
		const typo = diagnoseStrict({ outcome, answer: { pays: {}, totl: 0 } });
		expect('error' in typo && typo.error.message).toContain('did you mean total?');
	});
	it('reads the outcome strictly and refuses other fields of the line', () => {
		expect(diagnoseStrict({ outcome: { ...win, pie: 1 }, answer })).toMatchObject({
			error: { code: 'outside-league-rules' }
		});
		expect(diagnoseStrict({ outcome: { ...win, jokerz: 1 }, answer })).toMatchObject({
			error: { code: 'field-unknown' }
		});
		expect(diagnoseStrict({ outcome, answer, answr: {} })).toMatchObject({
			error: { code: 'field-unknown' }
		});
	});
});

describe('input edges (issue 22)', () => {
	const answer = { pays: { east: 0, south: 0, west: 0, north: 0 }, total: 0 };
	it('takes every own property name (constructor, __proto__, toString) as just an unknown field', () => {
		for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
			const line = JSON.parse(
				`{"kind":"win","value":25,"winner":"east","method":"self-pick","jokers":0,"${name}":1}`
			);
			const r = readOutcomeStrict(line);
			expect(r).toMatchObject({ ok: false, error: { code: 'field-unknown' } });
			expect(!r.ok && r.error.message).toContain(`"${name}"`);
			const wrapped = JSON.parse(
				`{"outcome":{"kind":"wall-game"},"answer":{"pays":{},"total":0},"${name}":1}`
			);
			expect(diagnoseStrict(wrapped)).toMatchObject({ error: { code: 'field-unknown' } });
		}
		expect(codeOf({ kind: 'constructor' })).toBe('outcome-invalid');
		expect(codeOf({ kind: 'toString' })).toBe('outcome-invalid');
	});

	it('refuses the same dead seat twice', () => {
		const r = validateOutcome({ ...win, dead: ['west', 'west'] });
		expect(r).toMatchObject({ ok: false, error: { code: 'seat-invalid' } });
		expect(!r.ok && r.error.message).toContain('West twice');
		expect(
			settleStrict({
				kind: 'misnamed-discard',
				value: 25,
				caller: 'east',
				misnamer: 'west',
				dead: ['north', 'north']
			})
		).toMatchObject({ error: { code: 'seat-invalid' } });
		expect(validateOutcome({ ...win, dead: ['west', 'north'] }).ok).toBe(true);
	});

	it('diagnose refuses negative amounts and amounts it cannot read exactly, each with its code', () => {
		const at = (pays: Record<string, number>, total = 0) =>
			diagnoseStrict({
				outcome: { kind: 'wall-game' },
				answer: { pays: { ...answer.pays, ...pays }, total }
			});
		expect(at({ east: -5 })).toMatchObject({ error: { code: 'amount-negative' } });
		const negative = at({ east: -5 });
		expect('error' in negative && negative.error.message).toContain('answer.pays.east');
		expect(at({ north: 1e308 })).toMatchObject({ error: { code: 'amount-too-large' } });
		expect(at({}, 2 ** 53)).toMatchObject({ error: { code: 'amount-too-large' } });
		expect(at({}, 2 ** 53 - 1)).toMatchObject({ correct: false, wrong: ['total'] });
		expect(at({}, -1)).toMatchObject({ error: { code: 'amount-negative' } });
		// Amounts are whole points (P13): a fraction is refused, named by its place.
		const fraction = at({ south: 100.5 });
		expect(fraction).toMatchObject({ error: { code: 'amount-not-whole' } });
		expect('error' in fraction && fraction.error.message).toContain('answer.pays.south');
		expect(at({}, 0.25)).toMatchObject({ error: { code: 'amount-not-whole' } });
		expect(at({}, 1500)).toMatchObject({ correct: false, wrong: ['total'] });
		expect(diagnose({ kind: 'wall-game' }, { pays: { south: -1 } })).toMatchObject({
			error: { code: 'amount-negative' }
		});
		// 12,000 is the most a hand pays (value 1,000, self-picked, jokerless): it is diagnosed.
		const most = { kind: 'win', value: 1000, winner: 'east', method: 'self-pick', jokers: 0 };
		const top = diagnoseStrict({
			outcome: most,
			answer: { pays: { south: 4000, west: 4000, north: 4000 }, total: 12_000 }
		});
		expect(top).toMatchObject({ correct: true });
		expect(at({ east: 12_000 })).toMatchObject({ correct: false });
		// A wrong rule can ask more than any hand pays: East double on that hand is 8,000 each.
		const eastDouble = diagnoseStrict({
			outcome: most,
			answer: { pays: { south: 8000, west: 8000, north: 8000 }, total: 24_000 }
		});
		expect(eastDouble).toMatchObject({ correct: false, misconceptions: ['east-double'] });
		// A slip past 12,000 is a slip, not an error.
		const slip = diagnoseStrict({
			outcome: most,
			answer: { pays: { south: 40_000, west: 4000, north: 4000 }, total: 48_000 }
		});
		expect(slip).toMatchObject({ correct: false, wrong: ['south', 'total'], misconceptions: [] });
	});
});
