/**
 * The hand being settled at /table (issue 9 and the house rules of issue 15): what the table
 * entered (`draft`), the unit (points or money), the house rules chosen for it and the claim
 * being checked, all read from the address at first; and what follows from them once the engine
 * has loaded: the hand checked (`checked`), its League settlement, the hand under the house rules
 * and the claim under them. The engine and the answer (./answer-lazy) load on the first sign of
 * intent (`want`), or at once for a hand in the address; the house rules' part (./house-lazy)
 * once its fold-out opens or a rule is on. A changed hand forgets the claim. Make it while a
 * component initialises (it keeps effects).
 */
import { untrack } from 'svelte';
import type { AmountUnit } from '$lib/payments';
import {
	claimSearchValue,
	draftSearch,
	outcomeOfDraft,
	readClaimSearch,
	readDraftSearch
} from '$lib/table/hand';
import { handProblem } from '$lib/table/hand-problem';
import {
	anyHouse,
	readHouseSearch,
	setHouseSearch,
	type TableHouse
} from '$lib/table/house-choice';

/** What a hand at the table says when a part cannot load (offline). */
export const ANSWER_PROBLEM = 'The answer cannot load without the network: try again once online.';
/** What the house rules' fold-out says when its part cannot load (offline). */
export const HOUSE_PROBLEM = 'House rules cannot load without the network: try again once online.';

/** The hand being settled; see the module comment. */
export class TableHand {
	draft;
	unit: AmountUnit;
	house: TableHouse;
	claim;
	/** The engine and the answer, once loaded. */
	answer = $state.raw<typeof import('./answer-lazy') | null>(null);
	answerProblem = $state('');
	/** The house rules' part, once loaded. */
	lazy = $state.raw<typeof import('./house-lazy') | null>(null);
	lazyProblem = $state('');
	houseOpen: boolean;

	/** The hand as checked by the engine (null until it has loaded). */
	readonly checked = $derived.by(() =>
		this.answer ? this.answer.validateOutcome(outcomeOfDraft(this.draft)) : null
	);
	/** Why the hand entered cannot be, in the table's words and tied to its field; else null. */
	readonly problem = $derived.by(() => {
		const error = this.checked && !this.checked.ok && !this.noValue ? this.checked.error : null;
		return error && error.code !== 'outside-league-rules' ? handProblem(error, this.draft) : null;
	});
	/** The League settlement of a possible hand, else null. */
	readonly settlement = $derived.by(() =>
		this.answer && this.checked?.ok
			? this.answer.settleValid(this.checked.outcome, this.unit)
			: null
	);
	/** The hand under the house rules chosen, once their part has loaded. */
	readonly houseHand = $derived.by(() =>
		this.lazy && this.checked?.ok && this.settlement
			? this.lazy.tableHouseHand(this.checked.outcome, this.settlement, this.house, this.unit)
			: null
	);
	/** What each payer really pays the winner under house rules that change the hand. */
	readonly houseClaim = $derived(
		this.lazy?.claimUnderHouse(this.houseHand, this.settlement?.receiver ?? null) ?? null
	);
	/** The hand and its house rules as a query string (in points: the unit is not the hand). */
	readonly handSearch = $derived.by(() => {
		const q = draftSearch(this.draft, 'points');
		setHouseSearch(q, this.house);
		return q.toString();
	});
	/** True while a win (or a misnamed discard) has no value entered yet. */
	readonly noValue = $derived.by(
		() =>
			(this.draft.kind === 'win' || this.draft.kind === 'misnamed-discard') &&
			this.draft.value.trim() === ''
	);
	/** Everything in the address: the hand, the unit, the house rules and the claim. */
	readonly search = $derived.by(() => {
		const q = draftSearch(this.draft, this.unit);
		setHouseSearch(q, this.house);
		if (this.claim) q.set('says', claimSearchValue(this.claim));
		return q.toString();
	});

	/** The hand the address `params` holds (an empty one when it holds none). */
	constructor(params: URLSearchParams) {
		const start = readDraftSearch(params);
		this.draft = $state(start.draft);
		this.unit = $state(start.unit);
		this.house = $state(readHouseSearch(params));
		this.claim = $state(readClaimSearch(params.get('says')));
		this.houseOpen = $state(anyHouse(this.house));
		if (params.toString() !== '') this.want();
		$effect(() => {
			if (this.lazy || !(this.houseOpen || anyHouse(this.house))) return;
			import('./house-lazy').then(
				(m) => (this.lazy = m),
				() => (this.lazyProblem = HOUSE_PROBLEM)
			);
		});
		// A claim is about one hand: a changed hand forgets it.
		let claimedFor = untrack(() => this.handSearch);
		$effect(() => {
			if (this.handSearch !== claimedFor) {
				claimedFor = this.handSearch;
				this.claim = null;
			}
		});
	}

	/** Loads the engine and the answer (once; again after a failure). */
	want = (): void => {
		if (this.answer) return;
		this.answerProblem = '';
		import('./answer-lazy').then(
			(m) => (this.answer = m),
			() => (this.answerProblem = ANSWER_PROBLEM)
		);
	};
}
