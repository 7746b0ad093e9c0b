/**
 * The seeded scenario generator: pure, deterministic practice questions (outcome, skills,
 * narrative, hand) for the payments trainer.
 */
export * from './types';
export { generateScenario } from './generate';
export {
	generateRound,
	generateScenarios,
	outcomeKey,
	outcomesAvailable,
	roundTargets,
	type GenerateOptions,
	type Round
} from './round';
export { narrate, type TableDetails } from './narrative';
export { tileName, tileWithArticle, tileKey, isJoker } from './tiles';
export { handProblems } from './hand-problems';
