/**
 * The ledgers kept on the device: what is read back is checked (a damaged or older entry is
 * skipped), listed newest first; the memory store keeps copies.
 */
import { describe, expect, it } from 'vitest';
import { readSavedNight, savedNights } from './saved';
import { memoryLedgerStore, type SavedNight } from './store';

const night = { players: ['Ann', 'Bea', 'Cy', 'Di'], pie: null, house: [], hands: [] };
const saved = (id: string, createdAt: string): SavedNight => ({
	version: 1,
	id,
	createdAt,
	updatedAt: createdAt,
	night
});

describe('the ledger store', () => {
	it('lists the nights that can be read, newest first', async () => {
		const store = memoryLedgerStore();
		await store.put(saved('a', '2026-11-01T20:00:00Z'));
		await store.put(saved('b', '2026-12-01T20:00:00Z'));
		const all = [
			...(await store.all()),
			{ version: 2, id: 'c' },
			null,
			{ ...saved('d', 'x'), night: { players: [] } }
		];
		expect(savedNights(all).map((s) => s.id)).toEqual(['b', 'a']);
		await store.remove('a');
		expect(savedNights(await store.all()).map((s) => s.id)).toEqual(['b']);
	});

	it('reads a kept night back as it was', () => {
		const kept = saved('a', '2026-11-01T20:00:00Z');
		expect(readSavedNight(JSON.parse(JSON.stringify(kept)))).toEqual(kept);
		expect(readSavedNight('a')).toBeNull();
	});
});
