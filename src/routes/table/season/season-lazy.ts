/**
 * What /table/season needs once the device keeps some night, in one part loaded then: the
 * ledger's reader of the kept nights and the season's view.
 */
export { savedNights } from '$lib/table/saved';
export { default as SeasonView } from './SeasonView.svelte';
