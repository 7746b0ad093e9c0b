/**
 * Mastery per skill, as docs/skills.md defines it: every answer is a miss for each skill it counts
 * against (exercised or not) and a success for the other skills its question exercised
 * (`skillMarks`), and the levels read the last 6 of them (the window). Pure functions of the
 * attempt records.
 */
import { SKILLS, SKILL_LABELS, skillMarks, type Skill } from '$lib/payments';
import { localDay } from './day';
import { byTime, type AttemptRecord } from './types';

/** The learner's calendar day (kept in `./day`; exported here as before). */
export { localDay };

/** Mastery levels, lowest first. */
export const MASTERY_LEVELS = [
	'not-started',
	'learning',
	'familiar',
	'proficient',
	'mastered'
] as const;
/** One mastery level. */
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

/** How many of a skill's latest successes and misses the levels read. */
export const MASTERY_WINDOW = 6;
/** Familiar: at least this many successes and misses, and this share of the window successes. */
export const FAMILIAR = { minMarks: 3, minShare: 0.7 } as const;
/** Proficient: the last this many are successes (Mastered: on at least 2 different days). */
export const PROFICIENT_RUN = 4;

/** The levels' names, as skills.md gives them. */
export const MASTERY_LABELS: Record<MasteryLevel, string> = {
	'not-started': 'Not started',
	learning: 'Learning',
	familiar: 'Familiar',
	proficient: 'Proficient',
	mastered: 'Mastered'
};

/** When each level is reached, in words (shown on /progress). */
export const MASTERY_RULES: Record<MasteryLevel, string> = {
	'not-started': 'no question of this skill answered yet.',
	learning: `fewer than ${FAMILIAR.minMarks} answers, or under 70% of the last ${MASTERY_WINDOW} right.`,
	familiar: `at least ${FAMILIAR.minMarks} answers, and at least 70% of the last ${MASTERY_WINDOW} right.`,
	proficient: `the last ${PROFICIENT_RUN} answers right.`,
	mastered: `the last ${PROFICIENT_RUN} answers right, on at least 2 different days.`
};

/** One success or miss of a skill: when (ISO 8601), and which attempt it came from. */
export interface SkillMark {
	at: string;
	attemptId: string;
	mark: 'success' | 'miss';
}

/**
 * Every skill's successes and misses, oldest first (skills.md): an answer is a miss for the
 * skills it counts against (whether or not its question exercised them), a success for the others
 * its question exercised; a revealed answer misses every one; a right answer reached after a hint,
 * or to a question tried again after its breakdown was shown (`triedAgain`), is left out.
 */
export function skillHistory(attempts: readonly AttemptRecord[]): Map<Skill, SkillMark[]> {
	const history = new Map<Skill, SkillMark[]>(SKILLS.map((s) => [s, []]));
	for (const a of byTime(attempts)) {
		for (const { skill, mark } of skillMarks(a, a.hintsUsed > 0 || a.triedAgain === true)) {
			history.get(skill)!.push({ at: a.at, attemptId: a.id, mark });
		}
	}
	return history;
}

/**
 * Where a skill stands: its `level`, the `window` it was worked out from (its last 6 marks:
 * `successes` of `size`), `marks` in all, the time of its latest `lastAt` mark and latest miss
 * (`lastMissAt`, null when none), and `counts`, the figures in words ("4 of the last 5 right").
 */
export interface SkillStats {
	skill: Skill;
	label: string;
	level: MasteryLevel;
	window: { successes: number; size: number };
	marks: number;
	lastAt: string | null;
	lastMissAt: string | null;
	counts: string;
}

/**
 * The level of a skill from its marks, oldest first (skills.md's table). `dayOf` turns a time
 * into a day key (default: the learner's local day; tests pass a UTC one).
 */
export function masteryLevel(
	marks: readonly SkillMark[],
	dayOf: (date: Date) => string = localDay
): MasteryLevel {
	if (marks.length === 0) return 'not-started';
	const run = marks.slice(-PROFICIENT_RUN);
	if (run.length === PROFICIENT_RUN && run.every((m) => m.mark === 'success')) {
		const days = new Set(run.map((m) => dayOf(new Date(m.at))));
		return days.size >= 2 ? 'mastered' : 'proficient';
	}
	const window = marks.slice(-MASTERY_WINDOW);
	const share = window.filter((m) => m.mark === 'success').length / window.length;
	return marks.length >= FAMILIAR.minMarks && share >= FAMILIAR.minShare ? 'familiar' : 'learning';
}

function countsText(level: MasteryLevel, successes: number, size: number): string {
	if (size === 0) return 'No question answered yet.';
	if (level === 'mastered') return `The last ${PROFICIENT_RUN} right, on 2 or more days.`;
	if (level === 'proficient') return `The last ${PROFICIENT_RUN} right, all on one day.`;
	return size === 1 ? `${successes} of 1 right.` : `${successes} of the last ${size} right.`;
}

/** Where every skill stands, in `SKILLS` order (skills never practised are 'not-started'). */
export function skillStats(
	attempts: readonly AttemptRecord[],
	dayOf: (date: Date) => string = localDay
): SkillStats[] {
	const history = skillHistory(attempts);
	return SKILLS.map((skill) => {
		const marks = history.get(skill)!;
		const window = marks.slice(-MASTERY_WINDOW);
		const successes = window.filter((m) => m.mark === 'success').length;
		const level = masteryLevel(marks, dayOf);
		return {
			skill,
			label: SKILL_LABELS[skill],
			level,
			window: { successes, size: window.length },
			marks: marks.length,
			lastAt: marks.at(-1)?.at ?? null,
			lastMissAt: marks.findLast((m) => m.mark === 'miss')?.at ?? null,
			counts: countsText(level, successes, window.length)
		};
	});
}

/**
 * The weak spots (skills.md): skills at Learning or Familiar with a miss in their window, weakest
 * first (lower level first, then the most recent miss first), at most `count`.
 */
export function weakSpots(
	attempts: readonly AttemptRecord[],
	count = Infinity,
	dayOf: (date: Date) => string = localDay
): Skill[] {
	const history = skillHistory(attempts);
	return skillStats(attempts, dayOf)
		.filter(
			(s) =>
				(s.level === 'learning' || s.level === 'familiar') &&
				history
					.get(s.skill)!
					.slice(-MASTERY_WINDOW)
					.some((m) => m.mark === 'miss')
		)
		.sort(
			(a, b) =>
				MASTERY_LEVELS.indexOf(a.level) - MASTERY_LEVELS.indexOf(b.level) ||
				(a.lastMissAt! < b.lastMissAt! ? 1 : a.lastMissAt! > b.lastMissAt! ? -1 : 0) ||
				SKILLS.indexOf(a.skill) - SKILLS.indexOf(b.skill)
		)
		.slice(0, count)
		.map((s) => s.skill);
}
