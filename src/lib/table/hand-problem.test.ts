/**
 * The table's words for an impossible hand: each engine code the form can reach lands on its
 * field (the value, the jokers, the discarder, Singles and Pairs, a dead hand) in plain words with
 * no field names or JSON; a hand impossible as a whole (the winner threw the tile) has no field.
 */
import { describe, expect, it } from 'vitest';
import { validateOutcome } from '$lib/payments';
import { emptyDraft, outcomeOfDraft, type HandDraft } from './hand';
import { fieldId, fieldMarks, fieldWords, handProblem } from './hand-problem';

/** The table's problem with a draft changed by `change` from a possible hand (East wins, 25). */
function problemWith(change: Partial<HandDraft>) {
	const draft = { ...emptyDraft(), value: '25', discarder: 'south' as const, ...change };
	const checked = validateOutcome(outcomeOfDraft(draft));
	if (checked.ok) throw new Error('expected an impossible hand');
	return handProblem(checked.error, draft);
}

describe('handProblem', () => {
	it('puts a bad value or jokers on its field, in plain words', () => {
		expect(problemWith({ value: 'twenty' })).toEqual({
			field: 'value',
			message: 'Type the value as a whole number, in figures: for example 25.'
		});
		expect(problemWith({ value: '5000' }).message).toMatch(/from 1 to 1000/);
		expect(problemWith({ jokers: '' })).toEqual({
			field: 'jokers',
			message: 'Enter how many jokers the winning hand holds: 0 to 8 (0 if none).'
		});
		expect(problemWith({ jokers: 'two' }).message).toMatch(/in figures/);
		expect(problemWith({ jokers: '9' }).message).toMatch(/only 8 jokers/);
		expect(problemWith({ method: 'joker-exchange', discarder: '', jokers: '0' }).field).toBe(
			'jokers'
		);
	});

	it('asks for a missing discarder or misnamer on its field', () => {
		expect(problemWith({ discarder: '' })).toEqual({
			field: 'discarder',
			message: 'Choose who threw the tile.'
		});
		expect(problemWith({ kind: 'misnamed-discard', discarder: '' })).toEqual({
			field: 'discarder',
			message: 'Choose who misnamed the tile.'
		});
	});

	it('marks the dead hand at fault', () => {
		expect(problemWith({ dead: ['east'] })).toMatchObject({ field: 'dead', seat: 'east' });
		expect(problemWith({ dead: ['south'] })).toMatchObject({ field: 'dead', seat: 'south' });
		expect(problemWith({ dead: ['south'] }).message).toMatch(/^South is marked dead/);
	});

	it('ties a Singles and Pairs hand with jokers to its box', () => {
		expect(problemWith({ singlesAndPairs: true, jokers: '2' }).field).toBe('singlesAndPairs');
	});

	it('gives no field to a hand impossible as a whole, and says what to change', () => {
		const p = problemWith({ discarder: 'east' });
		expect(p.field).toBeNull();
		expect(p.message).toMatch(/^East cannot call her own discard: choose another player/);
		expect(problemWith({ kind: 'misnamed-discard', discarder: 'east' }).field).toBeNull();
	});

	it('never shows the engine’s developer wording', () => {
		const drafts: Partial<HandDraft>[] = [
			{ value: 'twenty' },
			{ jokers: '' },
			{ discarder: '' },
			{ dead: ['east'] },
			{ discarder: 'east' }
		];
		for (const change of drafts) {
			expect(problemWith(change).message).not.toMatch(/"|got |cannot happen/i);
		}
	});

	it('names the field, its control and its marks', () => {
		const p = problemWith({ dead: ['south'] });
		expect(fieldId('hand', p)).toBe('hand-dead-south');
		expect(fieldWords('jokers', 'win')).toBe('the jokers');
		expect(fieldWords('discarder', 'misnamed-discard')).toBe('who misnamed the tile');
		expect(fieldMarks(p, 'dead', 'hand', 'south')).toEqual({
			'aria-invalid': 'true',
			'aria-describedby': 'hand-dead-problem'
		});
		expect(fieldMarks(p, 'dead', 'hand', 'west')['aria-invalid']).toBeUndefined();
		expect(fieldMarks(null, 'value', 'hand')['aria-describedby']).toBeUndefined();
	});
});
