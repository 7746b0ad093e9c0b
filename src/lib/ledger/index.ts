/**
 * The night's ledger (issues 12 and 22), a pure core over the payment engine: read a night
 * strictly, work it out hand by hand (seats passed on or set by hand, 4 or 5 players, the house
 * rules of house-rules.md: East double, the bettor, the pie), balances, the settle-up, the files
 * to export and read back, and a season's totals. No Svelte, no I/O.
 */
export * from './types';
export { ledger, readNight } from './read';
export type { ReadNight } from './read';
export {
	readOutcome,
	readPie,
	readPlayers,
	readHouse,
	readSeats,
	MAX_PIE,
	MAX_NAME,
	MAX_HANDS,
	NIGHT_FIELDS,
	HAND_FIELDS
} from './parts';
export { houseRulesUsed, netByPlayer, nightResult, underPie, zeroNet } from './night';
export { firstSeats, passSeats, seatsOfHands, sittingOut } from './seats';
export * from './house';
export { settleUp } from './settle-up';
export { csvCell, nightCsv, nightJson, settleUpLine, settleUpText } from './export';
export { handLine, handSummary } from './summary';
export { importNight, nightFileUnknownFields, MAX_NIGHT_FILE_CHARS } from './import';
export type { ImportedNight } from './import';
export { season, seasonCsv } from './season';
export type { Season, SeasonNight } from './season';
