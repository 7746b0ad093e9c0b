/**
 * The progress operations the pages call: record, list, reset, export, import. Storage goes through
 * a `ProgressStore`, so tests use the in-memory one. Grading and the file schema (valibot) load
 * when first needed: a first visit with nothing kept downloads neither.
 */
import type { AttemptInput } from './record';
import { progressStore, type ProgressStore } from './store';
import {
	byTime,
	PROGRESS_FORMAT,
	PROGRESS_VERSION,
	type AttemptRecord,
	type ProgressFile
} from './types';

/** Keeps one attempt (overwrites a record with the same id). */
export function addAttempt(store: ProgressStore, attempt: AttemptRecord): Promise<void> {
	return store.put(attempt);
}

/**
 * Grades and keeps one answered question (see `makeAttempt`) in `store` (default: the browser's
 * progress store) and returns the record. The practice page can pass the quiz's result directly:
 * `recordAttempt({ ...result, unit, roundId: config.seed })`. Rejects when the device refuses to
 * store it (the learner should be told; the round can go on).
 */
export async function recordAttempt(
	input: AttemptInput,
	store: ProgressStore = progressStore()
): Promise<AttemptRecord> {
	const { makeAttempt } = await import('./record');
	const record = makeAttempt(input);
	await store.put(record);
	return record;
}

/**
 * Every attempt kept, oldest first, each graded again under today's rules (`readRecord`: records
 * kept by an earlier version count against the right skills; the attempts themselves are kept as
 * they are). Damaged records (not matching the schema) are skipped.
 */
export async function listAttempts(store: ProgressStore): Promise<AttemptRecord[]> {
	const kept = await store.all();
	if (kept.length === 0) return [];
	const { readRecord } = await import('./schema');
	const records: AttemptRecord[] = [];
	for (const x of kept) {
		const record = readRecord(x);
		if (record) records.push(record);
	}
	return byTime(records);
}

/** Forgets every attempt (the "Reset progress" button, after confirmation). */
export function clearProgress(store: ProgressStore): Promise<void> {
	return store.clear();
}

/** The export file of `attempts` (oldest first), stamped `now`. */
export function exportProgress(attempts: readonly AttemptRecord[], now = new Date()): ProgressFile {
	return {
		format: PROGRESS_FORMAT,
		version: PROGRESS_VERSION,
		exportedAt: now.toISOString(),
		attempts: byTime(attempts)
	};
}

/** The export file as compact JSON text (about 1.3 kB per question). */
export function exportJson(attempts: readonly AttemptRecord[], now = new Date()): string {
	return JSON.stringify(exportProgress(attempts, now));
}

/** The suggested file name of an export made on `now`: "mahjong-progress-2025-03-01.json". */
export function exportFileName(now = new Date()): string {
	return `mahjong-progress-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * How an import combines with what is kept: 'merge' (the default, what the /progress page does)
 * adds the file's attempts whose ids are not kept yet and leaves every kept attempt as it is;
 * 'replace' forgets what is kept and keeps the file's attempts instead.
 */
export type ImportMode = 'merge' | 'replace';

/**
 * An import's result: how many attempts were `added`, how many were `skipped` (already kept, same
 * id) and the `total` kept afterwards; or the `reason` it was refused.
 */
export type ImportResult =
	{ ok: true; added: number; skipped: number; total: number } | { ok: false; reason: string };

/**
 * Imports the text of an export file. A file that `readProgressFile` refuses, or a storage
 * failure, gives `{ok: false, reason}` and changes NOTHING (the write is one transaction, made
 * only after the whole file was checked). Never throws.
 */
export async function importProgress(
	store: ProgressStore,
	text: string,
	mode: ImportMode = 'merge'
): Promise<ImportResult> {
	const { readProgressFile } = await import('./schema');
	const read = readProgressFile(text);
	if (!read.ok) return read;
	try {
		const kept = await listAttempts(store);
		const keptIds = new Set(kept.map((a) => a.id));
		const fresh =
			mode === 'replace'
				? read.file.attempts
				: read.file.attempts.filter((a) => !keptIds.has(a.id));
		await store.write(fresh, mode === 'replace');
		return {
			ok: true,
			added: fresh.length,
			skipped: read.file.attempts.length - fresh.length,
			total: mode === 'replace' ? fresh.length : kept.length + fresh.length
		};
	} catch (e) {
		const why = e instanceof Error ? e.message : String(e);
		return { ok: false, reason: `The progress could not be saved on this device: ${why}` };
	}
}
