import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { settle, isSettleFailure } from './index';

interface PublicCase {
	note: string;
	outcome: unknown;
	net?: Record<string, number>;
	error?: string;
}

/** The public cases, kept in the repository so a clone without `../shared` runs them too. */
const keptPath = fileURLToPath(new URL('./cases/payments.json', import.meta.url));
/** The spec's own copy, beside the repository in CI (`../shared/cases/payments.json`). */
const sharedPath = fileURLToPath(
	new URL('../../../../shared/cases/payments.json', import.meta.url)
);
const cases = JSON.parse(readFileSync(keptPath, 'utf8')) as PublicCase[];

describe('public cases (cases/payments.json)', () => {
	it('has cases to check', () => {
		expect(cases.length).toBeGreaterThan(0);
	});
	it.runIf(existsSync(sharedPath))(
		'are the spec’s current cases, when the spec is beside us',
		() => {
			expect(JSON.parse(readFileSync(sharedPath, 'utf8'))).toEqual(cases);
		}
	);
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
