import { describe, expect, it } from 'vitest';
import { generateRound } from '$lib/scenarios';
import { classQuestions, outcomeLine, previewRows } from './preview';

describe("/class/new's preview", () => {
	it('is the round of the seed, with only the swapped question replaced', () => {
		const round = { seed: 'preview-unit', questionCount: 5, skills: [] };
		const plain = classQuestions(round);
		expect(plain).toEqual(generateRound({ seed: 'preview-unit', count: 5, skills: [] }).scenarios);
		const swapped = classQuestions({ ...round, swaps: { 2: 1 } });
		expect(swapped.map((q) => q.id)).toEqual(
			plain.map((q, i) => (i === 2 ? swapped[2]!.id : q.id))
		);
		expect(swapped[2]!.id).not.toBe(plain[2]!.id);
		expect(classQuestions({ ...round, swaps: { 2: 1 } })).toEqual(swapped);
	});

	it('says who won how in a few words, and the skills', () => {
		expect(
			outcomeLine({
				kind: 'win',
				value: 25,
				winner: 'east',
				method: 'discard',
				discarder: 'south',
				jokers: 0
			})
		).toBe("East won on South's discard, 25 points, jokerless");
		expect(
			outcomeLine({
				kind: 'win',
				value: 30,
				winner: 'west',
				method: 'self-pick',
				jokers: 2,
				dead: ['north']
			})
		).toBe('West won self-picked, 30 points, dead hand: North');
		expect(outcomeLine({ kind: 'wall-game' })).toBe('Wall game: nobody won');
		expect(
			outcomeLine({ kind: 'misnamed-discard', value: 40, caller: 'north', misnamer: 'east' })
		).toBe("North called East's misnamed discard, 40 points");
		const rows = previewRows(
			classQuestions({ seed: 'rows', questionCount: 3, skills: ['discard'] })
		);
		expect(rows.map((r) => r.number)).toEqual([1, 2, 3]);
		for (const r of rows) expect(r.skills).toContain('Called discard');
	});
});
