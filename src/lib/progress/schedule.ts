/**
 * Practice aimed at weak spots: spaced repetition per skill (not per question) with ts-fsrs. Each
 * skill is one card; every attempt at a question carrying the skill is a review of that card:
 * right = Good, right with hints = Hard, wrong or answer shown = Again.
 */
import { SKILLS, type Skill } from '$lib/payments';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import type { MisconceptionId } from '$lib/payments';
import { RECENT_WINDOW } from './stats';
import { byTime, isRight, type AttemptRecord } from './types';

const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: true }));

/** The spaced-repetition grade of one attempt: Again (wrong or shown), Hard (right with hints), Good. */
export function gradeOf(attempt: AttemptRecord): Grade {
	if (!isRight(attempt)) return Rating.Again;
	return attempt.hintsUsed > 0 ? Rating.Hard : Rating.Good;
}

/**
 * Where a skill stands: its ts-fsrs `card` after replaying every attempt, whether it is `dueNow`,
 * its `attempts`, `recentMisses` (misses among its last `RECENT_WINDOW` attempts) and `missStreak`
 * (misses in a row, counting back from the latest attempt).
 */
export interface SkillSchedule {
	skill: Skill;
	card: Card;
	dueNow: boolean;
	attempts: number;
	recentMisses: number;
	missStreak: number;
}

/** The schedule of every skill practised at least once, in `SKILLS` order. */
export function skillSchedules(attempts: readonly AttemptRecord[], now: Date): SkillSchedule[] {
	const ordered = byTime(attempts);
	const out: SkillSchedule[] = [];
	for (const skill of SKILLS) {
		const mine = ordered.filter((a) => a.scenario.skills.includes(skill));
		if (mine.length === 0) continue;
		let card = createEmptyCard(new Date(mine[0]!.at));
		for (const a of mine) card = scheduler.next(card, new Date(a.at), gradeOf(a)).card;
		const lastRight = mine.findLastIndex(isRight);
		out.push({
			skill,
			card,
			dueNow: card.due.getTime() <= now.getTime(),
			attempts: mine.length,
			recentMisses: mine.slice(-RECENT_WINDOW).filter((a) => !isRight(a)).length,
			missStreak: mine.length - 1 - lastRight
		});
	}
	return out;
}

/**
 * The skills to drill next, at most `count`: skills due now first, then the most missed recently,
 * then the earliest due. Only skills practised before and either due or missed recently are weak
 * spots; when there is none, the skills coming due soonest. Empty with no attempt at all.
 */
export function weakSpotPlan(attempts: readonly AttemptRecord[], now: Date, count = 3): Skill[] {
	const all = skillSchedules(attempts, now);
	const weak = all.filter((s) => s.dueNow || s.recentMisses > 0);
	const pool = weak.length > 0 ? weak : all;
	return pool
		.sort(
			(a, b) =>
				Number(b.dueNow) - Number(a.dueNow) ||
				b.recentMisses - a.recentMisses ||
				a.card.due.getTime() - b.card.due.getTime() ||
				SKILLS.indexOf(a.skill) - SKILLS.indexOf(b.skill)
		)
		.slice(0, Math.max(0, count))
		.map((s) => s.skill);
}

/** Misses in a row after which a skill first gets a worked example. */
export const WORKED_EXAMPLE_STREAK = 3;

/**
 * True when the learner missed `skill` (wrong or answer shown) on its last `WORKED_EXAMPLE_STREAK`
 * attempts or more in a row: the next question of that skill should be a worked example first.
 */
export function needsWorkedExample(attempts: readonly AttemptRecord[], skill: Skill): boolean {
	const mine = byTime(attempts).filter((a) => a.scenario.skills.includes(skill));
	const lastRight = mine.findLastIndex(isRight);
	return mine.length - 1 - lastRight >= WORKED_EXAMPLE_STREAK;
}

/**
 * The skills where each misconception can show (the rule it breaks lives there). Empty for
 * `winner-total-not-sum`, which can show on any question.
 */
export const MISCONCEPTION_SKILLS: Record<MisconceptionId, Skill[]> = {
	'jokerless-bonus-missed': ['jokerless'],
	'double-is-ceiling': ['jokerless'],
	'singles-and-pairs-bonus': ['singles-and-pairs'],
	'singles-and-pairs-no-double': ['singles-and-pairs'],
	'undeclared-bonus': ['undeclared-jokerless'],
	'joker-exchange-not-self-pick': ['joker-exchange'],
	'self-pick-not-doubled': ['self-pick'],
	'discarder-not-doubled': ['discard'],
	'everyone-pays-double-on-discard': ['discard'],
	'discarder-pays-for-table': ['discard'],
	'east-double': ['east'],
	'dead-hand-excused': ['dead-hand'],
	'misnamed-paid-as-discard': ['misnamed-discard'],
	'misnamed-wrong-multiple': ['misnamed-discard'],
	'wall-game-pays': ['wall-game'],
	'winner-total-not-sum': []
};

/** Which mistakes to look at: those of a skill and/or showing a misconception (both optional). */
export interface MistakeFilter {
	skill?: Skill | null;
	misconception?: MisconceptionId | null;
}

/** Attempts that count as mistakes (wrong or answer shown), matching `filter`, newest first. */
export function mistakes(attempts: readonly AttemptRecord[], filter: MistakeFilter = {}) {
	return byTime(attempts)
		.reverse()
		.filter(
			(a) =>
				!isRight(a) &&
				(!filter.skill || a.scenario.skills.includes(filter.skill)) &&
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
 * (the filter's skill; else the skills of the filter's misconception; else, per mistake, the skills
 * of the misconceptions it shows, or the question's skills for an unnamed slip), most frequent
 * first; the `misconceptions` those mistakes show, most frequent first (ties: the most recent
 * first); and the `mistakes`, newest first.
 */
export function roundFromMistakes(attempts: readonly AttemptRecord[], filter: MistakeFilter = {}) {
	const list = mistakes(attempts, filter);
	const mapped = filter.misconception ? MISCONCEPTION_SKILLS[filter.misconception] : [];
	let skills: Skill[];
	if (filter.skill) skills = [filter.skill];
	else if (mapped.length > 0) skills = [...mapped];
	else {
		const seen = list.flatMap((a) => {
			const named = a.misconceptions.flatMap((m) => MISCONCEPTION_SKILLS[m]);
			return named.length > 0 ? named : a.scenario.skills;
		});
		skills = byFrequency(seen, SKILLS);
	}
	const misconceptions = byFrequency(
		list.flatMap((a) => a.misconceptions),
		[...new Set(list.flatMap((a) => a.misconceptions))]
	);
	return { skills, misconceptions, mistakes: list };
}
