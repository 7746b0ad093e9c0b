import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepAfter } from './clicker';

describe('stepAfter', () => {
	it('moves on with a clicker’s keys and back, Home to the answers, End to every step', () => {
		expect(stepAfter('PageDown', 0, 5)).toBe(1);
		expect(stepAfter('ArrowRight', 1, 5)).toBe(2);
		expect(stepAfter(' ', 2, 5)).toBe(3);
		expect(stepAfter('PageUp', 3, 5)).toBe(2);
		expect(stepAfter('ArrowLeft', 2, 5)).toBe(1);
		expect(stepAfter('Home', 4, 5)).toBe(0);
		expect(stepAfter('End', 0, 5)).toBe(5);
		expect(stepAfter('a', 2, 5)).toBeNull();
		expect(stepAfter('Enter', 2, 5)).toBeNull();
	});

	it('never leaves 0..total', () => {
		const keys = fc.constantFrom('PageDown', 'PageUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End');
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 30 }), fc.array(keys), (total, pressed) => {
				let step = 0;
				for (const key of pressed) {
					step = stepAfter(key, step, total)!;
					expect(step).toBeGreaterThanOrEqual(0);
					expect(step).toBeLessThanOrEqual(total);
				}
			})
		);
	});
});
