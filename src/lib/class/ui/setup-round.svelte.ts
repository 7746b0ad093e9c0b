/**
 * The round a teacher's setup form previews and sends (/class/new, /homework/new): the skills,
 * the number of questions, the question set (the seed) and the questions swapped in the preview.
 * A blank question set previews (and sends) the one filled in at first. Swaps belong to one round:
 * changing the set, the count or the skills starts again with none.
 */
import type { Skill } from '$lib/payments';
import type { Swaps } from '$lib/scenarios/swaps';

/** The first round, as the server drew it for the page: its seed and number of questions. */
export interface FirstRound {
	seed: string;
	questionCount: number;
}

export class SetupRound {
	/** The skills ticked (none: all of them). */
	skills: Skill[] = $state([]);
	/** How many questions (1 to 50). */
	questionCount: number = $state(0);
	/** The question set as typed (may be blank). */
	seed: string = $state('');
	#swapped: { key: string; swaps: Swaps } = $state({ key: '', swaps: {} });
	/** Which round the swaps belong to: the set, the count and the skills. */
	readonly #roundKey: string;
	/** The question set previewed and sent: as typed, or the first one when blank. */
	readonly effectiveSeed: string;
	/** The swaps of this round (how many times each question index was swapped). */
	readonly swaps: Swaps;
	/** True once the preview is no longer the server's first one (another setting, or a swap). */
	readonly drawn: boolean;

	constructor(first: FirstRound) {
		this.questionCount = first.questionCount;
		this.seed = first.seed;
		this.effectiveSeed = $derived(this.seed.trim() || first.seed);
		this.#roundKey = $derived(`${this.effectiveSeed}|${this.questionCount}|${this.skills.join()}`);
		this.swaps = $derived(this.#swapped.key === this.#roundKey ? this.#swapped.swaps : {});
		this.drawn = $derived(
			this.#roundKey !== `${first.seed}|${first.questionCount}|` ||
				Object.keys(this.swaps).length > 0
		);
	}

	/** Swaps question `index` (0-based) of the preview for another one. */
	swap(index: number): void {
		const swaps = this.swaps;
		this.#swapped = { key: this.#roundKey, swaps: { ...swaps, [index]: (swaps[index] ?? 0) + 1 } };
	}
}
