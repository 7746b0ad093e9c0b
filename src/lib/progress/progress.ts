/**
 * The progress operations the pages call: record, list, reset, export, import. Storage goes through
 * a `ProgressStore`, so tests use the in-memory one. Grading and the file schema (valibot) load
 * when first needed: a first visit with nothing kept downloads neither.
 */
import type { AttemptInput } from './record';
import { afterReset, progressStore, type ProgressStore } from './store';
import {
	byTime,
	PROGRESS_FORMAT,
	PROGRESS_VERSION,
	type AttemptRecord,
	type ProgressFile
} from './types';

/**
 * Keeps one attempt (overwrites a record with the same id). Resolves false, keeping nothing, when
 * it was answered before the last reset (`ProgressStore.put`).
 */
export function addAttempt(store: ProgressStore, attempt: AttemptRecord): Promise<boolean> {
	return store.put(attempt);
}

/**
 * Starts loading what `recordAttempt` needs (the grading of a record and the storage request)
 * and opens the progress store ahead of the first answer, while the learner is still typing, so keeping it costs the feedback
 * nothing. Resolves when loaded; rejects when offline before they were ever fetched.
 */
export function preloadRecording(): Promise<unknown> {
	// Opening the database (made on a first visit, which takes a while) is part of it too.
	void progressStore()
		.resetMark()
		.catch(() => undefined);
	return Promise.all([import('./record'), import('./persist')]);
}

/**
 * Grades and keeps one answered question (see `makeAttempt`) in `store` (default: the browser's
 * progress store) and returns the record. The practice page can pass the quiz's result directly:
 * `recordAttempt({ ...result, unit, roundId: config.seed })`. Resolves null, keeping nothing, for
 * an answer given before the last reset (a resumed round, another tab: a reset is final). Once an
 * answer is kept, asks the browser to keep the storage (`askToKeepProgress`). Rejects when the
 * device refuses to store it (the learner should be told; the round can go on).
 */
export async function recordAttempt(
	input: AttemptInput,
	store: ProgressStore = progressStore()
): Promise<AttemptRecord | null> {
	const { makeAttempt } = await import('./record');
	const record = makeAttempt(input);
	if (!(await store.put(record))) return null;
	void import('./persist').then(({ askToKeepProgress }) => askToKeepProgress());
	return record;
}

/**
 * Every attempt kept, oldest first, each with the grade it was kept with (`readKept`: reading
 * never grades again). A record kept under older rules is graded again with the same inputs and
 * kept so (once; `put`, so nothing answered before a reset comes back). Damaged records (not
 * matching the schema) are skipped.
 */
export async function listAttempts(store: ProgressStore): Promise<AttemptRecord[]> {
	const kept = await store.all();
	if (kept.length === 0) return [];
	const { readKept } = await import('./kept');
	const records: AttemptRecord[] = [];
	const regraded: AttemptRecord[] = [];
	for (const x of kept) {
		const read = readKept(x);
		if (!read) continue;
		records.push(read.record);
		if (read.regraded) regraded.push(read.record);
	}
	// Kept under today's rules from now on; a device that refuses only grades them again next time.
	for (const record of regraded) await store.put(record).catch(() => false);
	return byTime(records);
}

/**
 * Forgets every attempt, for good (the "Reset progress" button, after confirmation): an answer
 * given before this moment is never kept again, except by an import. Resolves how many attempts
 * the store held at that moment (all tabs' answers) and removed.
 */
export function clearProgress(store: ProgressStore): Promise<number> {
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

/**
 * The export file as JSON text, pretty-printed (two spaces, a final newline; about 3 kB per
 * question). The format: docs/export-format.md.
 */
export function exportJson(attempts: readonly AttemptRecord[], now = new Date()): string {
	return JSON.stringify(exportProgress(attempts, now), null, 2) + '\n';
}

/**
 * The export file of everything `store` holds at this moment (what every tab has kept), as
 * `exportJson` text, with how many attempts it has.
 */
export async function exportStore(
	store: ProgressStore,
	now = new Date()
): Promise<{ text: string; count: number }> {
	const attempts = await listAttempts(store);
	return { text: exportJson(attempts, now), count: attempts.length };
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
 * What an import would do, worked out before anything changes (shown to the learner to confirm):
 * the `attempts` it would add (graded again), how many are `skipped` (already kept, same id), how
 * many of the added were answered `beforeReset` (at or before the last reset, `resetAt`: an
 * import is the one way to bring them back, on purpose), the file's `unknownFields` (not
 * imported) and how many attempts were `regraded` to another result than the file said.
 */
export interface ImportPlan {
	ok: true;
	mode: ImportMode;
	attempts: AttemptRecord[];
	skipped: number;
	beforeReset: number;
	resetAt: string | null;
	unknownFields: string[];
	regraded: number;
}

/**
 * An import's result: how many attempts were `added`, how many were `skipped` (already kept, same
 * id) and the `total` kept afterwards, with the plan's `unknownFields` and `regraded`; or the
 * `reason` it was refused.
 */
export type ImportResult =
	| {
			ok: true;
			added: number;
			skipped: number;
			total: number;
			unknownFields: string[];
			regraded: number;
	  }
	| { ok: false; reason: string };

const failed = (e: unknown) => ({
	ok: false as const,
	reason: `The progress could not be read or saved on this device: ${e instanceof Error ? e.message : String(e)}`
});

/**
 * Reads the text of an export file and works out what importing it would do (see `ImportPlan`),
 * changing nothing. A file that `readProgressFile` refuses gives `{ok: false, reason}`. Never
 * throws.
 */
export async function planImport(
	store: ProgressStore,
	text: string,
	mode: ImportMode = 'merge',
	now = new Date()
): Promise<ImportPlan | { ok: false; reason: string }> {
	const { readProgressFile } = await import('./schema');
	const read = readProgressFile(text, now);
	if (!read.ok) return read;
	try {
		const keptIds = new Set((await listAttempts(store)).map((a) => a.id));
		const mark = await store.resetMark();
		const attempts =
			mode === 'replace'
				? read.file.attempts
				: read.file.attempts.filter((a) => !keptIds.has(a.id));
		return {
			ok: true,
			mode,
			attempts,
			skipped: read.file.attempts.length - attempts.length,
			beforeReset: attempts.filter((a) => !afterReset(a, mark)).length,
			resetAt: mark?.resetAt ?? null,
			unknownFields: read.unknownFields,
			regraded: read.regraded
		};
	} catch (e) {
		return failed(e);
	}
}

/**
 * Carries out `plan` in one transaction: a merge adds the planned attempts still not kept (another
 * tab may have added some meanwhile), a replace keeps exactly the planned ones. A storage failure
 * gives `{ok: false, reason}` and changes NOTHING. Never throws.
 */
export async function carryOutImport(
	store: ProgressStore,
	plan: ImportPlan
): Promise<ImportResult> {
	try {
		const kept = await listAttempts(store);
		const keptIds = new Set(kept.map((a) => a.id));
		const replace = plan.mode === 'replace';
		const fresh = replace ? plan.attempts : plan.attempts.filter((a) => !keptIds.has(a.id));
		await store.write(fresh, replace);
		return {
			ok: true,
			added: fresh.length,
			skipped: plan.skipped + plan.attempts.length - fresh.length,
			total: replace ? fresh.length : kept.length + fresh.length,
			unknownFields: plan.unknownFields,
			regraded: plan.regraded
		};
	} catch (e) {
		return failed(e);
	}
}

/**
 * Imports the text of an export file at once (`planImport`, then `carryOutImport`). A file that
 * `readProgressFile` refuses, or a storage failure, gives `{ok: false, reason}` and changes
 * NOTHING (the write is one transaction, made only after the whole file was checked). Never throws.
 */
export async function importProgress(
	store: ProgressStore,
	text: string,
	mode: ImportMode = 'merge',
	now = new Date()
): Promise<ImportResult> {
	const plan = await planImport(store, text, mode, now);
	return plan.ok ? carryOutImport(store, plan) : plan;
}
