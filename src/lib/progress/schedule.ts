/**
 * Practice aimed at weak spots (shared/spec/skills.md): the weak spots first, then spaced
 * repetition per skill (not per question) with ts-fsrs. Each skill is one card; each success or
 * miss of the skill (`skillHistory`) is a review of that card: a success is Good, a miss Again.
 */
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card } from 'ts-fsrs';
import { MISCONCEPTION_SKILLS, SKILLS, type MisconceptionId, type Skill } from '$lib/payments';
import { localDay, skillHistory, weakSpots } from './mastery';
import { byTime, isRight, type AttemptRecord } from './types';

const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: true }));

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
			card = scheduler.next(card, new Date(m.at), rating).card;
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

/** Misses in a row after which a skill first gets a worked example. */
export const WORKED_EXAMPLE_STREAK = 3;

/**
 * True when the learner missed `skill` on its last `WORKED_EXAMPLE_STREAK` successes and misses
 * or more in a row (skills.md: only answers that count against it): the next question of that
 * skill should be a worked example first.
 */
export function needsWorkedExample(attempts: readonly AttemptRecord[], skill: Skill): boolean {
	const marks = skillHistory(attempts).get(skill) ?? [];
	const lastSuccess = marks.findLastIndex((m) => m.mark === 'success');
	return marks.length - 1 - lastSuccess >= WORKED_EXAMPLE_STREAK;
}

/** Which mistakes to look at: those against a skill and/or showing a misconception (both optional). */
export interface MistakeFilter {
	skill?: Skill | null;
	misconception?: MisconceptionId | null;
}

/**
 * Attempts that count as mistakes (wrong or answer shown) matching `filter`, newest first: with a
 * skill, those that count against it (skills.md), with a misconception, those that show it.
 */
export function mistakes(attempts: readonly AttemptRecord[], filter: MistakeFilter = {}) {
	return byTime(attempts)
		.reverse()
		.filter(
			(a) =>
				!isRight(a) &&
				(!filter.skill || a.skills.includes(filter.skill)) &&
				(!filter.misconception || a.misconceptions.includes(filter.misconception))
		);
}

/** Keys by how often they occur, most first (ties in `order`). */
function byFrequency<T>(items: T[], order: readonly T[]): T[] {
	const n = new Map<T, number>();
	for (const x of items) n.set(x, (n.get(x) ?? 0) + 1);
	return [...n.keys()].sort((a, b) => n.get(b)! - n.get(a)! || order.indexOf(a) - order.indexOf(b));
}

/**
 * What a "Practise these" round drills, built from the mistakes matching `filter`: the `skills`
 * (the filter's skill; else the skill the filter's misconception counts against; else the skills
 * the mistakes count against, most frequent first); the `misconceptions` those mistakes show,
 * most frequent first (ties: the most recent first); and the `mistakes`, newest first.
 */
export function roundFromMistakes(attempts: readonly AttemptRecord[], filter: MistakeFilter = {}) {
	const list = mistakes(attempts, filter);
	let skills: Skill[];
	if (filter.skill) skills = [filter.skill];
	else if (filter.misconception && filter.misconception !== 'winner-total-not-sum') {
		skills = [MISCONCEPTION_SKILLS[filter.misconception]];
	} else
		skills = byFrequency(
			list.flatMap((a) => a.skills),
			SKILLS
		);
	const misconceptions = byFrequency(
		list.flatMap((a) => a.misconceptions),
		[...new Set(list.flatMap((a) => a.misconceptions))]
	);
	return { skills, misconceptions, mistakes: list };
}
