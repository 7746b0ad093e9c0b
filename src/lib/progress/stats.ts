/**
 * Progress statistics: per misconception (how often, when last) and accuracy per day (mastery per
 * skill is in ./mastery.ts). Pure functions of the attempt records.
 */
import { misconceptionTitle, type MisconceptionId } from '$lib/payments';
import { localDay } from './day';
import { byTime, isRight, type AttemptRecord } from './types';

/** How often a misconception showed and when it last did (ISO time). */
export interface MisconceptionStats {
	id: MisconceptionId;
	title: string;
	count: number;
	lastSeen: string;
}

/** The misconceptions the learner's answers showed, most frequent first (then most recent). */
export function misconceptionStats(attempts: readonly AttemptRecord[]): MisconceptionStats[] {
	const seen = new Map<MisconceptionId, MisconceptionStats>();
	for (const a of byTime(attempts)) {
		for (const id of a.misconceptions) {
			const entry = seen.get(id) ?? {
				id,
				title: misconceptionTitle(id),
				count: 0,
				lastSeen: a.at
			};
			entry.count += 1;
			entry.lastSeen = a.at;
			seen.set(id, entry);
		}
	}
	return [...seen.values()].sort(
		(x, y) => y.count - x.count || (x.lastSeen < y.lastSeen ? 1 : x.lastSeen > y.lastSeen ? -1 : 0)
	);
}

/** One day's results: `day` as YYYY-MM-DD, questions answered, answered right, accuracy 0..1. */
export interface DayAccuracy {
	day: string;
	attempts: number;
	right: number;
	accuracy: number;
}

/**
 * Accuracy per day with at least one attempt, oldest first. `dayOf` turns a time into a day key
 * (default: the local calendar day; tests pass a UTC one).
 */
export function accuracyByDay(
	attempts: readonly AttemptRecord[],
	dayOf: (date: Date) => string = localDay
): DayAccuracy[] {
	const days = new Map<string, DayAccuracy>();
	for (const a of byTime(attempts)) {
		const day = dayOf(new Date(a.at));
		const entry = days.get(day) ?? { day, attempts: 0, right: 0, accuracy: 0 };
		entry.attempts += 1;
		if (isRight(a)) entry.right += 1;
		entry.accuracy = entry.right / entry.attempts;
		days.set(day, entry);
	}
	return [...days.values()].sort((x, y) => (x.day < y.day ? -1 : 1));
}

/** How many times each key occurs, in order of first occurrence. */
export function countBy<T>(keys: readonly T[]): Map<T, number> {
	const n = new Map<T, number>();
	for (const k of keys) n.set(k, (n.get(k) ?? 0) + 1);
	return n;
}

/** Totals over every attempt: questions, right, accuracy 0..1 (0 with none). */
export function overall(attempts: readonly AttemptRecord[]) {
	const right = attempts.filter(isRight).length;
	return {
		attempts: attempts.length,
		right,
		accuracy: attempts.length ? right / attempts.length : 0
	};
}
