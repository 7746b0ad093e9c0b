import { describe, expect, it } from 'vitest';
import { GLOSSARY, glossaryPieces, glossaryTerm } from './terms';

/**
 * Every field term the app uses (issue 21's list), with the glossary entry that defines it: the
 * list a learner can check the glossary against.
 */
const TERMS: [string, string][] = [
	['mah jongg', 'mah-jongg'],
	['exposure', 'exposure'],
	['rack', 'rack'],
	['card', 'card'],
	['value', 'value'],
	['discard', 'discard'],
	['discarder', 'discard'],
	['calling', 'calling'],
	['self-picked', 'self-picked'],
	['joker', 'joker'],
	['joker exchange', 'joker-exchange'],
	['jokerless', 'jokerless'],
	['declaring jokerless', 'jokerless'],
	['Singles and Pairs', 'singles-and-pairs'],
	['dead hand', 'dead-hand'],
	['wall game', 'wall-game'],
	['misnamed discard', 'misnamed-discard'],
	['East', 'east'],
	['the seats', 'seats'],
	['Bams', 'bams'],
	['Craks', 'craks'],
	['Dots', 'dots'],
	['winds', 'winds'],
	['dragons', 'dragons'],
	['Soap', 'soap'],
	['Red', 'red'],
	['Green', 'green'],
	['flowers', 'flowers']
];

describe('the glossary', () => {
	it.each(TERMS)('defines %s', (word, id) => {
		const term = glossaryTerm(id);
		expect(term, id).toBeDefined();
		expect(term!.term.toLowerCase()).toContain(
			word.replace(/^(the|declaring) /i, '').toLowerCase()
		);
		// A definition is a sentence or two, not the term again.
		expect(term!.meaning.length).toBeGreaterThan(30);
		expect(term!.meaning).toMatch(/\.$/);
	});

	it('has one entry per id, and nothing it does not list', () => {
		const ids = GLOSSARY.map((t) => t.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(new Set(ids)).toEqual(new Set(TERMS.map(([, id]) => id)));
	});

	it('marks the first use of each term in a sentence, whole words, ignoring case', () => {
		const pieces = glossaryPieces(
			'North discarded the Soap; West called it for mah jongg. North discarded again.'
		);
		expect(pieces.filter((p) => p.term).map((p) => [p.text, p.term!.id])).toEqual([
			['North', 'seats'],
			['discarded', 'discard'],
			['Soap', 'soap'],
			['called', 'calling'],
			['mah jongg', 'mah-jongg']
		]);
		expect(pieces.map((p) => p.text).join('')).toBe(
			'North discarded the Soap; West called it for mah jongg. North discarded again.'
		);
		// "jokers" inside "jokerless" is not a use of "joker"; the longer form wins.
		expect(glossaryPieces('A jokerless hand').map((p) => p.term?.id)).toEqual([
			undefined,
			'jokerless',
			undefined
		]);
	});

	it('leaves out terms already seen on the page', () => {
		const seen = new Set(['soap']);
		expect(glossaryPieces('two Soaps', seen).some((p) => p.term)).toBe(false);
	});
});
