/**
 * A round with some questions swapped out (issue 20, the preview in /class/new): the teacher
 * looks at a seed's questions and replaces one she does not like with another drawn from a
 * seed of its own. The same seed, count, skills and swaps always give the same questions, so a
 * class session, its worksheet and its homework ask exactly what the preview showed. Pure.
 */
import type { Skill } from '$lib/payments';
import { generateRound, outcomeKey } from './round';
import type { Scenario } from './types';
import type { Swaps } from './swaps-text';

export { readSwaps, swapsText, type Swaps } from './swaps-text';

/** A round's settings: the `seed`, how many questions, the picked skills (none: the natural mix). */
export interface RoundSetup {
	seed: string;
	count: number;
	skills: readonly Skill[];
	swaps?: Swaps;
}

/** How many later draws a swap tries when its first one repeats another question's outcome. */
const TRIES = 20;

/** The seed question `index` is drawn from after its `n`th swap: `${seed}#${index + 1}.${n}`. */
export function swapSeed(seed: string, index: number, n: number): string {
	return `${seed}#${index + 1}.${n}`;
}

/**
 * The questions of `generateRound({ seed, count, skills })` with the swapped ones replaced:
 * question i swapped n times is question i of the round drawn from `swapSeed(seed, i, n)` (the
 * same count and skills, so it exercises the skills as the one it replaces), or of the next
 * swap number when that repeats another question's outcome (`outcomeKey`). Each keeps its index;
 * its `id` and `seed` name the seed it came from. A swap index outside the round is ignored.
 * Throws a RangeError when `count` is not a whole number >= 0 (as `generateRound`).
 */
export function roundWithSwaps({ seed, count, skills, swaps = {} }: RoundSetup): Scenario[] {
	const questions = generateRound({ seed, count, skills }).scenarios;
	const keys = questions.map((q) => outcomeKey(q.outcome));
	for (let index = 0; index < questions.length; index++) {
		const n = swaps[index] ?? 0;
		if (!Number.isSafeInteger(n) || n <= 0) continue;
		for (let k = n; k < n + TRIES; k++) {
			const round = generateRound({ seed: swapSeed(seed, index, k), count, skills });
			const drawn = round.scenarios[index];
			if (!drawn) continue;
			const key = outcomeKey(drawn.outcome);
			if (keys.some((other, j) => j !== index && other === key)) continue;
			questions[index] = drawn;
			keys[index] = key;
			break;
		}
	}
	return questions;
}
