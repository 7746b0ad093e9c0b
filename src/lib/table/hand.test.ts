/**
 * The /table form's model: every possible outcome survives the form and the address unchanged
 * (what the engine settles), impossible or unreadable entries reach the engine as typed so its own
 * reason is shown, and claims read back from the address.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settle, validateOutcome } from '$lib/payments';
import { outcomeArb } from '$lib/payments/arbitraries';
import {
	claimAnswer,
	claimSearchValue,
	draftOfOutcome,
	draftSearch,
	emptyDraft,
	outcomeOfDraft,
	readClaimSearch,
	readDraftSearch
} from './hand';

describe('the hand form', () => {
	it('keeps every possible outcome through the form and the address: the same settlement', () => {
		fc.assert(
			fc.property(outcomeArb, fc.constantFrom('points', 'money' as const), (outcome, unit) => {
				const draft = draftOfOutcome(outcome);
				const back = readDraftSearch(new URLSearchParams(draftSearch(draft, unit).toString()));
				expect(back.unit).toBe(unit);
				expect(settle(outcomeOfDraft(back.draft))).toEqual(settle(outcome));
			})
		);
	});

	it('passes what cannot be to the engine, which gives its reason', () => {
		const d = {
			...emptyDraft(),
			value: '25',
			winner: 'south' as const,
			discarder: 'south' as const
		};
		const checked = validateOutcome(outcomeOfDraft(d));
		expect(checked.ok ? null : checked.error.code).toBe('winner-is-discarder');
		const typed = validateOutcome(outcomeOfDraft({ ...d, discarder: 'west', value: 'abc' }));
		expect(checked.ok || typed.ok ? null : typed.error.message).toContain('"abc"');
		const nobody = validateOutcome(outcomeOfDraft({ ...d, discarder: '' }));
		expect(nobody.ok ? null : nobody.error.code).toBe('discarder-missing');
		const pie = validateOutcome(outcomeOfDraft({ ...d, kind: 'pie' }));
		expect(pie.ok ? null : pie.error.code).toBe('outside-league-rules');
	});

	it('reads a damaged address as the defaults', () => {
		const { draft, unit } = readDraftSearch(
			new URLSearchParams('kind=bogus&winner=up&method=x&dead=east,nowhere')
		);
		expect(draft).toEqual({ ...emptyDraft(), dead: ['east'] });
		expect(unit).toBe('points');
	});

	it('reads a claim back from the address, and takes the total as the sum of the payments', () => {
		const pays = { east: 0, west: 200, north: 0 };
		expect(readClaimSearch(claimSearchValue(pays))).toEqual(pays);
		expect(readClaimSearch('west:abc')).toBeNull();
		expect(readClaimSearch('up:5')).toBeNull();
		expect(readClaimSearch(null)).toBeNull();
		const outcome = {
			kind: 'win',
			value: 25,
			winner: 'south',
			method: 'discard',
			discarder: 'west',
			jokers: 0
		} as const;
		expect(claimAnswer(outcome, { ...pays, south: 5 })).toEqual({ pays, total: 200 });
	});
});
