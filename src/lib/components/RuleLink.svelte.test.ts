import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RULE_IDS, RULE_TITLES } from '$lib/rules/titles';
import RuleLink from './RuleLink.svelte';

describe('RuleLink', () => {
	it('shows the rule id and links to its section of the rules page, named by its title', () => {
		render(RuleLink, { rule: 'P5' });
		const link = screen.getByRole('link', { name: 'Rule P5: jokerless bonus' });
		expect(link).toHaveAttribute('href', '/rules#P5');
		expect(link).toHaveAttribute('title', 'Rule P5: jokerless bonus');
		// Sighted readers see the compact chip: the id only (the rest is for screen readers).
		expect(screen.getByText('P5')).toBe(link);
	});

	it('takes other words for the name when given a label', () => {
		render(RuleLink, { rule: 'P2', label: "the discarder's double" });
		const link = screen.getByRole('link', { name: "Rule P2: the discarder's double" });
		expect(link).toHaveAttribute('href', '/rules#P2');
	});

	it('names every rule by its short title', () => {
		for (const rule of RULE_IDS) {
			const { unmount } = render(RuleLink, { rule });
			expect(
				screen.getByRole('link', { name: `Rule ${rule}: ${RULE_TITLES[rule]}` })
			).toHaveAttribute('href', `/rules#${rule}`);
			unmount();
		}
	});

	it('is reached with the Tab key', async () => {
		render(RuleLink, { rule: 'P10' });
		await userEvent.tab();
		expect(screen.getByRole('link', { name: 'Rule P10: no double for East' })).toHaveFocus();
	});
});
