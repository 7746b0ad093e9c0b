import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { outcomeArb } from '$lib/payments/arbitraries';
import type { AmountUnit } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import { jokerlessDiscard, misnamed, scenario, selfPick, wallGame } from './fixtures';
import { isPossibleOutcome, quizMachine } from './machine';
import { settlementOf } from '$lib/scenarios/settled';
import {
	currentScenario,
	lastResult,
	progressText,
	startedRound,
	summarize,
	visibleHints,
	type QuizConfig
} from './round';

const config = (unit: AmountUnit = 'points'): QuizConfig => ({
	skills: ['self-pick', 'discard', 'jokerless', 'wall-game'],
	count: 3,
	unit,
	seed: 'test'
});

function start(scenarios: Scenario[], unit: AmountUnit = 'points') {
	const actor = createActor(quizMachine).start();
	actor.send({ type: 'round.start', config: config(unit), scenarios });
	return actor;
}

const rightSelfPick = { south: '50', west: '50', north: '50', total: '150' };
const rightDiscard = { east: '60', south: '120', north: '60', total: '240' };
const rightWall = { east: '0', south: '0', west: '0', north: '0', total: '0' };

describe('a full round', () => {
	it('starts in setup with no question', () => {
		const actor = createActor(quizMachine).start();
		expect(actor.getSnapshot().value).toBe('setup');
		expect(currentScenario(actor.getSnapshot().context)).toBeUndefined();
		expect(progressText(actor.getSnapshot().context)).toBe('');
	});

	it('asks every question, grades right and wrong answers, then summarizes', () => {
		const actor = start([selfPick, jokerlessDiscard, wallGame]);
		expect(actor.getSnapshot().value).toBe('asking');
		expect(progressText(actor.getSnapshot().context)).toBe('Question 1 of 3');
		expect(currentScenario(actor.getSnapshot().context)).toBe(selfPick);

		actor.send({ type: 'answer.submit', entries: rightSelfPick });
		expect(actor.getSnapshot().value).toBe('feedback');
		const first = lastResult(actor.getSnapshot().context)!;
		expect(first.graded.correct).toBe(true);
		expect(first.graded.wrong).toEqual([]);
		expect(first.settlement.total).toBe(150);

		actor.send({ type: 'question.next' });
		expect(actor.getSnapshot().value).toBe('asking');
		expect(progressText(actor.getSnapshot().context)).toBe('Question 2 of 3');
		expect(actor.getSnapshot().context.entries).toEqual({});

		// Forgot the jokerless double (P5): every amount is half.
		actor.send({
			type: 'answer.submit',
			entries: { east: '30', south: '60', north: '30', total: '120' }
		});
		const second = lastResult(actor.getSnapshot().context)!;
		expect(second.graded.correct).toBe(false);
		expect(second.graded.wrong).toEqual(['east', 'south', 'north', 'total']);
		expect(second.graded.expected.pays.south).toBe(120);
		expect(second.graded.skills).toEqual(['jokerless']);
		expect(second.answer).toEqual({ pays: { east: 30, south: 60, north: 30 }, total: 120 });
		expect(second.graded.misconceptions).toEqual(['jokerless-bonus-missed']);
		expect(second.graded.explanations[0]).toMatchObject({ id: 'jokerless-bonus-missed' });
		expect(second.graded.explanations[0]!.text).toMatch(/P5/);

		actor.send({ type: 'question.next' });
		actor.send({ type: 'answer.submit', entries: rightWall });
		expect(lastResult(actor.getSnapshot().context)!.graded.correct).toBe(true);
		actor.send({ type: 'question.next' });
		expect(actor.getSnapshot().value).toBe('summary');

		const summary = summarize(actor.getSnapshot().context);
		expect(summary).toMatchObject({ score: 2, total: 3, answered: 3, hintsUsed: 0 });
		expect(summary.mistakes).toHaveLength(1);
		expect(summary.mistakes[0]).toMatchObject({
			scenario: jokerlessDiscard,
			answer: { pays: { east: 30, south: 60, north: 30 }, total: 120 },
			graded: {
				expected: { pays: { east: 60, south: 120, north: 60 }, total: 240 },
				misconceptions: ['jokerless-bonus-missed'],
				revealed: false
			}
		});
		// The jokerless mistake counts against Jokerless only; the discard was answered right.
		expect(summary.accuracy).toMatchObject({
			discard: { attempts: 1, correct: 1 },
			jokerless: { attempts: 1, correct: 0 },
			'self-pick': { attempts: 1, correct: 1 }
		});
	});

	it('marks only the wrong field when one amount is off', () => {
		const actor = start([selfPick]);
		actor.send({ type: 'answer.submit', entries: { ...rightSelfPick, total: '100' } });
		const result = lastResult(actor.getSnapshot().context)!;
		expect(result.graded.wrong).toEqual(['total']);
		expect(result.graded.misconceptions).toEqual(['winner-total-not-sum']);
	});

	it('names no misconception for a slip, and none for a right answer', () => {
		const actor = start([selfPick, wallGame]);
		actor.send({ type: 'answer.submit', entries: { ...rightSelfPick, west: '51' } });
		const slip = lastResult(actor.getSnapshot().context)!;
		expect(slip.graded.wrong).toEqual(['west']);
		expect(slip.graded.misconceptions).toEqual([]);
		actor.send({ type: 'question.next' });
		actor.send({ type: 'answer.submit', entries: rightWall });
		expect(lastResult(actor.getSnapshot().context)!.graded.misconceptions).toEqual([]);
	});

	it('names wall-game-pays when someone pays on a wall game (P11)', () => {
		const actor = start([wallGame]);
		actor.send({ type: 'answer.submit', entries: { ...rightWall, south: '25' } });
		expect(lastResult(actor.getSnapshot().context)!.graded.misconceptions).toEqual([
			'wall-game-pays'
		]);
	});

	it('refuses a round without questions or with an impossible hand, staying in setup', () => {
		const actor = createActor(quizMachine).start();
		actor.send({ type: 'round.start', config: config(), scenarios: [] });
		expect(actor.getSnapshot().value).toBe('setup');
		expect(actor.getSnapshot().context.setupError).toMatch(/no questions/);
		const impossible: Scenario = {
			...selfPick,
			outcome: { kind: 'win', value: 25, winner: 'east', method: 'discard', jokers: 1 }
		};
		actor.send({ type: 'round.start', config: config(), scenarios: [impossible] });
		expect(actor.getSnapshot().value).toBe('setup');
		expect(actor.getSnapshot().context.setupError).toMatch(/impossible/);
		actor.send({ type: 'round.start', config: config(), scenarios: [selfPick] });
		expect(actor.getSnapshot().value).toBe('asking');
		expect(actor.getSnapshot().context.setupError).toBeNull();
	});
});

describe('entries', () => {
	it('keeps every entry, the question and a message per bad field on an invalid submit', () => {
		const actor = start([selfPick, wallGame]);
		const entries = { south: '50', west: 'fifty', north: '', total: '150' };
		actor.send({ type: 'answer.submit', entries });
		const snap = actor.getSnapshot();
		expect(snap.value).toBe('asking');
		expect(snap.context.entries).toEqual(entries);
		expect(currentScenario(snap.context)).toBe(selfPick);
		expect(Object.keys(snap.context.errors).sort()).toEqual(['north', 'west']);
		expect(snap.context.errors.west).toMatch(/fifty/);
		expect(snap.context.errors.north).toMatch(/Enter an amount/);
		expect(snap.context.results).toEqual([]);
	});

	it('updates one entry and clears only its error', () => {
		const actor = start([selfPick]);
		actor.send({ type: 'answer.submit', entries: { south: 'x', west: 'y' } });
		expect(Object.keys(actor.getSnapshot().context.errors)).toHaveLength(4);
		actor.send({ type: 'entry.change', key: 'west', text: '50' });
		const { entries, errors } = actor.getSnapshot().context;
		expect(entries).toEqual({ south: 'x', west: '50' });
		expect(errors.west).toBeUndefined();
		expect(errors.south).toBeDefined();
	});

	it('ignores a change to a field the question does not have', () => {
		const actor = start([selfPick]);
		actor.send({ type: 'entry.change', key: 'east', text: '10' });
		expect(actor.getSnapshot().context.entries).toEqual({});
	});

	it('submits what was typed with entry.change when the event carries no entries', () => {
		const actor = start([selfPick]);
		for (const [key, text] of Object.entries(rightSelfPick)) {
			actor.send({ type: 'entry.change', key, text });
		}
		actor.send({ type: 'answer.submit', entries: {} });
		expect(actor.getSnapshot().value).toBe('feedback');
		expect(lastResult(actor.getSnapshot().context)!.graded.correct).toBe(true);
	});
});

describe('money mode', () => {
	it.each(['$0.50', '50¢', '0.50', '50'])('reads %s as 50 points', (text) => {
		const actor = start([selfPick], 'money');
		actor.send({
			type: 'answer.submit',
			entries: { south: text, west: text, north: text, total: '$1.50' }
		});
		const result = lastResult(actor.getSnapshot().context)!;
		expect(result.answer).toEqual({ pays: { south: 50, west: 50, north: 50 }, total: 150 });
		expect(result.graded.correct).toBe(true);
	});

	it('refuses an amount with three decimals', () => {
		const actor = start([selfPick], 'money');
		actor.send({ type: 'answer.submit', entries: { ...rightSelfPick, total: '1.505' } });
		expect(actor.getSnapshot().value).toBe('asking');
		expect(actor.getSnapshot().context.errors.total).toMatch(/not an amount/);
	});

	it('reads "0.50" as invalid in points mode', () => {
		const actor = start([selfPick], 'points');
		actor.send({ type: 'answer.submit', entries: { ...rightSelfPick, south: '0.50' } });
		expect(actor.getSnapshot().context.errors.south).toMatch(/whole number/);
	});
});

describe('hints and reveal', () => {
	it('shows one more breakdown step per hint, up to the last, and records hintsUsed', () => {
		const actor = start([misnamed]);
		const steps = settlementOf(misnamed).steps;
		actor.send({ type: 'hint.show' });
		expect(visibleHints(actor.getSnapshot().context)).toEqual(steps.slice(0, 1));
		actor.send({ type: 'hint.show' });
		expect(actor.getSnapshot().context.hints).toHaveLength(2);
		for (let i = 0; i < steps.length + 3; i++) actor.send({ type: 'hint.show' });
		expect(actor.getSnapshot().context.hints).toEqual(steps);
		actor.send({
			type: 'answer.submit',
			entries: { east: '0', south: '0', west: '120', total: '120' }
		});
		const result = lastResult(actor.getSnapshot().context)!;
		expect(result.graded.correct).toBe(true);
		expect(result.hintsUsed).toBe(steps.length);
		expect(summarize(actor.getSnapshot().context)).toMatchObject({
			score: 1,
			hintsUsed: steps.length
		});
	});

	it('resets hints for the next question', () => {
		const actor = start([selfPick, wallGame]);
		actor.send({ type: 'hint.show' });
		actor.send({ type: 'answer.submit', entries: rightSelfPick });
		actor.send({ type: 'question.next' });
		expect(actor.getSnapshot().context.hints).toEqual([]);
		expect(visibleHints(actor.getSnapshot().context)).toEqual([]);
	});

	it('counts a revealed answer as missed and shows every step', () => {
		const actor = start([selfPick, wallGame]);
		actor.send({ type: 'entry.change', key: 'south', text: '50' });
		actor.send({ type: 'answer.reveal' });
		const snap = actor.getSnapshot();
		expect(snap.value).toBe('feedback');
		const result = lastResult(snap.context)!;
		expect(result).toMatchObject({
			answer: null,
			graded: { correct: false, revealed: true, misconceptions: [] }
		});
		expect(result.graded.expected).toEqual({
			pays: { south: 50, west: 50, north: 50 },
			total: 150
		});
		expect(visibleHints(snap.context)).toEqual(settlementOf(selfPick).steps);
		actor.send({ type: 'question.next' });
		actor.send({ type: 'answer.submit', entries: rightWall });
		actor.send({ type: 'question.next' });
		const summary = summarize(actor.getSnapshot().context);
		expect(summary.score).toBe(1);
		expect(summary.mistakes).toEqual([
			expect.objectContaining({
				scenario: selfPick,
				answer: null,
				graded: expect.objectContaining({ revealed: true })
			})
		]);
	});
});

describe('summary and after', () => {
	function finish(scenarios: Scenario[], answers: Record<string, string>[]) {
		const actor = start(scenarios);
		for (const entries of answers) {
			actor.send({ type: 'answer.submit', entries });
			actor.send({ type: 'question.next' });
		}
		return actor;
	}

	it('counts per skill the successes and misses (a mistake only against the skill it broke)', () => {
		const actor = finish(
			[selfPick, jokerlessDiscard, wallGame],
			[rightSelfPick, { ...rightDiscard, total: '200' }, rightWall]
		);
		expect(actor.getSnapshot().value).toBe('summary');
		expect(summarize(actor.getSnapshot().context).accuracy).toEqual({
			'self-pick': { attempts: 1, correct: 1 },
			east: { attempts: 1, correct: 1 },
			// The total was not the sum (winner-total-not-sum): against the method skill only.
			discard: { attempts: 1, correct: 0 },
			jokerless: { attempts: 1, correct: 1 },
			'wall-game': { attempts: 1, correct: 1 }
		});
	});

	it('asks the same questions again on round.restart', () => {
		const actor = finish([selfPick, wallGame], [rightSelfPick, rightWall]);
		actor.send({ type: 'round.restart' });
		const snap = actor.getSnapshot();
		expect(snap.value).toBe('asking');
		expect(snap.context.scenarios).toEqual([selfPick, wallGame]);
		expect(snap.context.results).toEqual([]);
		expect(progressText(snap.context)).toBe('Question 1 of 2');
		expect(snap.context.config?.unit).toBe('points');
	});

	it('goes back to setup with nothing left on round.new', () => {
		const actor = finish([selfPick], [rightSelfPick]);
		actor.send({ type: 'round.new' });
		expect(actor.getSnapshot().value).toBe('setup');
		expect(actor.getSnapshot().context).toMatchObject({ scenarios: [], results: [], config: null });
	});

	it('can leave a round in the middle with round.new', () => {
		const actor = start([selfPick, wallGame]);
		actor.send({ type: 'entry.change', key: 'south', text: '5' });
		actor.send({ type: 'round.new' });
		expect(actor.getSnapshot().value).toBe('setup');
		expect(actor.getSnapshot().context.entries).toEqual({});
	});

	it('ignores events that do not belong to the mode', () => {
		const actor = start([selfPick]);
		actor.send({ type: 'question.next' });
		actor.send({ type: 'round.restart' });
		expect(actor.getSnapshot().value).toBe('asking');
		actor.send({ type: 'answer.submit', entries: rightSelfPick });
		actor.send({ type: 'hint.show' });
		actor.send({ type: 'answer.reveal' });
		expect(actor.getSnapshot().value).toBe('feedback');
		expect(actor.getSnapshot().context.results).toHaveLength(1);
	});
});

describe('startedRound (what the page shows before the machine loads)', () => {
	// Playable rounds, empty rounds and rounds with an impossible hand (a discard win with no
	// discarder), so both the `asking` and the refused `setup` results are compared.
	const impossible = {
		kind: 'win',
		value: 25,
		winner: 'east',
		method: 'discard',
		jokers: 1
	} as const;
	const roundArb = fc.array(
		fc.oneof(
			{ weight: 9, arbitrary: outcomeArb },
			{ weight: 1, arbitrary: fc.constant(impossible) }
		),
		{ maxLength: 5 }
	);

	it('is exactly the state round.start takes the machine to, from a fresh or a used quiz', () => {
		fc.assert(
			fc.property(roundArb, fc.boolean(), (outcomes, used) => {
				const scenarios = outcomes.map((o, i) => scenario(i, o));
				const actor = createActor(quizMachine).start();
				if (used) {
					actor.send({ type: 'round.start', config: config(), scenarios: [selfPick] });
					actor.send({ type: 'answer.reveal' });
					actor.send({ type: 'round.new' });
				}
				actor.send({ type: 'round.start', config: config('money'), scenarios });
				const snapshot = actor.getSnapshot();
				const view = startedRound(config('money'), scenarios, isPossibleOutcome);
				expect(view.mode).toBe(snapshot.value);
				expect(view.context).toEqual(snapshot.context);
				expect(view.mode).toBe(
					outcomes.length > 0 && !outcomes.includes(impossible) ? 'asking' : 'setup'
				);
				// The page's first view trusts the outcomes: it asks whenever there is a question.
				const trusting = startedRound(config('money'), scenarios, () => true);
				expect(trusting.mode).toBe(outcomes.length > 0 ? 'asking' : 'setup');
				actor.stop();
			})
		);
	});
});
