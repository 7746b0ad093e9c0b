/**
 * The night's ledger (issue 12), a pure core over the payment engine: read a night strictly,
 * work it out hand by hand (seats mapped to players, the optional pie), balances, the settle-up,
 * and the files to export. No Svelte, no I/O.
 */
export * from './types';
export {
	ledger,
	readNight,
	readOutcome,
	readPie,
	readPlayers,
	readSeats,
	MAX_PIE,
	MAX_NAME
} from './read';
export type { ReadNight } from './read';
export { handUnderPie, netByPlayer, nightResult, zeroNet } from './night';
export { settleUp } from './settle-up';
export { csvCell, nightCsv, nightJson, settleUpText } from './export';
export { handSummary } from './summary';
