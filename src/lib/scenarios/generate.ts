import {
	SEATS,
	type MisnamedDiscardOutcome,
	type Outcome,
	type Seat,
	type WinMethod,
	type WinOutcome,
	skillsOf,
	SKILLS,
	type Skill
} from '$lib/payments';
import { narrate, type TableDetails } from './narrative';
import { Rand } from './random';
import { buildHand, confusableTile, naturalTiles, suitTileNotIn } from './tiles';
import { type Scenario, type Tile } from './types';

/** What kind of question to build. */
type Plan = WinMethod | 'wall-game' | 'misnamed-discard';

/** The unrestricted mix of questions, in percent. */
const PLAN_WEIGHTS: readonly (readonly [Plan, number])[] = [
	['discard', 57],
	['self-pick', 25],
	['joker-exchange', 10],
	['wall-game', 4],
	['misnamed-discard', 4]
];

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
/** Jokers in a hand that holds at least one. */
const JOKER_COUNTS = [
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
const P_SINGLES_AND_PAIRS = 0.11;
/** Chance that a win that may hold jokers is jokerless. */
const P_JOKERLESS = 0.25;
/** Chance that a jokerless (not Singles and Pairs) winner forgets to declare it. */
const P_UNDECLARED = 0.18;

/** Skills that only a win carries, so the question must be a win. */
const WIN_SKILLS: readonly Skill[] = [
	'jokerless',
	'undeclared-jokerless',
	'singles-and-pairs',
	'dead-hand'
];

const others = (...seats: Seat[]): Seat[] => SEATS.filter((s) => !seats.includes(s));

function choosePlan(rand: Rand, target: Skill | null): Plan {
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

function chooseValue(rand: Rand, high: boolean, singlesAndPairs: boolean): number {
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

/** Dead seats among `candidates` in table order: none mostly, one sometimes, rarely two. */
function chooseDead(rand: Rand, candidates: Seat[], force: boolean, pDead: number): Seat[] {
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

interface Built {
	outcome: Outcome;
	details: TableDetails;
	groups: Tile[][];
}

function buildWin(rand: Rand, method: WinMethod, target: Skill | null): Built {
	let winner = rand.pick(SEATS);
	let discarder = method === 'discard' ? rand.pick(others(winner)) : undefined;
	if (target === 'east' && winner !== 'east' && discarder !== 'east') {
		if (discarder && rand.chance(0.5)) discarder = 'east';
		else winner = 'east';
	}
	const mustBeJokerless = target === 'jokerless' || target === 'undeclared-jokerless';
	const singlesAndPairs =
		target === 'singles-and-pairs' ||
		(!mustBeJokerless && method !== 'joker-exchange' && rand.chance(P_SINGLES_AND_PAIRS));
	const jokerless =
		singlesAndPairs || mustBeJokerless || (method !== 'joker-exchange' && rand.chance(P_JOKERLESS));
	const jokers = jokerless ? 0 : rand.weighted(JOKER_COUNTS);
	const undeclared =
		jokers === 0 &&
		!singlesAndPairs &&
		target !== 'jokerless' &&
		(target === 'undeclared-jokerless' || rand.chance(P_UNDECLARED));
	const value = chooseValue(rand, target === 'high-value', singlesAndPairs);
	const exclude = discarder ? [winner, discarder] : [winner];
	const dead = chooseDead(rand, others(...exclude), target === 'dead-hand', 0.15);

	// Optional fields only when they mean something, in the spec's order.
	const outcome: WinOutcome = {
		kind: 'win',
		value,
		winner,
		method,
		...(discarder ? { discarder } : {}),
		jokers,
		...(undeclared ? { declaredJokerless: false } : {}),
		...(singlesAndPairs ? { singlesAndPairs: true } : {}),
		...(dead.length > 0 ? { dead } : {})
	};

	const groups = buildHand(rand, { jokers, singlesAndPairs });
	let details: TableDetails;
	if (method === 'joker-exchange') {
		const exposureOf = rand.pick(others(winner, ...dead));
		details = { kind: 'joker-exchange', tile: suitTileNotIn(rand, groups), exposureOf };
	} else {
		details = { kind: method, tile: { ...rand.pick(naturalTiles(groups)) } };
	}
	return { outcome, details, groups };
}

function buildMisnamed(rand: Rand, target: Skill | null): Built {
	let caller = rand.pick(SEATS);
	let misnamer = rand.pick(others(caller));
	if (target === 'east' && caller !== 'east' && misnamer !== 'east') {
		if (rand.chance(0.5)) misnamer = 'east';
		else caller = 'east';
	}
	const singlesAndPairs = rand.chance(0.08);
	const value = chooseValue(rand, target === 'high-value', singlesAndPairs);
	const dead = chooseDead(rand, others(caller, misnamer), false, 0.1);
	const outcome: MisnamedDiscardOutcome = { kind: 'misnamed-discard', value, caller, misnamer };
	if (dead.length > 0) outcome.dead = dead;
	const jokers = singlesAndPairs
		? 0
		: rand.weighted([
				[0, 30],
				[1, 25],
				[2, 25],
				[3, 20]
			] as const);
	const groups = buildHand(rand, { jokers, singlesAndPairs });
	const nameable = naturalTiles(groups).filter((t) => t.kind !== 'flower');
	const named = { ...rand.pick(nameable) };
	const details: TableDetails = {
		kind: 'misnamed-discard',
		named,
		actual: confusableTile(rand, named)
	};
	return { outcome, details, groups };
}

/** The requested skills as a set in `SKILLS` order (unknown names dropped). */
function normalizeSkills(skills: readonly Skill[] | undefined): Skill[] {
	return skills ? SKILLS.filter((s) => skills.includes(s)) : [];
}

/**
 * Scenario `index` of `seed`: a valid outcome (`settle` never fails on it), its skills, a
 * narrative and the winner's (or caller's) 14-tile hand. Pure and deterministic: it depends only
 * on `seed`, `index` and `skills`, drawing from pure-rand's xoroshiro128+ seeded with a hash of
 * `${seed}:${index}`, so Node and the browser agree. When `skills` holds any known skill, the
 * scenario carries at least one of them (one is drawn for the index, then an outcome with it is
 * built). Throws a RangeError when `index` is not a whole number >= 0.
 */
export function generateScenario(seed: string, index: number, skills?: readonly Skill[]): Scenario {
	if (!Number.isSafeInteger(index) || index < 0) {
		throw new RangeError(`index must be a whole number >= 0 (got ${index})`);
	}
	const id = `${seed}:${index}`;
	const rand = new Rand(id);
	const wanted = normalizeSkills(skills);
	const target = wanted.length > 0 ? rand.pick(wanted) : null;
	const plan = choosePlan(rand, target);
	const built: Built =
		plan === 'wall-game'
			? { outcome: { kind: 'wall-game' }, details: { kind: 'wall-game' }, groups: [] }
			: plan === 'misnamed-discard'
				? buildMisnamed(rand, target)
				: buildWin(rand, plan, target);
	return {
		id,
		seed,
		index,
		outcome: built.outcome,
		skills: skillsOf(built.outcome),
		narrative: narrate(rand, built.outcome, built.details),
		groups: built.groups
	};
}

/** Options of `generateScenarios`: the `seed`, how many (`count`), and optional `skills` to practise. */
export interface GenerateOptions {
	seed: string;
	count: number;
	skills?: readonly Skill[];
}

/**
 * Scenarios 0 .. count-1 of `seed` (see `generateScenario`): scenario i is the same whatever
 * `count`. Throws a RangeError when `count` is not a whole number >= 0.
 */
export function generateScenarios({ seed, count, skills }: GenerateOptions): Scenario[] {
	if (!Number.isSafeInteger(count) || count < 0) {
		throw new RangeError(`count must be a whole number >= 0 (got ${count})`);
	}
	return Array.from({ length: count }, (_, i) => generateScenario(seed, i, skills));
}
