/**
 * The payment rules engine (shared/spec/payments.md): pure functions, no I/O, no randomness.
 */
export * from './types';
export { validateOutcome, isSeat } from './validate';
export type { NormalizedOutcome, NormalizedWin, ValidationResult } from './validate';
export { settle, settleValid, seatLabel } from './settle';
export * from './amounts';
export * from './misconceptions';
export * from './diagnose';
