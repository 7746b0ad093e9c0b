/**
 * The payment rules engine (docs/rules.md, misconceptions.md, skills.md): pure
 * functions, no I/O, no randomness. It depends on nothing.
 */
export * from './types';
export { validateOutcome } from './validate';
export { OUTSIDE_LEAGUE } from './outside-league';
export type { NormalizedOutcome, NormalizedWin, ValidationResult } from './normalized';
export { settle, settleValid } from './settle';
export * from './amounts';
export * from './misconception-titles';
export * from './misconceptions';
export { correctionFor, explainFor, type Correction } from './explain';
export * from './diagnose';
export * from './skills';
export * from './against';
export * from './grade';
export * from './fields';
export * from './lines';
export * from './strict';
export * from './read-amounts';
