/**
 * A sentence with its glossary terms tappable: it reads exactly as written, and a term stays on
 * one line with what sticks to it (a possessive, a comma), so a narrow phone never breaks
 * "West" from "'s".
 */
import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { glossaryPieces } from '$lib/glossary/terms';
import GlossaryText from './GlossaryText.svelte';

const SENTENCE = "East exchanged a 4 Dot for a joker in West's exposure, then called mah jongg.";

describe('GlossaryText', () => {
	it('reads as written, each term kept with the characters glued to it', () => {
		const pieces = glossaryPieces(SENTENCE);
		expect(pieces.filter((p) => p.term).length).toBeGreaterThan(2);
		const { container } = render(GlossaryText, { text: SENTENCE, pieces });
		expect(container.textContent).toBe(SENTENCE);
		const runs = [...container.querySelectorAll('.term-run')].map((run) => run.textContent);
		expect(runs).toContain("West's");
		expect(runs).toContain('exposure,');
		// Every term is in a run: its words, then what follows it up to the next space.
		const terms = pieces.filter((p) => p.term).map((p) => p.text);
		expect(runs).toHaveLength(terms.length);
		runs.forEach((run, i) => {
			expect(run!.startsWith(terms[i]!)).toBe(true);
			expect(run!.slice(terms[i]!.length)).toMatch(/^\S*$/);
		});
	});

	it("opens a term's definition in place, and the sentence reads as written once closed", async () => {
		const { container } = render(GlossaryText, {
			text: SENTENCE,
			pieces: glossaryPieces(SENTENCE)
		});
		const term = screen.getByRole('button', { name: 'exposure' });
		await userEvent.click(term);
		expect(term).toHaveAttribute('aria-expanded', 'true');
		expect(screen.getByRole('note').textContent).toMatch(/^Exposure:/);
		await userEvent.click(term);
		expect(container.textContent).toBe(SENTENCE);
	});
});
