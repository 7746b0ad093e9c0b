/**
 * The mix of questions: how often each kind of question, joker count, flag, dead hand and value
 * is drawn (realistic proportions), and how a target skill narrows the draw.
 */
import { HIGH_VALUE, SEATS, type Seat, type Skill, type WinMethod } from '$lib/payments';
import type { Rand } from './random';

/** What kind of question to build. */
export type Plan = WinMethod | 'wall-game' | 'misnamed-discard';

/** The unrestricted mix of questions, in percent. */
const PLAN_WEIGHTS: readonly (readonly [Plan, number])[] = [
	['discard', 57],
	['self-pick', 25],
	['joker-exchange', 10],
	['wall-game', 4],
	['misnamed-discard', 4]
];

/** Jokers in a hand that holds at least one. */
export const JOKER_COUNTS = [
	[1, 25],
	[2, 30],
	[3, 20],
	[4, 12],
	[5, 7],
	[6, 3],
	[7, 2],
	[8, 1]
] as const;

/** Chance that a win is Singles and Pairs when it may be (not a joker exchange). */
export const P_SINGLES_AND_PAIRS = 0.11;
/** Chance that a win that may hold jokers is jokerless. */
export const P_JOKERLESS = 0.25;
/** Chance that a jokerless (not Singles and Pairs) winner forgets to declare it. */
export const P_UNDECLARED = 0.18;

/** Skills that only a win carries, so the question must be a win. */
const WIN_SKILLS: readonly Skill[] = [
	'jokerless',
	'undeclared-jokerless',
	'singles-and-pairs',
	'dead-hand'
];

/** The kind of question for `target`: one that can exercise it (any, in the natural mix). */
export function choosePlan(rand: Rand, target: Skill | null): Plan {
	if (target === 'wall-game' || target === 'misnamed-discard') return target;
	if (target === 'discard' || target === 'self-pick' || target === 'joker-exchange') return target;
	const allowed = PLAN_WEIGHTS.filter(([plan]) => {
		if (target === null) return true;
		if (target === 'dead-hand') return plan !== 'wall-game' && plan !== 'misnamed-discard';
		if (WIN_SKILLS.includes(target)) return plan === 'discard' || plan === 'self-pick';
		return plan !== 'wall-game'; // 'east' and 'high-value'
	});
	return rand.weighted(allowed);
}

/** Dead seats among `candidates` in table order: none mostly, one sometimes, rarely two. */
export function chooseDead(rand: Rand, candidates: Seat[], force: boolean, pDead: number): Seat[] {
	const count = force
		? rand.weighted([
				[1, 9],
				[2, 1]
			] as const)
		: rand.chance(pDead)
			? rand.weighted([
					[1, 87],
					[2, 13]
				] as const)
			: 0;
	const dead = rand.shuffle(candidates).slice(0, Math.min(count, candidates.length));
	return SEATS.filter((s) => dead.includes(s));
}

/** Values in points: mostly 25..50, some 55..75, rarely up to 100. */
const COMMON_VALUES = [
	[25, 22],
	[30, 22],
	[35, 16],
	[40, 14],
	[45, 10],
	[50, 16]
] as const;
const HIGH_VALUES = [
	[55, 15],
	[60, 25],
	[65, 20],
	[70, 15],
	[75, 25]
] as const;
const TOP_VALUES = [
	[80, 3],
	[85, 3],
	[90, 2],
	[100, 2]
] as const;
/** Singles and Pairs hands are dearer on the card. */
const SINGLES_AND_PAIRS_VALUES = [
	[50, 50],
	[75, 40],
	[85, 10]
] as const;

/** The lowest value, in points, of a stretched draw that need not be high. */
const STRETCH_LOW = 25;
/** The highest value, in points, the engine accepts (payments.md, `value-invalid`). */
const STRETCH_HIGH = 1000;

/** How a hand's value is drawn. */
export interface ValueOptions {
	/** The question must exercise `high-value`: the value is `HIGH_VALUE` (55) or more. */
	high: boolean;
	/** A Singles and Pairs hand (dearer on the card). */
	singlesAndPairs: boolean;
	/**
	 * Go beyond the realistic table: any whole value from 25 (55 when `high`) to 1000 points. A
	 * round uses it only once redraws keep repeating outcomes (a single skill asked many times).
	 */
	stretch: boolean;
}

/**
 * A hand's value in points. Realistic (the default): mostly 25..50, some 55..75, rarely up to 100,
 * all multiples of 5; Singles and Pairs 50, 75 or 85; `high` keeps it at 55 or more. `stretch`:
 * uniform over the whole numbers from 25 (or 55) to 1000.
 */
export function chooseValue(rand: Rand, { high, singlesAndPairs, stretch }: ValueOptions): number {
	if (stretch) return rand.int(high ? HIGH_VALUE : STRETCH_LOW, STRETCH_HIGH);
	if (singlesAndPairs) {
		return high
			? rand.weighted([
					[75, 80],
					[85, 20]
				] as const)
			: rand.weighted(SINGLES_AND_PAIRS_VALUES);
	}
	const band = high
		? rand.weighted([
				['high', 85],
				['top', 15]
			] as const)
		: rand.weighted([
				['common', 80],
				['high', 17],
				['top', 3]
			] as const);
	return rand.weighted(
		band === 'common' ? COMMON_VALUES : band === 'high' ? HIGH_VALUES : TOP_VALUES
	);
}
