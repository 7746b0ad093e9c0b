/**
 * What /table needs to answer a hand, in one part loaded on the first sign of intent (focus or
 * touch in the hand's form) or at once when the address already holds a hand: the engine's
 * checks and settlement, the result line, the answer with the table picture, and the claim's
 * check with the drill's grading. The empty form paints without it.
 */
export { settleValid, validateOutcome } from '$lib/payments';
export { default as ClaimCheck } from './ClaimCheck.svelte';
export { default as HandAnswer } from './HandAnswer.svelte';
export { default as ResultBar } from './ResultBar.svelte';
