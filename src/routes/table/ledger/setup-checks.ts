/**
 * What starting a night needs beyond its form, in one part loaded on the first sign of intent
 * (focus or touch in the form, the pie ticked): the players' names and the pie read strictly, and
 * the pie's field. A visit that only looks at the kept nights never loads it.
 */
export { readPlayers } from '$lib/ledger';
export { readPieText } from '$lib/table/house-hand';
export { default as PieField } from '$lib/table/ui/PieField.svelte';
