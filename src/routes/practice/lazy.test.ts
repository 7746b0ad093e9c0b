import { describe, expect, it } from 'vitest';
import { lazy } from './lazy';

describe('lazy', () => {
	it('imports once while it succeeds', async () => {
		let calls = 0;
		const load = lazy(async () => ++calls);
		expect(await load()).toBe(1);
		expect(await load()).toBe(1);
		expect(calls).toBe(1);
	});

	it('tries again after a failure, and the failure is not left unhandled', async () => {
		let calls = 0;
		const load = lazy(async () => {
			calls += 1;
			if (calls === 1) throw new Error('offline');
			return calls;
		});
		const first = load();
		await expect(first).rejects.toThrow('offline');
		expect(await load()).toBe(2);
		expect(load()).toBe(load());
	});
});
