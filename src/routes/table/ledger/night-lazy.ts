/**
 * What /table/ledger needs once a night is started, opened or imported, in one part loaded then
 * (or on the first sign of intent): the night machine (XState) and the ledger that works the night
 * out. The setup form and the list of kept nights paint without it.
 */
export { createNightActor } from '$lib/table/machine';
export { ledger } from '$lib/ledger';
