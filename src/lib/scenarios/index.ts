/**
 * The seeded scenario generator: pure, deterministic practice questions (outcome, skills,
 * narrative, hand) for the payments trainer.
 */
export * from './types';
export { generateScenario, generateScenarios, type GenerateOptions } from './generate';
export { narrate, type TableDetails } from './narrative';
export { tileName, tileWithArticle, tileKey, isJoker, handProblems } from './tiles';
