/**
 * What /table needs once a house rule is chosen or its fold-out opened, in one part loaded on
 * demand: the hand worked out under the rules, the claim's house amounts, the answer and the
 * fields. A hand by League rules alone never loads it.
 */
export { claimUnderHouse, tableHouseHand } from '$lib/table/house-hand';
export { default as HouseAnswer } from './HouseAnswer.svelte';
export { default as HouseRules } from './HouseRules.svelte';
