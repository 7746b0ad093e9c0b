/**
 * Rounds made up as docs/skills.md says ("How a round is made up"): every question
 * exercises a picked skill, each picked skill gets its share of the questions, and no two
 * questions have the same outcome.
 */
import { SEATS, type Outcome, type Skill } from '$lib/payments';
import { drawScenario, normalizeSkills } from './generate';
import { Rand } from './random';
import type { Scenario } from './types';

/** Options of a round: the `seed`, how many questions (`count`), and the `skills` picked. */
export interface GenerateOptions {
	seed: string;
	count: number;
	/** Picked skills (a set: order and repeats do not matter); none or empty: the natural mix. */
	skills?: readonly Skill[];
}

/**
 * A round: its questions, in order (question i has `index` i and `id` `${seed}:${i}`), and
 * `shortReason`, a sentence for the learner when the round has fewer questions than asked
 * (the picked skills allow fewer different outcomes), else null.
 */
export interface Round {
	scenarios: Scenario[];
	shortReason: string | null;
}

/**
 * Skills exercised by only a few different outcomes, with how many and why, in words a learner
 * reads. Every other skill has more than enough for any round (values alone run to 1000 points).
 */
const FEW_OUTCOMES: Partial<Record<Skill, { outcomes: number; why: string }>> = {
	'wall-game': {
		outcomes: 1,
		why: 'a wall game has only one outcome (nobody pays), so it cannot be asked twice'
	}
};

/**
 * How many different outcomes exercise `skill`, as far as a round is concerned: 1 for
 * `wall-game` (`{kind: "wall-game"}`), Infinity for every other skill (the generator always finds
 * a new one, going beyond the realistic values when it must).
 */
export function outcomesAvailable(skill: Skill): number {
	return FEW_OUTCOMES[skill]?.outcomes ?? Infinity;
}

/**
 * A key telling outcomes apart: the canonical JSON of the outcome with the spec's defaults filled
 * in (`declaredJokerless` true, `singlesAndPairs` false, `dead` empty, dead seats in table order),
 * so `dead: []` and no `dead`, or `declaredJokerless: true` and none, give the same key; a
 * misnamed discard's dead hands are left out (they change nothing there). It checks nothing: an
 * impossible outcome (never generated) keys as its own canonical JSON with the same defaults.
 * It needs no validation, so a page that only draws questions does not download it. Never throws.
 */
export function outcomeKey(outcome: Outcome): string {
	if (typeof outcome !== 'object' || outcome === null) return JSON.stringify(outcome ?? null);
	const flat: Record<string, unknown> = { ...outcome };
	if (flat.kind === 'win') {
		flat.declaredJokerless ??= true;
		flat.singlesAndPairs ??= false;
	}
	const dead = Array.isArray(flat.dead) ? (flat.dead as unknown[]) : (flat.dead ?? []);
	flat.dead = Array.isArray(dead) ? SEATS.filter((s) => dead.includes(s)) : dead;
	// A dead hand changes nothing on a misnamed discard (only the misnamer pays, P12), and a wall
	// game has none: the same question to the learner, so the same outcome here.
	if (flat.kind !== 'win') delete flat.dead;
	// An outcome is flat (its only list, `dead`, holds seat names in table order once
	// normalized): a copy with its keys in sorted order is its canonical form.
	const sorted: Record<string, unknown> = {};
	for (const key of Object.keys(flat).sort()) sorted[key] = flat[key];
	return JSON.stringify(sorted);
}

/**
 * The target skill of each question of a round of `count` questions over `picks` (non-empty,
 * in `SKILLS` order): each pick is the target of `min(floor(count / k), outcomesAvailable)`
 * questions; the rest go one by one to the picks that can take more, in an order drawn from the
 * seed (so when count < k, `count` different picks drawn from the seed get one each); the whole
 * list is then shuffled with the seed. Its length is `count`, or fewer when the picks do not
 * have `count` different outcomes between them.
 */
export function roundTargets(seed: string, count: number, picks: readonly Skill[]): Skill[] {
	const rand = new Rand(`${seed}|round|${count}|${picks.join(',')}`);
	const share = Math.floor(count / picks.length);
	const counts = new Map(picks.map((s) => [s, Math.min(share, outcomesAvailable(s))]));
	const room = picks.reduce((n, s) => n + outcomesAvailable(s), 0);
	let left = Math.min(count, room) - [...counts.values()].reduce((a, b) => a + b, 0);
	const order = rand.shuffle(picks);
	while (left > 0) {
		for (const s of order) {
			if (left === 0) break;
			if (counts.get(s)! < outcomesAvailable(s)) {
				counts.set(s, counts.get(s)! + 1);
				left -= 1;
			}
		}
	}
	return rand.shuffle(picks.flatMap((s) => Array.from({ length: counts.get(s)! }, () => s)));
}

/** Draws from the realistic table before a question's value goes beyond it. */
const REALISTIC_DRAWS = 16;
/** Draws of one question before the round gives up on it (never reached in practice). */
const MAX_DRAWS = 200;

/** The question, drawn again until its outcome is new to `seen` (which it joins), or null. */
function drawNew(
	seed: string,
	index: number,
	target: Skill | null,
	seen: Set<string>
): Scenario | null {
	const skills = target ? [target] : undefined;
	let key = '';
	const accept = (outcome: Outcome) => {
		key = outcomeKey(outcome);
		return !seen.has(key);
	};
	for (let draw = 0; draw < MAX_DRAWS; draw++) {
		const stretch = draw >= REALISTIC_DRAWS;
		const scenario = drawScenario(seed, index, skills, { draw, stretch, accept });
		if (scenario) {
			seen.add(key);
			return scenario;
		}
	}
	return null;
}

const questions = (n: number) => `${n} question${n === 1 ? '' : 's'}`;

/** Why a round of `picks` has `got` questions, not `asked`. */
function shortReasonOf(picks: readonly Skill[], got: number, asked: number): string {
	const head = `This round has ${questions(got)}, not ${asked}`;
	const reasons = picks.flatMap((s) => FEW_OUTCOMES[s]?.why ?? []);
	if (reasons.length === picks.length && reasons.length > 0)
		return `${head}: ${reasons.join('; ')}.`;
	return `${head}: the picked skills did not give enough different questions.`;
}

/**
 * A round of `count` questions from `seed` (skills.md, "How a round is made up"). With `skills`
 * picked (k of them): every question exercises at least one picked skill (`skillsOf`); each is
 * exercised by at least floor(count / k) questions, or by as many as there are different outcomes
 * that exercise it if fewer (a wall game has one); when count < k, `count` different picks
 * (drawn from the seed) are each exercised at least once. With none: the natural mix of
 * `generateScenario`. Either way no two questions have the same outcome (`outcomeKey`), so a
 * round holds at most one wall game.
 *
 * Question i is `generateScenario(seed, i, [target])` for the target skill `roundTargets` gives
 * it (`generateScenario(seed, i)` in the natural mix), drawn again from other keys while it
 * repeats an earlier outcome, then with values beyond the realistic table (any whole value from
 * 25 to 1000 points, 55 or more for `high-value`). Only when the picks allow fewer than `count`
 * different outcomes (only `wall-game` picked) is the round shorter, and `shortReason` says why
 * in a sentence the learner reads; otherwise it is null. Pure and deterministic: the same seed,
 * count and picks give the same round. In the natural mix or with one skill picked, the first
 * questions do not depend on `count`. Unknown skill names are ignored. Throws a RangeError when
 * `count` is not a whole number >= 0.
 */
export function generateRound({ seed, count, skills }: GenerateOptions): Round {
	if (!Number.isSafeInteger(count) || count < 0) {
		throw new RangeError(`count must be a whole number >= 0 (got ${count})`);
	}
	const picks = normalizeSkills(skills);
	const targets: (Skill | null)[] =
		picks.length > 0 ? roundTargets(seed, count, picks) : Array.from({ length: count }, () => null);
	const seen = new Set<string>();
	const scenarios: Scenario[] = [];
	for (const target of targets) {
		const scenario = drawNew(seed, scenarios.length, target, seen);
		if (scenario) scenarios.push(scenario);
	}
	const shortReason =
		scenarios.length < count ? shortReasonOf(picks, scenarios.length, count) : null;
	return { scenarios, shortReason };
}

/**
 * The questions of the round `generateRound({ seed, count, skills })` (the same in the app, the
 * class service and `npm run scenarios`), without the reason a round may be shorter. Throws a
 * RangeError when `count` is not a whole number >= 0.
 */
export function generateScenarios(options: GenerateOptions): Scenario[] {
	return generateRound(options).scenarios;
}
