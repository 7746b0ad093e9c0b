/**
 * Helpers for the night's ledger in the browser tests: start a night, enter a hand with the
 * /table form (seats set by hand only when given), read the "Balance now" table and the hands'
 * seats.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** A hand as the form takes it: what happened, and (optional) whom the bettor bet on. */
export interface HandInput {
	kind?: string;
	value?: string;
	winner?: string;
	method?: string;
	discarder?: string;
	jokers?: string;
	bet?: string;
}

/**
 * Starts a night with these players (4 or 5), and the house rules named: `eastDouble`, `bettor`,
 * `pie` (as typed, in points).
 */
export async function startNight(
	page: Page,
	players: string[],
	house: { eastDouble?: boolean; bettor?: boolean; pie?: string; money?: boolean } = {}
): Promise<void> {
	for (const [i, name] of players.entries()) await page.getByLabel(`Player ${i + 1}`).fill(name);
	if (house.money) await page.getByLabel('Money').check();
	if (house.eastDouble) await page.getByLabel(/East double \(H1\)/).check();
	if (house.bettor) await page.getByLabel(/Bettor \(H2\)/).check();
	if (house.pie) {
		await page.getByLabel(/Pie \(H3\): a cap/).check();
		await page.locator('#pie').fill(house.pie);
	}
	await page.getByRole('button', { name: 'Start the night' }).click();
	await page.getByRole('heading', { name: 'Add a hand' }).waitFor();
}

/**
 * Enters a hand in the ledger's form: the seats (east, south, west, north) only when given (else
 * they pass on by themselves), then what happened; presses `button` once the form is satisfied.
 */
export async function addHand(
	page: Page,
	seats: string[] | null,
	hand: HandInput,
	button = 'Add the hand'
): Promise<void> {
	if (seats) {
		await page.getByRole('button', { name: 'Set the seats by hand' }).click();
		for (const [i, seat] of ['east', 'south', 'west', 'north'].entries()) {
			await page.locator(`#seat-${seat}`).selectOption(seats[i]!);
		}
	}
	if (hand.bet) await page.locator('#entry-bet').selectOption(hand.bet);
	await page.locator('#entry-kind').selectOption(hand.kind ?? 'win');
	if (hand.value) await page.locator('#entry-value').fill(hand.value);
	if (hand.winner) await page.locator('#entry-winner').selectOption(hand.winner);
	if (hand.method) await page.getByRole('radio', { name: hand.method, exact: true }).check();
	if (hand.discarder) await page.locator('#entry-discarder').selectOption(hand.discarder);
	if (hand.jokers) await page.getByLabel(/^Jokers in the winning hand/).fill(hand.jokers);
	await expect
		.poll(async () => (await page.getByTestId('entry-problem').textContent())?.trim())
		.toBe('');
	const before = await page.getByTestId('hand').count();
	await page.getByRole('button', { name: button }).click();
	if (button === 'Add the hand') {
		await expect.poll(() => page.getByTestId('hand').count()).toBe(before + 1);
		// The button turns off with the form emptied: the cursor goes to the form's top, which
		// says the hand was added and the seats shown are the next hand's.
		await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('entry-title');
		expect(await page.getByRole('status').filter({ hasText: 'Hand added' }).count()).toBe(1);
	}
}

/** The "Balance now" (or another caption's) table as "name amount" rows. */
export async function balanceRows(page: Page, caption = 'Balance now'): Promise<string[]> {
	const table = page.getByRole('table', { name: caption });
	return (await table.locator('tbody tr').allInnerTexts()).map((r) =>
		r.replace(/\s+/g, ' ').trim()
	);
}

/** Each hand's seats as the hands list says them ("East: Ann · South: Bea · ... · Ed sat out"). */
export async function handSeats(page: Page): Promise<string[]> {
	return (await page.getByTestId('hand-seats').allTextContents()).map((t) =>
		t.replace(/\s+/g, ' ').trim()
	);
}
