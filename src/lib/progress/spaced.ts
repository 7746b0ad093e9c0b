/**
 * "Practise my weak spots" (docs/skills.md): the weak spots first, then spaced repetition
 * per skill (not per question) with ts-fsrs. Each skill is one card; each success or miss of the
 * skill (`skillHistory`) is a review of that card: a success is Good, a miss Again. Only the
 * practice page loads this module (when it plans a weak-spots round), so the pages that list
 * progress do not ship ts-fsrs.
 */
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card } from 'ts-fsrs';
import { SKILLS, type Skill } from '$lib/payments';
import { localDay, skillHistory, weakSpots } from './mastery';
import { newSeed, unitOf, withSkills } from './params';
import { needsWorkedExample } from './schedule';
import type { AttemptRecord } from './types';

let scheduler: ReturnType<typeof fsrs> | undefined;
/** The ts-fsrs scheduler, made on first use (no work when the module is only imported). */
const schedulerOf = () =>
	(scheduler ??= fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: true })));

/** Questions in a weak-spots round. */
export const WEAK_ROUND_SIZE = 10;
/** Skills a weak-spots round focuses on. */
export const WEAK_ROUND_SKILLS = 3;

/**
 * Where a skill stands for spaced repetition: its ts-fsrs `card` after replaying every success
 * and miss, whether it is `dueNow`, its `marks` (successes and misses) and `missStreak` (misses in
 * a row, counting back from the latest).
 */
export interface SkillSchedule {
	skill: Skill;
	card: Card;
	dueNow: boolean;
	marks: number;
	missStreak: number;
}

/** The schedule of every skill with at least one success or miss, in `SKILLS` order. */
export function skillSchedules(attempts: readonly AttemptRecord[], now: Date): SkillSchedule[] {
	const out: SkillSchedule[] = [];
	for (const [skill, marks] of skillHistory(attempts)) {
		if (marks.length === 0) continue;
		let card = createEmptyCard(new Date(marks[0]!.at));
		for (const m of marks) {
			const rating = m.mark === 'success' ? Rating.Good : Rating.Again;
			card = schedulerOf().next(card, new Date(m.at), rating).card;
		}
		const lastSuccess = marks.findLastIndex((m) => m.mark === 'success');
		out.push({
			skill,
			card,
			dueNow: card.due.getTime() <= now.getTime(),
			marks: marks.length,
			missStreak: marks.length - 1 - lastSuccess
		});
	}
	return out;
}

/**
 * What "Practise my weak spots" drills at `now`, at most `count` skills (skills.md): the weak
 * spots (`weakSpots`, weakest first); when there are none, the skills spaced repetition says are
 * due (earliest due first). Empty with no attempt at all, or nothing weak and nothing due (the
 * page then offers a mixed round).
 */
export function weakSpotPlan(
	attempts: readonly AttemptRecord[],
	now: Date,
	count = 3,
	dayOf: (date: Date) => string = localDay
): Skill[] {
	const weak = weakSpots(attempts, count, dayOf);
	if (weak.length > 0) return weak;
	const all = skillSchedules(attempts, now);
	return all
		.filter((s) => s.dueNow)
		.sort(
			(a, b) =>
				a.card.due.getTime() - b.card.due.getTime() ||
				SKILLS.indexOf(a.skill) - SKILLS.indexOf(b.skill)
		)
		.slice(0, Math.max(0, count))
		.map((s) => s.skill);
}

/**
 * The parameters of a "Practise my weak spots" round at `now`: `mode=weak`, a new `seed`, the
 * skills of `weakSpotPlan` (none with no history: then a mixed round), `n` = 10, the `unit` of
 * the latest attempt, and `worked=<skill>` for the first planned skill that needs a worked example.
 */
export function weakRoundParams(
	attempts: readonly AttemptRecord[],
	now: Date,
	seed = newSeed()
): URLSearchParams {
	const params = new URLSearchParams({ mode: 'weak', seed });
	const plan = weakSpotPlan(attempts, now, WEAK_ROUND_SKILLS);
	withSkills(params, plan);
	params.set('n', String(WEAK_ROUND_SIZE));
	params.set('unit', unitOf(attempts));
	const worked = plan.find((s) => needsWorkedExample(attempts, s));
	if (worked) params.set('worked', worked);
	return params;
}
