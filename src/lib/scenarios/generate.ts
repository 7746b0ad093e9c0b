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
import { buildHand } from './hands';
import { confusableTile, naturalTiles, suitTileNotIn } from './tiles';
import { chooseTrap } from './traps';
import { type Scenario, type ScenarioTrap, type Tile } from './types';
import {
	JOKER_COUNTS,
	P_JOKERLESS,
	P_SINGLES_AND_PAIRS,
	P_UNDECLARED,
	chooseDead,
	choosePlan,
	chooseValue
} from './mix';

const others = (...seats: Seat[]): Seat[] => SEATS.filter((s) => !seats.includes(s));

/** The table details of a win. */
type WinDetails = Extract<TableDetails, { kind: WinMethod }>;

interface Built {
	outcome: Outcome;
	details: TableDetails;
	groups: Tile[][];
	trap?: ScenarioTrap;
}

/** What one draw works with. */
interface Context {
	rand: Rand;
	/** The trap's own generator. */
	trapRand: Rand;
	target: Skill | null;
	stretch: boolean;
	/** The round's test of the outcome, before the hand and story are drawn. */
	accept: (outcome: Outcome) => boolean;
}

function buildWin(
	{ rand, trapRand, target, stretch, accept }: Context,
	method: WinMethod
): Built | null {
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
	const value = chooseValue(rand, { high: target === 'high-value', singlesAndPairs, stretch });
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
	if (!accept(outcome)) return null;

	const groups = buildHand(rand, { jokers, singlesAndPairs });
	let details: WinDetails;
	let winning: Tile | null = null;
	if (method === 'joker-exchange') {
		const exposureOf = rand.pick(others(winner, ...dead));
		details = { kind: 'joker-exchange', tile: suitTileNotIn(rand, groups), exposureOf };
	} else {
		winning = { ...rand.pick(naturalTiles(groups)) };
		details = { kind: method, tile: winning };
	}
	// The trap draws from its own generator, so a question without one is drawn as before.
	const trap = chooseTrap(trapRand, outcome, groups, winning);
	if (!trap) return { outcome, details, groups };
	return { outcome, details: { ...details, trap }, groups, trap };
}

function buildWallGame({ accept }: Context): Built | null {
	const outcome: Outcome = { kind: 'wall-game' };
	return accept(outcome) ? { outcome, details: { kind: 'wall-game' }, groups: [] } : null;
}

function buildMisnamed({ rand, target, stretch, accept }: Context): Built | null {
	let caller = rand.pick(SEATS);
	let misnamer = rand.pick(others(caller));
	if (target === 'east' && caller !== 'east' && misnamer !== 'east') {
		if (rand.chance(0.5)) misnamer = 'east';
		else caller = 'east';
	}
	const singlesAndPairs = rand.chance(0.08);
	const value = chooseValue(rand, { high: target === 'high-value', singlesAndPairs, stretch });
	const dead = chooseDead(rand, others(caller, misnamer), false, 0.1);
	const outcome: MisnamedDiscardOutcome = { kind: 'misnamed-discard', value, caller, misnamer };
	if (dead.length > 0) outcome.dead = dead;
	if (!accept(outcome)) return null;
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
export function normalizeSkills(skills: readonly Skill[] | undefined): Skill[] {
	return skills ? SKILLS.filter((s) => skills.includes(s)) : [];
}

/** How a round draws one question again (see `drawScenario`). */
export interface DrawOptions {
	/** 0 for the first draw; 1, 2, ... draw it again from other keys (`${id}~${draw}`). */
	draw?: number;
	/** Draw the value beyond the realistic table: 25 (55 for `high-value`) to 1000 points. */
	stretch?: boolean;
	/**
	 * Tests the outcome as soon as it is drawn: when false, `drawScenario` answers null without
	 * drawing the hand and the story (a round refuses an outcome it already asked, cheaply).
	 */
	accept?: (outcome: Outcome) => boolean;
}

/**
 * Question `index` of `seed` as `generateScenario` draws it, or drawn again: draw 0 (the default)
 * is `generateScenario(seed, index, skills)` itself; draw d > 0 draws from the key
 * `${seed}:${index}~${d}` instead of `${seed}:${index}`, and `stretch` draws the value beyond the
 * realistic table. The trap (P8, P4) draws from the key with `|trap` added, so a question without
 * one is drawn exactly as before traps existed. The `id` is `${seed}:${index}` whatever the draw.
 * Null only when `accept` refuses the outcome. A round (`generateRound`) draws again a question
 * that repeats an earlier outcome. Throws a RangeError when `index` or `draw` is not a whole
 * number >= 0.
 */
export function drawScenario(
	seed: string,
	index: number,
	skills: readonly Skill[] | undefined,
	{ draw = 0, stretch = false, accept = () => true }: DrawOptions = {}
): Scenario | null {
	if (!Number.isSafeInteger(index) || index < 0) {
		throw new RangeError(`index must be a whole number >= 0 (got ${index})`);
	}
	if (!Number.isSafeInteger(draw) || draw < 0) {
		throw new RangeError(`draw must be a whole number >= 0 (got ${draw})`);
	}
	const id = `${seed}:${index}`;
	const key = draw === 0 ? id : `${id}~${draw}`;
	const rand = new Rand(key);
	const wanted = normalizeSkills(skills);
	const target = wanted.length > 0 ? rand.pick(wanted) : null;
	const plan = choosePlan(rand, target);
	const context: Context = { rand, trapRand: new Rand(`${key}|trap`), target, stretch, accept };
	const built =
		plan === 'wall-game'
			? buildWallGame(context)
			: plan === 'misnamed-discard'
				? buildMisnamed(context)
				: buildWin(context, plan);
	if (!built) return null;
	const scenario: Scenario = {
		id,
		seed,
		index,
		outcome: built.outcome,
		skills: skillsOf(built.outcome),
		narrative: narrate(rand, built.outcome, built.details),
		groups: built.groups
	};
	if (built.trap) scenario.trap = built.trap;
	return scenario;
}

/**
 * Scenario `index` of `seed`: a valid outcome (`settle` never fails on it), its skills, a
 * narrative and the winner's (or caller's) 14-tile hand, sometimes with a trap of the rules (P8
 * for a jokerless win, P4 for a joker exchange: see `ScenarioTrap`). Pure and deterministic: it
 * depends only on `seed`, `index` and `skills`, drawing from pure-rand's xoroshiro128+ seeded
 * with a hash of `${seed}:${index}`, so Node and the browser agree. When `skills` holds any known
 * skill, the scenario carries at least one of them (one is drawn for the index, then an outcome
 * with it is built). Values are realistic (25 to 100 points). This is one question on its own: a
 * round (`generateRound`) builds on it and also keeps its outcomes different. Throws a RangeError
 * when `index` is not a whole number >= 0.
 */
export function generateScenario(seed: string, index: number, skills?: readonly Skill[]): Scenario {
	// Without `accept`, a draw always gives a question.
	return drawScenario(seed, index, skills)!;
}
