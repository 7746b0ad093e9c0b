/**
 * At the table (issue 12), on a 360 x 740 phone with touch, against the built app and its service
 * worker: a learner settles a jokerless discard (an impossible discarder refused on the way, with
 * the engine's reason), enters a friend's wrong claim and sees the misconception named, opens the
 * hand's link in a fresh browser and sees the same result; a situation outside League rules
 * computes nothing. Then a four-hand night with a pie: the pie cuts and stops payments, the
 * settle-up in at most three transfers, a hand changed with the balances redone, one deleted, and
 * the night found again after a reload with no network.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { misconception } from '$lib/payments';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';

const server = useAppServer();
const PHONE = { width: 360, height: 740 };

/** The "who pays whom" lines of /table. */
const transfers = (page: Page) => page.getByTestId('transfers').locator('li').allTextContents();

describe('/table on a phone', () => {
	it('settles a jokerless discard, names a wrong claim, and the link shows the same on another phone', async () => {
		const context = await launchBrowser(PHONE, { hasTouch: true, isMobile: true });
		const page = await context.newPage();
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		await page.goto(`${server.url}/`);
		await appReady(page);
		await page.getByRole('button', { name: 'Menu' }).tap();
		await page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'At the table' })
			.tap();
		await page.getByRole('heading', { name: 'At the table', level: 1 }).waitFor();
		await appReady(page);

		await page.getByLabel('Value from the card (points)').fill('25');
		await page.getByLabel('Who won (mah jongg)').selectOption('south');
		await page.getByLabel('Who threw the tile (discarder)').selectOption('south');
		// South cannot call her own discard: refused at once, with the engine's reason.
		const problem = page.getByRole('alert');
		await expect.poll(() => problem.textContent()).toContain('cannot call her own discard');
		expect(await page.getByRole('heading', { name: 'Who pays whom' }).count()).toBe(0);
		await page.getByLabel('Who threw the tile (discarder)').selectOption('west');
		await page.getByLabel('Jokers in the winning hand at mah jongg (0 = jokerless)').fill('0');
		await expect
			.poll(() => transfers(page))
			.toEqual([
				'East pays South 50 points',
				'West pays South 100 points',
				'North pays South 50 points'
			]);
		expect(await page.getByRole('img', { name: /table/i }).count()).toBeGreaterThan(0);
		await page.getByText('Every step, rule by rule').tap();
		await expect.poll(() => page.getByRole('link', { name: /Rule P5/ }).count()).toBeGreaterThan(0);

		// "She threw it, so she pays for everyone": West 200, the others nothing.
		await page.getByLabel('East pays (points)').fill('0');
		await page.getByLabel('West pays (points)').fill('200');
		await page.getByLabel('North pays (points)').fill('0');
		await page.getByRole('button', { name: 'Check the claim' }).tap();
		const named = misconception('discarder-pays-for-table').title;
		await expect.poll(() => page.getByText(named).isVisible()).toBe(true);
		await screenshot(page, 'table-claim');

		// The link, in a fresh browser: the same hand, the same answer, the same claim named.
		const link = (await page.getByTestId('hand-link').getAttribute('href'))!;
		expect(link).toContain('says=');
		const other = await launchBrowser(PHONE, { hasTouch: true, isMobile: true });
		const second = await other.newPage();
		await second.goto(link);
		await expect
			.poll(() => transfers(second))
			.toEqual([
				'East pays South 50 points',
				'West pays South 100 points',
				'North pays South 50 points'
			]);
		await expect.poll(() => second.getByText(named).isVisible()).toBe(true);
		expect(await second.getByLabel('Who won (mah jongg)').inputValue()).toBe('south');
		await other.close();

		// In money; and a pie, asked as a League question, is outside League rules: nothing computed.
		await page.getByLabel('Money').check();
		await expect.poll(() => transfers(page)).toContain('West pays South $1.00');
		await page.getByLabel('What happened').selectOption('pie');
		await expect
			.poll(() => page.getByRole('heading', { name: 'Outside League rules' }).isVisible())
			.toBe(true);
		expect(await page.getByRole('heading', { name: 'Who pays whom' }).count()).toBe(0);
		expect(errors).toEqual([]);
		await context.close();
	});
});

/** Enters a hand in the ledger's form: the seats (east, south, west, north), then what happened. */
async function addHand(
	page: Page,
	seats: string[] | null,
	hand: {
		kind?: string;
		value?: string;
		winner?: string;
		method?: string;
		discarder?: string;
		jokers?: string;
	},
	button = 'Add the hand'
) {
	if (seats) {
		for (const [i, seat] of ['east', 'south', 'west', 'north'].entries()) {
			await page.locator(`#seat-${seat}`).selectOption(seats[i]!);
		}
	}
	await page.locator('#entry-kind').selectOption(hand.kind ?? 'win');
	if (hand.value) await page.locator('#entry-value').fill(hand.value);
	if (hand.winner) await page.locator('#entry-winner').selectOption(hand.winner);
	if (hand.method) await page.getByRole('radio', { name: hand.method, exact: true }).check();
	if (hand.discarder) await page.locator('#entry-discarder').selectOption(hand.discarder);
	if (hand.jokers) await page.getByLabel(/^Jokers in the winning hand/).fill(hand.jokers);
	await expect
		.poll(async () => (await page.getByTestId('entry-problem').textContent())?.trim())
		.toBe('');
	await page.getByRole('button', { name: button }).tap();
}

/** The "Balance now" table as "name amount" rows. */
async function balanceNow(page: Page): Promise<string[]> {
	const table = page.getByRole('table', { name: 'Balance now' });
	return (await table.locator('tbody tr').allInnerTexts()).map((r) =>
		r.replace(/\s+/g, ' ').trim()
	);
}

describe('the night’s ledger on a phone', () => {
	it('plays a four-hand night with a pie, settles up, changes a hand, and comes back offline', async () => {
		const context = await launchBrowser(PHONE, { hasTouch: true, isMobile: true });
		const page = await context.newPage();
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		await page.goto(`${server.url}/table`);
		await appReady(page);
		await page.getByRole('link', { name: "Keep the night's ledger" }).tap();
		await page.getByRole('heading', { name: 'Start a night' }).waitFor();
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
			timeout: 30_000
		});
		for (const [i, name] of ['Ann', 'Bea', 'Cy', 'Di'].entries()) {
			await page.getByLabel(`Player ${i + 1}`).fill(name);
		}
		await page.getByLabel('Play with a pie').check();
		await page.getByLabel('Pie (points; 1 point = 1 cent)').fill('150');
		await page.getByRole('button', { name: 'Start the night' }).tap();
		await expect
			.poll(() => page.getByText('A table rule, not League', { exact: false }).first().isVisible())
			.toBe(true);

		// Bea (South) self-picks a jokerless 25 twice: 100 each, then cut to the 50 left above the pie.
		const selfPick = { value: '25', winner: 'south', method: 'Self-picked', jokers: '0' };
		await addHand(page, null, selfPick);
		await addHand(page, null, selfPick);
		// The seats change (Bea East, Ann North): Ann wins on Bea's discard; Cy and Di, down the pie, pay nothing.
		await addHand(page, ['Bea', 'Cy', 'Di', 'Ann'], {
			value: '25',
			winner: 'north',
			method: 'Called discard',
			discarder: 'east',
			jokers: '1'
		});
		await addHand(page, null, { kind: 'wall-game' });
		await expect.poll(() => page.getByTestId('hand').count()).toBe(4);
		expect(await balanceNow(page)).toEqual([
			'Ann −100 points',
			'Bea +400 points',
			'Cy −150 points',
			'Di −150 points'
		]);
		const second = page.getByTestId('hand').nth(1);
		expect(await second.innerText()).toContain('pie: 50 points not paid');

		await page.getByRole('button', { name: 'Settle up' }).tap();
		const settle = page.getByTestId('settle-up').locator('li');
		await expect
			.poll(() => settle.allInnerTexts())
			.toEqual([
				'Cy hands Bea 150 points ($1.50)',
				'Di hands Bea 150 points ($1.50)',
				'Ann hands Bea 100 points ($1.00)'
			]);
		await screenshot(page, 'table-ledger-settle-up');

		// Hand 4 was not a wall game: Cy (South) self-picked a 30 with a joker. Ann pays only the 50 left.
		await page.getByRole('button', { name: 'Back to the hands' }).tap();
		await page.getByRole('button', { name: 'Change hand 4' }).tap();
		await page.getByRole('heading', { name: 'Change hand 4' }).waitFor();
		await addHand(
			page,
			null,
			{ value: '30', winner: 'south', method: 'Self-picked', jokers: '1' },
			'Save hand 4'
		);
		await expect
			.poll(() => balanceNow(page))
			.toEqual(['Ann −150 points', 'Bea +340 points', 'Cy −40 points', 'Di −150 points']);
		// A hand added by mistake is deleted, once asked twice: the balances stay as they were.
		await addHand(page, null, { kind: 'wall-game' });
		await expect.poll(() => page.getByTestId('hand').count()).toBe(5);
		await page.getByRole('button', { name: 'Delete hand 5' }).tap();
		await page.getByRole('button', { name: 'Yes, delete hand 5' }).tap();
		await expect.poll(() => page.getByTestId('hand').count()).toBe(4);
		expect(await balanceNow(page)).toEqual([
			'Ann −150 points',
			'Bea +340 points',
			'Cy −40 points',
			'Di −150 points'
		]);
		const id = new URL(page.url()).searchParams.get('night');
		expect(id).toMatch(/^[0-9a-f]{16}$/);

		// No network: the reload comes back to the night, and the list of nights finds it.
		await context.setOffline(true);
		const reloaded = await page.reload();
		expect(reloaded?.fromServiceWorker()).toBe(true);
		await expect
			.poll(() => balanceNow(page))
			.toEqual(['Ann −150 points', 'Bea +340 points', 'Cy −40 points', 'Di −150 points']);
		await page.goto(`${server.url}/table/ledger`);
		await page.getByRole('button', { name: /Ann, Bea, Cy, Di \(4 hands\)/ }).tap();
		await expect.poll(() => balanceNow(page)).toContain('Bea +340 points');
		expect(new URL(page.url()).searchParams.get('night')).toBe(id);
		expect(errors).toEqual([]);
		await context.close();
	});
});
