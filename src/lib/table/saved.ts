/**
 * Reading back the nights kept on the device (./store) strictly: a damaged value, or one of
 * another version, is left out. Apart from the store so that a page can learn whether any night
 * is kept without loading the ledger's reader.
 */
import { readNight } from '$lib/ledger';
import { SAVED_NIGHT_VERSION, type SavedNight } from './store';

/** A kept value as a saved night, or null when it is damaged or of another version. */
export function readSavedNight(value: unknown): SavedNight | null {
	if (typeof value !== 'object' || value === null) return null;
	const v = value as Partial<SavedNight>;
	if (v.version !== SAVED_NIGHT_VERSION || typeof v.id !== 'string') return null;
	if (typeof v.createdAt !== 'string' || typeof v.updatedAt !== 'string') return null;
	const read = readNight(v.night);
	if ('error' in read) return null;
	return {
		version: SAVED_NIGHT_VERSION,
		id: v.id,
		createdAt: v.createdAt,
		updatedAt: v.updatedAt,
		night: read.night,
		...(v.unit === 'money' ? { unit: 'money' as const } : {})
	};
}

/** The saved nights of `values` that can be read, newest first (by when they began). */
export function savedNights(values: readonly unknown[]): SavedNight[] {
	return values
		.map(readSavedNight)
		.filter((s) => s !== null)
		.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
