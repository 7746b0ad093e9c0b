import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Tile } from '$lib/scenarios/types';
import Rack, { describeGroup } from './Rack.svelte';
import { tileFace, tileName } from './TileFace.svelte';

const bam = (rank: number): Tile => ({ kind: 'suit', suit: 'bam', rank });
const crak = (rank: number): Tile => ({ kind: 'suit', suit: 'crak', rank });
const dot = (rank: number): Tile => ({ kind: 'suit', suit: 'dot', rank });
const joker: Tile = { kind: 'joker', name: '' };
const flower: Tile = { kind: 'flower', name: '' };
const north: Tile = { kind: 'wind', name: 'N' };
const soap: Tile = { kind: 'dragon', name: 'white' };

/** 14 tiles: FF 555B+J 666C NNN 77D (two jokers in all). */
const hand: Tile[][] = [
	[flower, flower],
	[bam(5), bam(5), bam(5), joker],
	[crak(6), crak(6), joker],
	[north, north, north],
	[dot(7), dot(7)]
];

describe('Rack', () => {
	it('draws all 14 tiles, grouped, with the jokers visible', () => {
		render(Rack, { groups: hand });
		expect(screen.getAllByTestId('tile')).toHaveLength(14);
		expect(screen.getAllByText('JOKER')).toHaveLength(2);
		expect(screen.getAllByText('Bam')).toHaveLength(3);
		expect(screen.getAllByText('Wind')).toHaveLength(3);
		expect(screen.getAllByRole('listitem')).toHaveLength(5);
		expect(
			screen.getByRole('list', { name: 'Winning hand on the rack: 14 tiles in 5 groups' })
		).toBeInTheDocument();
	});

	it('names every group in words for screen readers', () => {
		render(Rack, { groups: hand, label: 'South’s rack' });
		expect(screen.getByRole('img', { name: 'three 5 Bam and a joker' })).toBeInTheDocument();
		expect(screen.getByRole('img', { name: 'two 6 Crak and a joker' })).toBeInTheDocument();
		expect(screen.getByRole('img', { name: 'three North winds' })).toBeInTheDocument();
		expect(screen.getByRole('img', { name: 'two flowers' })).toBeInTheDocument();
		expect(screen.getByRole('list', { name: /^South’s rack/ })).toBeInTheDocument();
	});

	it('names the kinds of tile under the rack; tapping Soap shows its definition beside it', async () => {
		render(Rack, { groups: [...hand, [soap, soap, soap]] });
		const words = ['Flowers', 'Bams', 'Joker', 'Craks', 'Winds', 'Dots', 'Soap'];
		for (const w of words) expect(screen.getByRole('button', { name: w })).toBeInTheDocument();
		const button = screen.getByRole('button', { name: 'Soap' });
		expect(button).toHaveAttribute('aria-expanded', 'false');
		expect(screen.queryByRole('note')).toBeNull();
		await userEvent.click(button);
		expect(button).toHaveAttribute('aria-expanded', 'true');
		const note = screen.getByRole('note');
		expect(note).toBeVisible();
		expect(note).toHaveTextContent(/^Soap: The white dragon/);
		expect(note).toHaveAttribute('id', button.getAttribute('aria-controls'));
		await userEvent.keyboard('{Enter}');
		expect(button).toHaveAttribute('aria-expanded', 'false');
	});

	it('on paper (plainWords) names the same kinds of tile as text, nothing to tap', () => {
		render(Rack, { groups: [...hand, [soap, soap, soap]], plainWords: true });
		expect(screen.queryAllByRole('button')).toHaveLength(0);
		expect(screen.getByText(/^Tiles here:/)).toHaveTextContent(
			'Tiles here: Flowers, Bams, Joker, Craks, Winds, Dots, Soap'
		);
	});

	it('colours the suits and gilds the jokers', () => {
		render(Rack, { groups: [[bam(1), crak(2), dot(3), joker]] });
		const tiles = screen.getAllByTestId('tile');
		expect(tiles.map((t) => t.classList[1])).toEqual(['bam', 'crak', 'dot', 'joker']);
		expect(tiles.every((t) => t.getAttribute('aria-hidden') === 'true')).toBe(true);
	});
});

describe('describeGroup and tile words', () => {
	it('counts equal tiles, puts jokers last and handles plurals', () => {
		expect(describeGroup([joker, dot(2), dot(2), joker])).toBe('two 2 Dot and two jokers');
		expect(describeGroup([soap, soap])).toBe('two Soaps (white dragons)');
		expect(describeGroup([{ kind: 'dragon', name: 'red' }])).toBe('Red dragon');
		expect(describeGroup([bam(1), bam(2), bam(3)])).toBe('1 Bam, 2 Bam and 3 Bam');
		expect(describeGroup([flower, joker])).toBe('a flower and a joker');
		expect(describeGroup([])).toBe('no tiles');
	});

	it('gives each kind of tile a face', () => {
		expect(tileFace(bam(5))).toEqual({ big: '5', small: 'Bam', tone: 'bam' });
		expect(tileFace({ kind: 'wind', name: 'E' })).toEqual({
			big: 'E',
			small: 'Wind',
			tone: 'plain'
		});
		expect(tileFace({ kind: 'dragon', name: 'green' })).toEqual({
			big: 'G',
			small: 'Dragon',
			tone: 'bam'
		});
		// Soap is a framed blank, not an "S" that reads as the South wind.
		expect(tileFace(soap)).toEqual({ big: '', small: 'Soap', tone: 'soap' });
		expect(tileFace(flower).small).toBe('Flower');
		expect(tileFace(joker)).toEqual({ big: 'J', small: 'JOKER', tone: 'joker' });
		expect(tileName(north, 1)).toBe('North wind');
		expect(tileName(joker, 3)).toBe('jokers');
	});
});
