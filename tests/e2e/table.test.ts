/**
 * At the table (issues 12 and 22), on a 360 x 740 phone with touch, against the built app and its
 * service worker: a learner settles a jokerless discard (an impossible discarder refused on the
 * way, in plain words; an empty jokers field said right under it, marked invalid), enters a
 * friend's wrong claim and sees the misconception named, opens the hand's link in a fresh
 * browser and sees the same result; a right claim is said right inside the first screen, and one
 * changed amount takes the verdict away until Check; East double chosen for the hand comes first,
 * labelled not League; a situation outside League rules computes nothing. Then a four-hand night
 * with a pie: the pie cuts and stops payments, the settle-up in at most three payments, a hand
 * changed with the balances redone, one deleted, the night still open after three reloads, and
 * found again after a reload with no network.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { misconception } from '$lib/payments';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';
import { addHand, balanceRows as balanceNow, startNight } from './ledger';

const server = useAppServer();
const PHONE = { width: 360, height: 740 };

/** Who pays whom when South calls West's discard for a jokerless 25. */
const SOUTH_WINS = [
	'East pays South 50 points',
	'West pays South 100 points',
	'North pays South 50 points'
];

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
		// South cannot call her own discard: refused at once, in plain words.
		const problem = page.getByRole('alert');
		await expect.poll(() => problem.textContent()).toContain('cannot call her own discard');
		expect(await problem.textContent()).not.toContain('That cannot happen');
		expect(await page.getByRole('heading', { name: 'Who pays whom' }).count()).toBe(0);
		await page.getByLabel('Who threw the tile (discarder)').selectOption('west');
		// The jokers left empty: said right under the field, which is marked and points at it.
		const jokers = page.getByLabel('Jokers in the winning hand at mah jongg (0 = jokerless)');
		await jokers.fill('');
		await expect.poll(() => jokers.getAttribute('aria-invalid')).toBe('true');
		const said = page.locator(`#${await jokers.getAttribute('aria-describedby')}`);
		expect(await said.textContent()).toBe(
			'Enter how many jokers the winning hand holds: 0 to 8 (0 if none).'
		);
		expect((await said.boundingBox())!.y).toBeGreaterThan((await jokers.boundingBox())!.y);
		expect(await page.getByText('Fix the jokers above to see who pays.').count()).toBe(1);
		await jokers.fill('0');
		await expect.poll(() => jokers.getAttribute('aria-invalid')).toBeNull();
		await expect.poll(() => transfers(page)).toEqual(SOUTH_WINS);
		// The result, in a line at the foot of the screen while the form is still in view.
		const bar = page.getByTestId('result-bar');
		expect((await bar.innerText()).replace(/\s+/g, ' ').trim()).toBe(
			'South gets 200 points who pays whom ↓'
		);
		const barBox = (await bar.boundingBox())!;
		expect(barBox.y).toBeGreaterThanOrEqual(0);
		expect(barBox.y + barBox.height).toBeLessThanOrEqual(PHONE.height);
		await page.screenshot({ path: 'test-results/screenshots/table-result-bar.png' });
		expect(await page.getByRole('img', { name: /table/i }).count()).toBeGreaterThan(0);
		await page.getByText('Every step, rule by rule').tap();
		await expect.poll(() => page.getByRole('link', { name: /Rule P5/ }).count()).toBeGreaterThan(0);
		// A rule looked up in the middle of a dispute: Back brings the hand back as it was.
		await page
			.getByRole('link', { name: /Rule P5/ })
			.first()
			.tap();
		await page.waitForURL(/\/rules/);
		await page.goBack();
		await expect.poll(() => transfers(page)).toEqual(SOUTH_WINS);
		expect(await page.getByLabel('Value from the card (points)').inputValue()).toBe('25');

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
		await expect.poll(() => transfers(second)).toEqual(SOUTH_WINS);
		await expect.poll(() => second.getByText(named).isVisible()).toBe(true);
		expect(await second.getByLabel('Who won (mah jongg)').inputValue()).toBe('south');
		await other.close();

		// A right claim: said right, inside the first screen after Check.
		await page.getByLabel('East pays (points)').fill('50');
		await page.getByLabel('West pays (points)').fill('100');
		await page.getByLabel('North pays (points)').fill('50');
		await page.getByRole('button', { name: 'Check the claim' }).tap();
		const right = page.getByText('That claim is right.');
		await expect.poll(() => right.isVisible()).toBe(true);
		const box = (await right.boundingBox())!;
		expect(box.y).toBeGreaterThanOrEqual(0);
		expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
		// One amount changed: no verdict at all until Check.
		await page.getByLabel('North pays (points)').fill('25');
		expect(await right.count()).toBe(0);
		await page.waitForTimeout(300);
		expect(await page.getByTestId('claim-verdict').innerText()).toBe('');
		expect(new URL(page.url()).searchParams.get('says')).toBeNull();
		await page.getByRole('button', { name: 'Check the claim' }).tap();
		await expect
			.poll(() => page.getByRole('heading', { name: 'What that claim shows' }).isVisible())
			.toBe(true);

		// East double for this hand (a house rule): it comes first, labelled, with its source.
		await page.getByText('House rules for this hand (not League)').tap();
		await page.getByLabel(/East double \(H1\)/).check();
		const house = page.getByTestId('house-answer');
		await expect
			.poll(() => page.getByTestId('house-transfers').locator('li').allInnerTexts())
			.toEqual([
				'East pays South 100 points (East double (H1))',
				'West pays South 100 points',
				'North pays South 50 points'
			]);
		expect(await house.innerText()).toContain('House rule, not League.');
		expect(await house.innerText()).toContain('Older Western rules');
		expect(await page.getByRole('heading', { name: 'Who pays whom by League rules' }).count()).toBe(
			1
		);
		expect(new URL(page.url()).searchParams.get('house')).toBe('east-double');
		await page.getByLabel(/East double \(H1\)/).uncheck();

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

describe('/table at the largest text', () => {
	it('never leaves the field in focus under the result bar', async () => {
		const context = await launchBrowser(PHONE, { hasTouch: true, isMobile: true });
		await context.addInitScript(() => localStorage.setItem('text-size', 'x-large'));
		const page = await context.newPage();
		await page.goto(`${server.url}/table?value=30&winner=west&method=self-pick&jokers=0`);
		await appReady(page);
		const bar = page.getByTestId('result-bar');
		await bar.waitFor();
		await page.getByLabel('What happened').focus();
		let checked = 0;
		for (let i = 0; i < 12; i++) {
			await page.keyboard.press('Tab');
			const seen = await page.evaluate(() => {
				const focused = document.activeElement!;
				const bar = document.querySelector('[data-testid="result-bar"]')!;
				const f = focused.getBoundingClientRect();
				const b = bar.getBoundingClientRect();
				const field = focused.closest('form') !== null && !bar.contains(focused);
				return { field, bottom: f.bottom, barTop: b.top, name: focused.outerHTML.slice(0, 80) };
			});
			if (!seen.field) continue;
			checked += 1;
			expect(seen.bottom, seen.name).toBeLessThanOrEqual(seen.barTop + 1);
		}
		expect(checked).toBeGreaterThan(5);
		await context.close();
	});
});

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
		await startNight(page, ['Ann', 'Bea', 'Cy', 'Di'], { pie: '150' });
		// The setup is gone: adding a hand has the focus (not the top of the page).
		await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('entry-title');
		const note = page.getByTestId('house-note');
		expect(await note.innerText()).toContain('House rules, not League: Pie 150 points (H3)');

		// Bea self-picks a jokerless 25 twice: 100 each, then cut to the 50 left above the pie. She
		// is South, then East: the seats pass on by themselves.
		const selfPick = { value: '25', method: 'Self-picked', jokers: '0' };
		await addHand(page, null, { ...selfPick, winner: 'south' });
		expect(await page.getByTestId('entry-seats').textContent()).toContain(
			'East: Bea · South: Cy · West: Di · North: Ann'
		);
		await addHand(page, null, { ...selfPick, winner: 'east' });
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
		// Each hand is one line that opens.
		const second = page.getByTestId('hand').nth(1);
		expect(await second.innerText()).not.toContain('pie: 50 points not paid');
		await second.locator('summary').tap();
		expect(await second.innerText()).toContain('pie: 50 points not paid');
		expect(await second.innerText()).toContain(
			'Pie (H3): house rule, not League. Source: Common table practice'
		);
		// The settle-up as it stands, at the top.
		const settle = page.getByTestId('settle-up').locator('li');
		const owed = ['Cy pays Bea 150 points', 'Di pays Bea 150 points', 'Ann pays Bea 100 points'];
		expect(await settle.allInnerTexts()).toEqual(owed);

		await page.getByRole('button', { name: 'Settle up' }).tap();
		await page.getByRole('button', { name: 'Copy the settle-up' }).waitFor();
		await expect.poll(() => settle.allInnerTexts()).toEqual(owed);
		await screenshot(page, 'table-ledger-settle-up');

		// Hand 4 was not a wall game: Cy (East, the seats passed on) self-picked a 30 with a joker.
		// Ann pays only the 50 left.
		await page.getByRole('button', { name: 'Back to the hands' }).tap();
		await page.getByTestId('hand').nth(3).locator('summary').tap();
		expect(await page.getByTestId('hand-seats').nth(3).textContent()).toContain(
			'East: Cy · South: Di · West: Ann · North: Bea'
		);
		await page.getByRole('button', { name: 'Change hand 4' }).tap();
		// The form to change it is far up the page: it comes into view, its heading focused.
		const changing = page.getByRole('heading', { name: 'Change hand 4' });
		await changing.waitFor();
		await expect.poll(() => changing.evaluate((h) => h === document.activeElement)).toBe(true);
		const top = (await changing.boundingBox())!;
		expect(top.y).toBeGreaterThanOrEqual(0);
		expect(top.y + top.height).toBeLessThanOrEqual(PHONE.height);
		await addHand(
			page,
			null,
			{ value: '30', winner: 'east', method: 'Self-picked', jokers: '1' },
			'Save hand 4'
		);
		await expect
			.poll(() => balanceNow(page))
			.toEqual(['Ann −150 points', 'Bea +340 points', 'Cy −40 points', 'Di −150 points']);
		// A hand added by mistake is deleted, once asked twice: the balances stay as they were.
		await addHand(page, null, { kind: 'wall-game' });
		await expect.poll(() => page.getByTestId('hand').count()).toBe(5);
		await page.getByTestId('hand').nth(4).locator('summary').tap();
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

		// To the rules through the menu and Back: the same night, open.
		await page.getByRole('button', { name: 'Menu' }).tap();
		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules' }).tap();
		await page.waitForURL(/\/rules$/);
		await page.goBack();
		await expect
			.poll(() => balanceNow(page))
			.toEqual(['Ann −150 points', 'Bea +340 points', 'Cy −40 points', 'Di −150 points']);
		expect(new URL(page.url()).searchParams.get('night')).toBe(id);

		// Reloaded three times: still the same night, open.
		for (let i = 0; i < 3; i++) {
			await page.reload();
			await expect
				.poll(() => balanceNow(page))
				.toEqual(['Ann −150 points', 'Bea +340 points', 'Cy −40 points', 'Di −150 points']);
			expect(new URL(page.url()).searchParams.get('night')).toBe(id);
			expect(await page.getByRole('heading', { name: 'Start a night' }).count()).toBe(0);
		}

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
