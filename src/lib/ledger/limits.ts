/**
 * The ledger's limits, apart from the readers that apply them (./parts) so that a form can show
 * them without loading the readers. Pure.
 */

/** The most points a pie may be (10,000 dollars in money). */
export const MAX_PIE = 1_000_000;
/** The longest player name. */
export const MAX_NAME = 40;
/** The most hands a night may have. */
export const MAX_HANDS = 2000;
