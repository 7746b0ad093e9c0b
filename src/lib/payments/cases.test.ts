import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { settle, isSettleFailure } from './index';

interface PublicCase {
	note: string;
	outcome: unknown;
	net?: Record<string, number>;
	error?: string;
}

const casesPath = fileURLToPath(new URL('../../../../shared/cases/payments.json', import.meta.url));
const cases = JSON.parse(readFileSync(casesPath, 'utf8')) as PublicCase[];

describe('public cases (shared/cases/payments.json)', () => {
	it('has cases to check', () => {
		expect(cases.length).toBeGreaterThan(0);
	});
	it.each(cases.map((c) => [c.note, c] as const))('%s', (_note, c) => {
		const result = settle(c.outcome);
		if (c.error) {
			expect(isSettleFailure(result) && result.error.code).toBe(c.error);
		} else {
			expect(isSettleFailure(result)).toBe(false);
			if (!isSettleFailure(result)) expect(result.net).toEqual(c.net);
		}
	});
});
