import { describe, expect, it } from 'vitest';
import { attempt, rightDiscard, discardJokerless } from './test-fixtures';
import { GOAL_KEY, readGoal, saveGoal, todayStatus } from './today';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const at = (day: number, hour = 12) => new Date(Date.UTC(2025, 2, day, hour));
const onDay = (day: number, n: number) =>
	Array.from({ length: n }, (_, i) =>
		attempt(discardJokerless, rightDiscard, { at: at(day, 8 + i) })
	);

describe('today and the streak', () => {
	it('counts today’s questions against the goal and the days in a row it was met', () => {
		const attempts = [...onDay(1, 3), ...onDay(3, 3), ...onDay(4, 5), ...onDay(5, 2)];
		// Day 5 not met yet: the streak counts back from day 4 (days 3 and 4; day 2 had none).
		expect(todayStatus(attempts, 3, at(5, 20), utcDay)).toEqual({
			answered: 2,
			met: false,
			streak: 2
		});
		const more = [...attempts, ...onDay(5, 1)];
		expect(todayStatus(more, 3, at(5, 21), utcDay)).toEqual({ answered: 3, met: true, streak: 3 });
		expect(todayStatus(more, 5, at(5, 21), utcDay)).toEqual({ answered: 3, met: false, streak: 1 });
		expect(todayStatus(more, null, at(5, 21), utcDay)).toEqual({
			answered: 3,
			met: false,
			streak: 0
		});
		expect(todayStatus([], 3, at(5), utcDay)).toEqual({ answered: 0, met: false, streak: 0 });
	});

	it('keeps the goal on the device, and reads anything else as no goal', () => {
		const kept = new Map<string, string>();
		const storage = {
			getItem: (k: string) => kept.get(k) ?? null,
			setItem: (k: string, v: string) => void kept.set(k, v)
		};
		expect(readGoal(storage)).toBeNull();
		expect(saveGoal(storage, 10)).toBe(true);
		expect(readGoal(storage)).toBe(10);
		kept.set(GOAL_KEY, 'lots');
		expect(readGoal(storage)).toBeNull();
		kept.set(GOAL_KEY, '0');
		expect(readGoal(storage)).toBeNull();
		expect(saveGoal(undefined, 5)).toBe(false);
	});
});
