/**
 * Every rule a generated question must keep, as a list of broken ones (test-only module: the
 * generator's and the rounds' tests share it).
 */
import { isSettleFailure, seatLabel, settle, skillsOf, type Seat } from '$lib/payments';
import { handProblems, isJoker } from './tiles';
import type { Scenario } from './types';

/** Every rule a scenario must keep; returns the list of broken ones ([] when fine). */
export function scenarioProblems(s: Scenario): string[] {
	const problems: string[] = [];
	const o = s.outcome;
	const result = settle(o);
	if (isSettleFailure(result)) problems.push(`settle: ${result.error.code}`);
	if (JSON.stringify(s.skills) !== JSON.stringify(skillsOf(o)))
		problems.push('skills differ from skillsOf');
	if (s.narrative.trim() === '') problems.push('empty narrative');
	if (s.id !== `${s.seed}:${s.index}`) problems.push('id is not seed:index');
	if (o.kind === 'wall-game') {
		if (s.groups.length !== 0) problems.push('wall game with a hand');
		return problems;
	}
	const sp = o.kind === 'win' && o.singlesAndPairs === true;
	problems.push(...handProblems(s.groups, sp));
	const dead: Seat[] = o.dead ?? [];
	if ('dead' in o && dead.length === 0) problems.push('empty dead list');
	if (o.kind === 'win') {
		const jokers = s.groups.flat().filter(isJoker).length;
		if (jokers !== o.jokers) problems.push(`hand has ${jokers} jokers, outcome ${o.jokers}`);
		if ('declaredJokerless' in o && (o.declaredJokerless !== false || o.jokers !== 0 || sp)) {
			problems.push('declaredJokerless where it means nothing');
		}
		if ('singlesAndPairs' in o && o.singlesAndPairs !== true)
			problems.push('singlesAndPairs: false');
		if (sp && o.method === 'joker-exchange') problems.push('Singles and Pairs by joker exchange');
		if (dead.includes(o.winner) || (o.discarder && dead.includes(o.discarder))) {
			problems.push('dead winner or discarder');
		}
		if (!s.narrative.includes(seatLabel(o.winner))) problems.push('narrative omits the winner');
	} else {
		if (dead.includes(o.caller) || dead.includes(o.misnamer))
			problems.push('dead caller or misnamer');
		if (!s.narrative.includes(seatLabel(o.caller))) problems.push('narrative omits the caller');
	}
	// No amount in the narrative: the only numbers are the value and tile ranks.
	const numbers = (s.narrative.match(/\d+/g) ?? []).map(Number);
	if (numbers.some((n) => n !== o.value && (n < 1 || n > 9)))
		problems.push('narrative states a number');
	if (/\$|\bpays?\b|\bpoints\b/i.test(s.narrative)) problems.push('narrative speaks of payment');
	return problems;
}
