import { describe, expect, it } from 'vitest';
import { RELOAD_GAP_MS, reloadInPlace, takeReloadIntent, type ReloadHost } from './reload';

/** A tab: its storage, its page and clock, and how many times it reloaded. */
function tab(page = '/practice?seed=a') {
	const items = new Map<string, string>();
	const host = {
		clock: 1_000_000,
		reloads: 0,
		storage: {
			getItem: (key: string) => items.get(key) ?? null,
			setItem: (key: string, value: string) => void items.set(key, value),
			removeItem: (key: string) => void items.delete(key)
		},
		page,
		reload: () => void (host.reloads += 1),
		now: () => host.clock
	};
	return host satisfies ReloadHost;
}

describe('reloadInPlace and takeReloadIntent', () => {
	it('reloads, and gives the intent back once to the same page', () => {
		const host = tab();
		expect(reloadInPlace([{ type: 'answer.reveal' }], host)).toBe(true);
		expect(host.reloads).toBe(1);
		expect(takeReloadIntent(host)).toEqual([{ type: 'answer.reveal' }]);
		expect(takeReloadIntent(host)).toBeUndefined();
	});

	it('never reloads the same page twice within the gap, so a stuck part cannot loop', () => {
		const host = tab();
		reloadInPlace('check', host);
		takeReloadIntent(host);
		host.clock += RELOAD_GAP_MS - 1;
		expect(reloadInPlace('check', host)).toBe(false);
		host.clock += 2;
		expect(reloadInPlace('check', host)).toBe(true);
		expect(host.reloads).toBe(2);
	});

	it('gives nothing to another page, nor after the gap', () => {
		const host = tab();
		reloadInPlace('check', host);
		expect(takeReloadIntent({ ...host, page: '/learn/discard' })).toBeUndefined();
		host.clock += RELOAD_GAP_MS + 1;
		expect(takeReloadIntent(host)).toBeUndefined();
	});

	it('does not reload a tab that cannot keep the intent', () => {
		const host = { ...tab(), storage: undefined };
		expect(reloadInPlace('check', host)).toBe(false);
	});
});
