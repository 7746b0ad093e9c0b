import type { Outcome } from '$lib/payments';
import { SKILLS, type Skill } from './types';

/** Hands of this value (points) or more are tagged 'high-value'. */
export const HIGH_VALUE = 55;

/**
 * The skills an outcome exercises, in `SKILLS` order:
 * - a win: its method ('discard', 'self-pick', 'joker-exchange'); 'jokerless' when it holds no
 *   joker, is declared (P5, P6) and is not Singles and Pairs; 'undeclared-jokerless' when it holds
 *   no joker, was not declared and is not Singles and Pairs (P6; for Singles and Pairs the
 *   declaration changes nothing, P7); 'singles-and-pairs' (P7); 'dead-hand' when a seat is dead,
 *   since a dead hand pays on a win (P9); 'east' when East is the winner or the discarder (every
 *   other win has East paying as a plain payer, P10);
 * - a wall game: 'wall-game' (P11);
 * - a misnamed discard: 'misnamed-discard' (P12), 'east' when East is the caller or the misnamer
 *   (dead hands pay nothing there, so no 'dead-hand');
 * - 'high-value' for a win or misnamed discard of value >= 55 points.
 * Expects a valid outcome; never throws.
 */
export function skillsOf(outcome: Outcome): Skill[] {
	const tags = new Set<Skill>();
	if (outcome.kind === 'wall-game') {
		tags.add('wall-game');
	} else if (outcome.kind === 'misnamed-discard') {
		tags.add('misnamed-discard');
		if (outcome.caller === 'east' || outcome.misnamer === 'east') tags.add('east');
		if (outcome.value >= HIGH_VALUE) tags.add('high-value');
	} else {
		tags.add(outcome.method);
		const sp = outcome.singlesAndPairs === true;
		if (sp) tags.add('singles-and-pairs');
		if (outcome.jokers === 0 && !sp) {
			tags.add(outcome.declaredJokerless === false ? 'undeclared-jokerless' : 'jokerless');
		}
		if ((outcome.dead ?? []).length > 0) tags.add('dead-hand');
		if (outcome.winner === 'east' || outcome.discarder === 'east') tags.add('east');
		if (outcome.value >= HIGH_VALUE) tags.add('high-value');
	}
	return SKILLS.filter((s) => tags.has(s));
}
