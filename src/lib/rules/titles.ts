/**
 * The payment rules' ids and short titles (docs/rules.md), for links and headings that
 * name a rule: "Rule P5: jokerless bonus". Pure: no Svelte, no I/O.
 */
import type { RuleId } from '$lib/payments';

/** Every rule id, in the spec's order (P1 ... P13). */
export const RULE_IDS: readonly RuleId[] = [
	'P1',
	'P2',
	'P3',
	'P4',
	'P5',
	'P6',
	'P7',
	'P8',
	'P9',
	'P10',
	'P11',
	'P12',
	'P13'
];

/**
 * A short title per rule, in lower case to follow "Rule P5:" ("Singles and Pairs" keeps the
 * card's capitals). Use `ruleHeading` for a title that starts a heading.
 */
export const RULE_TITLES: Record<RuleId, string> = {
	P1: 'only the winner is paid',
	P2: 'called discard',
	P3: 'self-picked',
	P4: 'joker exchange',
	P5: 'jokerless bonus',
	P6: 'declaring jokerless',
	P7: 'Singles and Pairs',
	P8: 'jokers taken from exposures',
	P9: 'dead hand',
	P10: 'no double for East',
	P11: 'wall game',
	P12: 'misnamed discard',
	P13: 'points and money'
};

/** The rule's accessible name: "Rule P5: jokerless bonus" (`title` replaces the short title). */
export function ruleName(rule: RuleId, title: string = RULE_TITLES[rule]): string {
	return `Rule ${rule}: ${title}`;
}

/** The rule's short title as a heading starts: "Jokerless bonus". */
export function ruleHeading(rule: RuleId): string {
	const title = RULE_TITLES[rule];
	return title[0]!.toUpperCase() + title.slice(1);
}

/** Where the rules page explains the rule: "/rules#P5". */
export function ruleHref(rule: RuleId): string {
	return `/rules#${rule}`;
}
