/**
 * A sentence with its glossary terms tappable: it reads exactly as written, and a term stays on
 * one line with what sticks to it (a possessive, a comma), so a narrow phone never breaks
 * "West" from "'s". A definition opens in a bubble after the word (in the sentence's markup, in a
 * live region, out of its lines on screen) that Escape, Close or a tap elsewhere closes.
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

	it("opens a term's definition after the word, and the sentence reads as written once closed", async () => {
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

	it('Escape or Close hides the definition and gives the focus back to the word', async () => {
		render(GlossaryText, { text: SENTENCE, pieces: glossaryPieces(SENTENCE) });
		const user = userEvent.setup();
		const term = screen.getByRole('button', { name: 'exposure' });
		term.focus();
		await user.keyboard('{Enter}');
		const note = screen.getByRole('note');
		expect(term).toHaveAttribute('aria-controls', note.id);
		// Announced: the definition is put into a live region that was there, empty, before.
		expect(note.closest('[aria-live="polite"]')).not.toBeNull();
		// The focus stays on the word; Tab reaches the bubble's link, then Close.
		expect(term).toHaveFocus();
		await user.tab();
		expect(screen.getByRole('link', { name: 'Glossary' })).toHaveFocus();
		await user.tab();
		expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
		await user.keyboard('{Escape}');
		expect(screen.queryByRole('note')).toBeNull();
		expect(term).toHaveAttribute('aria-expanded', 'false');
		expect(term).toHaveFocus();

		await user.click(term);
		await user.click(screen.getByRole('button', { name: 'Close' }));
		expect(screen.queryByRole('note')).toBeNull();
		expect(term).toHaveFocus();
	});

	it('a tap outside the word and its definition hides it; one inside does not', async () => {
		const { container } = render(GlossaryText, {
			text: SENTENCE,
			pieces: glossaryPieces(SENTENCE)
		});
		const user = userEvent.setup();
		await user.click(screen.getByRole('button', { name: 'exposure' }));
		await user.click(screen.getByRole('note').querySelector('strong')!);
		expect(screen.getByRole('note')).toBeInTheDocument();
		await user.click(document.body);
		expect(screen.queryByRole('note')).toBeNull();
		expect(container.textContent).toBe(SENTENCE);
	});
});
