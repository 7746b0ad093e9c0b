/**
 * "Today" on the home page: how many questions the learner answered today against the daily goal
 * she set, and the streak of days the goal was met. The goal is kept on the device
 * (localStorage). Pure but for `readGoal`/`saveGoal`, which take the storage.
 */
import { localDay } from './day';
import type { AttemptRecord } from './types';

/** Where the daily goal is kept (localStorage). */
export const GOAL_KEY = 'mahjong-coach-daily-goal';
/** The goals offered, in questions a day. */
export const GOAL_CHOICES = [3, 5, 10, 20, 30] as const;

/** The goal kept in `storage` (questions a day, a whole number 1 to 100), or null when none. */
export function readGoal(storage: Pick<Storage, 'getItem'> | undefined): number | null {
	try {
		const n = Number(storage?.getItem(GOAL_KEY));
		return Number.isInteger(n) && n >= 1 && n <= 100 ? n : null;
	} catch {
		return null;
	}
}

/** Keeps `goal` in `storage`; false when the device refuses (private mode, full). */
export function saveGoal(storage: Pick<Storage, 'setItem'> | undefined, goal: number): boolean {
	try {
		storage?.setItem(GOAL_KEY, String(goal));
		return storage !== undefined;
	} catch {
		return false;
	}
}

/**
 * Where the learner stands today: `answered` questions today (every answered or shown question,
 * tried again or not), whether the `goal` is `met`, and `streak`, the days in a row the goal was
 * met, counting back from today (from yesterday while today's is not met yet). With no goal:
 * never met, streak 0. `dayOf` turns a time into a day key (default: the local day).
 */
export function todayStatus(
	attempts: readonly AttemptRecord[],
	goal: number | null,
	now: Date,
	dayOf: (date: Date) => string = localDay
): { answered: number; met: boolean; streak: number } {
	const perDay = new Map<string, number>();
	for (const a of attempts) {
		const day = dayOf(new Date(a.at));
		perDay.set(day, (perDay.get(day) ?? 0) + 1);
	}
	const answered = perDay.get(dayOf(now)) ?? 0;
	if (goal === null) return { answered, met: false, streak: 0 };
	const met = answered >= goal;
	const day = new Date(now);
	if (!met) day.setDate(day.getDate() - 1);
	let streak = 0;
	while ((perDay.get(dayOf(day)) ?? 0) >= goal) {
		streak += 1;
		day.setDate(day.getDate() - 1);
	}
	return { answered, met, streak };
}
