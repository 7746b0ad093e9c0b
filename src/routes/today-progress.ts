/**
 * What the home page's "Today" card reads from this device's progress, loaded on demand: every
 * answer kept, the skills spaced repetition (FSRS) says are due for review now, and the weakest
 * skill. Reading the records (and repairing old ones), FSRS and the skills' levels each load only
 * when the device keeps an answer, so a first visit downloads none of them.
 */
import type { Skill } from '$lib/payments';
import type { AttemptRecord } from '$lib/progress/types';

/** The card's data: the answers kept, the skills due now, the weakest skill (or null). */
export interface TodayProgress {
	attempts: AttemptRecord[];
	due: Skill[];
	weakest: Skill | null;
}

/** Reads the device's progress at `now`; rejects when the device's storage cannot be read. */
export async function readTodayProgress(now: Date): Promise<TodayProgress> {
	const { progressStore } = await import('$lib/progress/store');
	const store = progressStore();
	if ((await store.all()).length === 0) return { attempts: [], due: [], weakest: null };
	const { listAttempts } = await import('$lib/progress/progress');
	const attempts = await listAttempts(store);
	if (attempts.length === 0) return { attempts, due: [], weakest: null };
	const [{ skillSchedules }, { weakSpots }] = await Promise.all([
		import('$lib/progress/spaced'),
		import('$lib/progress/mastery')
	]);
	const due = skillSchedules(attempts, now)
		.filter((s) => s.dueNow)
		.map((s) => s.skill);
	return { attempts, due, weakest: weakSpots(attempts, 1)[0] ?? null };
}
