/**
 * What the ledger's hand form (`HandEntry.svelte`) holds and reads from it: the seats (passed on
 * by the deal, or set by hand), the bettor's pick (H2), the hand as typed (a /table draft), the
 * outcome the engine checked, the hand it makes, and why it cannot be added yet.
 */
import { untrack } from 'svelte';
import { seatLabel, validateOutcome } from '$lib/payments';
import { sittingOut, type LedgerHand, type SeatMap } from '$lib/ledger';
import { draftOfOutcome, emptyDraft, outcomeOfDraft } from '$lib/table/hand';
import { fieldWords, handProblem } from '$lib/table/hand-problem';

/** What the form is given (read live: the deal's seats change as hands are added). */
export interface HandEntryInput {
	players: string[];
	/** Where everyone sits in this hand when nobody sets it by hand (passed on by the deal). */
	passedSeats: SeatMap;
	/** The seats must be given (the first hand of the night). */
	firstHand: boolean;
	/** The bettor (H2) plays with five: her pick is asked. */
	betting: boolean;
	/** The hand being edited and its number (from 1), or null to add a new one. */
	editing: { hand: LedgerHand; number: number } | null;
	/** Why this hand cannot be in the night ('' when it can). */
	problemOf: (hand: LedgerHand) => string;
}

/** Not a mistake: what the form waits for (no value typed yet). */
export const VALUE_HINT = 'Enter the value from the card.';
/** Not a mistake: what the form waits for (the bettor's pick). */
export const BET_HINT = 'Choose whom the bettor bet on.';

/** One hand being entered (or edited) in the night's ledger. Create it while a component initialises. */
export class HandEntryModel {
	readonly #input: () => HandEntryInput;
	/** The seats are set by hand for this hand (else passed on by the deal). */
	byHand: boolean = $state(false);
	/** The seats set by hand. */
	seats: SeatMap = $state({} as SeatMap);
	/** Whom the bettor (sitting out) bet on: a player's name, '' until chosen. */
	bet = $state('');
	/** The hand as typed (the /table form's draft). */
	draft = $state(emptyDraft());

	/** Where everyone sits in this hand. */
	readonly sat: SeatMap;
	/** Who sits out (five players), or null. */
	readonly out: string | null;
	/** The outcome as entered, checked by the engine (defaults filled in), or why it cannot be. */
	readonly checked: ReturnType<typeof validateOutcome>;
	/** The hand as entered, with the checked outcome; null while the outcome cannot be. */
	readonly hand: LedgerHand | null;
	/** No value typed yet for a hand that needs one. */
	readonly noValue: boolean;
	/** Why the hand cannot be, in the table's words, under its field (as /table); null if it can. */
	readonly wrong: ReturnType<typeof handProblem> | null;
	/** Why the button is off: a hint, a mistake or the night's reason; '' when the hand can go in. */
	readonly problem: string;

	constructor(input: () => HandEntryInput) {
		this.#input = input;
		const { editing, passedSeats } = untrack(input);
		this.byHand = editing?.hand.seats !== undefined;
		this.seats = { ...(editing?.hand.seats ?? passedSeats) };
		this.bet = editing?.hand.bet ?? '';
		this.draft = editing ? draftOfOutcome(editing.hand.outcome) : emptyDraft();
		this.sat = $derived(this.byHand ? this.seats : this.#input().passedSeats);
		this.out = $derived(sittingOut(this.sat, this.#input().players));
		this.checked = $derived(validateOutcome(outcomeOfDraft(this.draft)));
		this.hand = $derived.by(() => {
			if (!this.checked.ok) return null;
			const { firstHand, betting } = this.#input();
			return {
				...(this.byHand || firstHand ? { seats: { ...this.sat } } : {}),
				...(betting ? { bet: this.bet } : {}),
				outcome: this.checked.outcome
			};
		});
		this.noValue = $derived(
			this.draft.value.trim() === '' &&
				(this.draft.kind === 'win' || this.draft.kind === 'misnamed-discard')
		);
		this.wrong = $derived(
			this.checked.ok || this.noValue || this.checked.error.code === 'outside-league-rules'
				? null
				: handProblem(this.checked.error, this.draft, (s) => `${seatLabel(s)} (${this.sat[s]})`)
		);
		this.problem = $derived.by(() => {
			if (this.noValue) return VALUE_HINT;
			if (this.#input().betting && this.bet === '') return BET_HINT;
			if (this.hand) return this.#input().problemOf(this.hand);
			if (this.wrong) {
				return this.wrong.field
					? `Fix ${fieldWords(this.wrong.field, this.draft.kind)} above.`
					: this.wrong.message;
			}
			return this.checked.ok ? '' : this.checked.error.message;
		});
	}

	/** Opens or closes the seats set by hand (opening starts from the seats passed on). */
	toggleSeats(): void {
		if (!this.byHand) this.seats = { ...this.#input().passedSeats };
		this.byHand = !this.byHand;
	}

	/** The form is empty again for the next hand. */
	clear(): void {
		this.draft = emptyDraft();
	}
}
