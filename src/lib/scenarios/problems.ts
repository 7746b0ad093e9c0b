/**
 * Every rule a generated question must keep, as a list of broken ones (test-only module: the
 * generator's and the rounds' tests share it).
 */
import { isSettleFailure, seatLabel, settle, skillsOf, type Seat } from '$lib/payments';
import { handProblems } from './hand-problems';
import { isJoker, tileKey, tileName, tileWithArticle } from './tiles';
import type { Scenario } from './types';

/** What is wrong with the question's trap (P8, P4), if it has one ([] when fine). */
export function trapProblems(s: Scenario): string[] {
	const trap = s.trap;
	if (!trap) return [];
	const o = s.outcome;
	if (o.kind !== 'win') return ['a trap on a question that is not a win'];
	const problems: string[] = [];
	const dead: Seat[] = o.dead ?? [];
	const seat = trap.rule === 'P8' ? trap.takenBy : trap.calledFrom;
	if (seat === o.winner) problems.push('the trap names the winner');
	if (dead.includes(seat)) problems.push('a dead seat acted earlier');
	const group = s.groups[trap.group] ?? [];
	const natural = group.filter((t) => !isJoker(t));
	if (group.length < 3 || natural.some((t) => tileKey(t) !== tileKey(trap.tile))) {
		problems.push(`rack group ${trap.group} is not an exposure of the trap's tile`);
	}
	const winner = seatLabel(o.winner);
	if (trap.rule === 'P8') {
		if (o.jokers !== 0 || o.singlesAndPairs === true) problems.push('P8 on a hand with jokers');
		if (s.groups.flat().some(isJoker)) problems.push('P8: the rack holds a joker');
		const sentence = `Earlier, ${seatLabel(trap.takenBy)} exchanged ${tileWithArticle(trap.tile, 'a')} for the joker in ${winner}'s exposure of ${tileName(trap.tile)}s.`;
		if (!s.narrative.includes(sentence)) problems.push('the narrative does not tell the P8 trap');
	} else {
		if (o.method !== 'joker-exchange') problems.push('P4 on a win that is not a joker exchange');
		const sentence = `Earlier, ${winner} called ${seatLabel(trap.calledFrom)}'s discarded ${tileName(trap.tile)} for an exposure.`;
		if (!s.narrative.includes(sentence)) problems.push('the narrative does not tell the P4 trap');
	}
	return problems;
}

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
		if (s.trap) problems.push('wall game with a trap');
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
		problems.push(...trapProblems(s));
	} else {
		if (dead.includes(o.caller) || dead.includes(o.misnamer))
			problems.push('dead caller or misnamer');
		if (!s.narrative.includes(seatLabel(o.caller))) problems.push('narrative omits the caller');
		if (s.trap) problems.push('misnamed discard with a trap');
	}
	// No amount in the narrative: the only numbers are the value and tile ranks.
	const numbers = (s.narrative.match(/\d+/g) ?? []).map(Number);
	if (numbers.some((n) => n !== o.value && (n < 1 || n > 9)))
		problems.push('narrative states a number');
	if (/\$|\bpays?\b|\bpoints\b/i.test(s.narrative)) problems.push('narrative speaks of payment');
	return problems;
}
