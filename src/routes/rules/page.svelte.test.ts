import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import {
	formatAmount,
	formatMoney,
	isSettleFailure,
	settle,
	type Outcome,
	type Settlement
} from '$lib/payments';
import { GLOSSARY } from '$lib/glossary/terms';
import { RULE_IDS, RULE_TITLES } from '$lib/rules/titles';
import Page from './+page.svelte';
import { paymentsSentence, rulesPageText } from './examples';
import { RULE_TEXTS } from './rules';

/** The page as the server's data renders it. */
const renderPage = () => render(Page, { props: { data: rulesPageText() } });

function settled(outcome: Outcome): Settlement {
	const result = settle(outcome);
	if (isSettleFailure(result)) throw new Error(result.error.message);
	return result;
}

/** "50 points ($0.50)", as the table shows an amount. */
const shown = (points: number) => `${formatAmount(points, 'points')} (${formatMoney(points)})`;

/** A cell's text without its stacked-layout label ("Discarder pays:"), spaces collapsed. */
function cellText(cell: HTMLElement): string {
	const copy = cell.cloneNode(true) as HTMLElement;
	copy.querySelector('.label')?.remove();
	return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('/rules', () => {
	it('has a glossary, linked from the index, defining every term at its own anchor', () => {
		const { container } = renderPage();
		const index = screen.getByRole('navigation', { name: 'The rules on this page' });
		expect(within(index).getByRole('link', { name: /Glossary/ })).toHaveAttribute(
			'href',
			'#glossary'
		);
		const glossary = container.querySelector<HTMLElement>('section#glossary')!;
		expect(within(glossary).getByRole('heading', { level: 2 })).toHaveTextContent('Glossary');
		for (const { id, term, meaning } of GLOSSARY) {
			const entry = glossary.querySelector(`#term-${id}`);
			expect(entry?.querySelector('dt')?.textContent, id).toBe(term);
			expect(entry?.querySelector('dd')?.textContent, id).toBe(meaning);
		}
		for (const word of ['Soap', 'Red dragon', 'Green dragon', 'Flowers', 'Winds', 'Bams']) {
			expect(within(glossary).getByText(word)).toBeInTheDocument();
		}
	});

	it('has a section at anchor P1 ... P13 for every rule, with its id visible, and an index linking to each', () => {
		const { container } = renderPage();
		const index = screen.getByRole('navigation', { name: 'The rules on this page' });
		for (const id of RULE_IDS) {
			const section = container.querySelector<HTMLElement>(`section#${id}`);
			expect(section, id).not.toBeNull();
			const heading = within(section!).getByRole('heading', { level: 2 });
			expect(heading.textContent).toMatch(new RegExp(`^\\s*${id}\\s`));
			expect(heading.textContent?.toLowerCase()).toContain(RULE_TITLES[id].toLowerCase());
			expect(within(index).getByRole('link', { name: new RegExp(`^${id} `) })).toHaveAttribute(
				'href',
				`#${id}`
			);
		}
		const ids = [...container.querySelectorAll('[id^="P"]')].map((el) => el.id);
		expect(ids.filter((id) => /^P\d+$/.test(id))).toEqual([...RULE_IDS]);
	});

	it("shows the worked example for v = 25 with the engine's amounts, in points and dollars", () => {
		renderPage();
		// Two tables, each a section of its own on a phone: with a joker, then jokerless.
		const tables = screen.getAllByRole('table', { name: /hand worth 25/ });
		expect(tables).toHaveLength(2);
		for (const table of tables) {
			const headers = within(table)
				.getAllByRole('columnheader')
				.map((th) => th.textContent?.trim());
			expect(headers).toEqual([
				'The win',
				'Discarder pays',
				'Each other player pays',
				'Winner gets'
			]);
		}
		const rows = tables.flatMap((table) => within(table).getAllByRole('row').slice(1));
		const wins = [
			['Called discard, with a joker', 'discard', 1],
			['Self-picked, with a joker', 'self-pick', 1],
			['Called discard, jokerless', 'discard', 0],
			['Self-picked, jokerless', 'self-pick', 0]
		] as const;
		expect(rows).toHaveLength(wins.length);
		wins.forEach(([label, method, jokers], i) => {
			const outcome: Outcome =
				method === 'discard'
					? { kind: 'win', value: 25, winner: 'east', method, discarder: 'south', jokers }
					: { kind: 'win', value: 25, winner: 'east', method, jokers };
			const { transfers, total } = settled(outcome);
			const others = transfers.filter((t) => t.from !== 'south').map((t) => t.points);
			expect(new Set(others).size).toBe(1);
			const row = within(rows[i]!);
			expect(row.getByRole('rowheader')).toHaveTextContent(label);
			const cells = row.getAllByRole('cell').map(cellText);
			const discarder = method === 'discard' ? transfers.find((t) => t.from === 'south') : null;
			expect(cells).toEqual([
				discarder ? shown(discarder.points) : 'No discarder',
				shown(others[0]!),
				shown(total)
			]);
		});
		// The spec's table, as a check that the page shows what the League rules say.
		expect(rows.map((r) => within(r).getAllByRole('cell').map(cellText).join(' | '))).toEqual([
			'50 points ($0.50) | 25 points ($0.25) | 100 points ($1.00)',
			'No discarder | 50 points ($0.50) | 150 points ($1.50)',
			'100 points ($1.00) | 50 points ($0.50) | 200 points ($2.00)',
			'No discarder | 100 points ($1.00) | 300 points ($3.00)'
		]);
	});

	it("gives each rule's example the engine's payments", () => {
		const { container } = renderPage();
		for (const rule of RULE_TEXTS) {
			const ex = rule.example;
			if (!ex || !('outcome' in ex)) continue;
			const section = container.querySelector<HTMLElement>(`section#${rule.id}`)!;
			expect(within(section).getByTestId('example')).toHaveTextContent(
				paymentsSentence(settled(ex.outcome))
			);
		}
		const p2 = container.querySelector<HTMLElement>('section#P2')!;
		expect(within(p2).getByTestId('example')).toHaveTextContent(
			'West pays 50 points, South and North pay 25 points each. East gets 100 points.'
		);
		const p12 = container.querySelector<HTMLElement>('section#P12')!;
		expect(within(p12).getByTestId('example')).toHaveTextContent(
			'West pays 120 points; nobody else pays. North gets 120 points.'
		);
		const p13 = container.querySelector<HTMLElement>('section#P13')!;
		expect(within(p13).getByTestId('example')).toHaveTextContent(
			'25 points = $0.25, 50 points = $0.50, 100 points = $1.00, 125 points = $1.25.'
		);
	});

	it('lists what lies outside the League rules, and links to practice', () => {
		renderPage();
		const outside = screen.getByRole('region', { name: 'Outside League rules' });
		expect(outside).toHaveTextContent(/computes nothing/);
		for (const item of [
			/false \("in error"\) mah jongg/,
			/fifth player/,
			/"pie"/,
			/chips/,
			/last wall/,
			/tournament points/
		]) {
			expect(within(outside).getByText(item)).toBeInTheDocument();
		}
		const practise = screen.getAllByRole('link', { name: 'Start practising' });
		expect(practise.length).toBeGreaterThan(0);
		for (const link of practise) expect(link).toHaveAttribute('href', '/practice');
	});
});
