/**
 * The learner's lasting progress: attempt records, statistics and mastery, storage (IndexedDB via
 * idb-keyval, or memory in tests), export/import, spaced-repetition weak spots, worked examples.
 */
export * from './types';
export { makeAttempt, newId, regrade, type AttemptInput } from './record';
export * from './stats';
export * from './mastery';
export { readKept, readRecord, GradedSchema } from './kept';
export {
	readProgressFile,
	AttemptSchema,
	ProgressFileSchema,
	MAX_FILE_CHARS,
	FUTURE_SLACK_MS
} from './schema';
export type { ReadResult } from './schema';
export * from './store';
export { unknownFields } from './unknown';
export * from './progress';
export * from './schedule';
export * from './spaced';
export * from './params';
export * from './worked';
