/**
 * Progress statistics: per skill (attempts, accuracy, mastery level), per misconception (how often,
 * when last) and accuracy per day. Pure functions of the attempt records.
 */
import {
	misconception,
	type MisconceptionId,
	SKILLS,
	SKILL_LABELS,
	type Skill
} from '$lib/payments';
import { byTime, isRight, type AttemptRecord } from './types';

/** Mastery levels, lowest first. */
export const MASTERY_LEVELS = ['not-started', 'familiar', 'proficient', 'mastered'] as const;
/** One mastery level. */
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

/** How many of a skill's most recent attempts the levels look at. */
export const RECENT_WINDOW = 10;
/** Proficient: at least this many attempts and this share of the recent ones right. */
export const PROFICIENT = { minAttempts: 5, minRecentAccuracy: 0.7 } as const;
/** Mastered: at least this many attempts and this share of the recent ones right. */
export const MASTERED = { minAttempts: 10, minRecentAccuracy: 0.9 } as const;

/** Plain-English names of the levels. */
export const MASTERY_LABELS: Record<MasteryLevel, string> = {
	'not-started': 'Not started',
	familiar: 'Familiar',
	proficient: 'Proficient',
	mastered: 'Mastered'
};

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The thresholds in words, one sentence per level (shown on /progress). */
export const MASTERY_RULES: Record<MasteryLevel, string> = {
	'not-started': 'no question of this skill answered yet.',
	familiar: 'at least 1 question answered.',
	proficient: `at least ${PROFICIENT.minAttempts} questions answered and ${pct(PROFICIENT.minRecentAccuracy)} or more of the last ${RECENT_WINDOW} right.`,
	mastered: `at least ${MASTERED.minAttempts} questions answered and ${pct(MASTERED.minRecentAccuracy)} or more of the last ${RECENT_WINDOW} right.`
};

/**
 * The level for a skill with `attempts` answers whose most recent ones (up to `RECENT_WINDOW`)
 * were right at the rate `recentAccuracy` (0..1).
 */
export function masteryLevel(attempts: number, recentAccuracy: number): MasteryLevel {
	if (attempts >= MASTERED.minAttempts && recentAccuracy >= MASTERED.minRecentAccuracy) {
		return 'mastered';
	}
	if (attempts >= PROFICIENT.minAttempts && recentAccuracy >= PROFICIENT.minRecentAccuracy) {
		return 'proficient';
	}
	return attempts > 0 ? 'familiar' : 'not-started';
}

/**
 * A skill's numbers: `attempts` (questions carrying the skill), `right` (answered right, see
 * `isRight`), `accuracy` and `recentAccuracy` (0..1 over all and over the last `RECENT_WINDOW`;
 * 0 with no attempt), the mastery `level` and `lastAt` (ISO time of the latest attempt, or null).
 */
export interface SkillStats {
	skill: Skill;
	label: string;
	attempts: number;
	right: number;
	accuracy: number;
	recentAccuracy: number;
	level: MasteryLevel;
	lastAt: string | null;
}

/** Statistics of every skill, in `SKILLS` order (skills never practised are 'not-started'). */
export function skillStats(attempts: readonly AttemptRecord[]): SkillStats[] {
	const ordered = byTime(attempts);
	return SKILLS.map((skill) => {
		const mine = ordered.filter((a) => a.scenario.skills.includes(skill));
		const right = mine.filter(isRight).length;
		const recent = mine.slice(-RECENT_WINDOW);
		const recentAccuracy = recent.length ? recent.filter(isRight).length / recent.length : 0;
		return {
			skill,
			label: SKILL_LABELS[skill],
			attempts: mine.length,
			right,
			accuracy: mine.length ? right / mine.length : 0,
			recentAccuracy,
			level: masteryLevel(mine.length, recentAccuracy),
			lastAt: mine.at(-1)?.at ?? null
		};
	});
}

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
				title: misconception(id).title,
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

/** The learner's local calendar day of a time, as YYYY-MM-DD. */
export function localDay(date: Date): string {
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
