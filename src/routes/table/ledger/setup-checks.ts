/**
 * What starting a night needs beyond its form, in one part loaded on the first sign of intent
 * (focus or touch in the form, the pie ticked): the form read strictly (the players' names, the
 * pie, the house rules) and the pie's field. A visit that only looks at the kept nights never
 * loads it.
 */
import type { AmountUnit } from '$lib/payments';
import { MAX_NAME, readPlayers, type ListedHouseRule } from '$lib/ledger';
import { readPieText } from '$lib/table/house-hand';
export { default as PieField } from '$lib/table/ui/PieField.svelte';

/** The night's setup form as typed: five name fields (the fifth blank with four players). */
export interface SetupForm {
	names: string[];
	unit: AmountUnit;
	eastDouble: boolean;
	bettor: boolean;
	withPie: boolean;
	/** The pie's amount as typed (in `unit`). */
	pie: string;
}

/** A night ready to start: the players in seat order, the pie (points) or null, the house rules. */
export interface NightStart {
	players: string[];
	pie: number | null;
	house: ListedHouseRule[];
}

/**
 * Reads the setup form: the night to start, or why it cannot start (a sentence for the table).
 * Four or five different names (H2's bettor only counts with five), the pie (H3) only when ticked.
 */
export function readSetup(form: SetupForm): NightStart | { problem: string } {
	const players = form.names.map((n) => n.trim()).filter((n, i) => i < 4 || n !== '');
	if (!Array.isArray(readPlayers(players))) {
		return {
			problem: `Give four or five players' names, each different (up to ${MAX_NAME} characters).`
		};
	}
	const cap = form.withPie ? readPieText(form.pie, form.unit) : null;
	if (cap && !cap.ok) return { problem: `The pie: ${cap.message}` };
	const house: ListedHouseRule[] = [
		...(form.eastDouble ? (['east-double'] as const) : []),
		...(form.bettor && players.length === 5 ? (['bettor'] as const) : [])
	];
	return { players, pie: cap ? cap.points : null, house };
}
