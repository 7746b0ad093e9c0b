/**
 * A real night at the table (issue 22), on a 360 x 740 phone with touch, against the built app and
 * its service worker:
 * - five players, East double and the bettor: 8 hands entered with no seat set by hand, the seats
 *   passing as house-rules.md says, every amount the ledger's own, the house rules labelled;
 * - the night's link opened in a second browser, then with the network cut: the same settle-up;
 * - a 20-hand night imported from its JSON file, with 40-character names: the balances in the
 *   first screen, no sideways scroll, a long name shown whole on tap; an import with unknown
 *   fields refused with their paths; a night deleted and brought back with Undo; the season.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ledger, nightJson, type LedgerHand, type Night } from '$lib/ledger';
import { appReady, launchBrowser, screenshot, useAppServer } from './harness';
import { addHand, balanceRows, handSeats, startNight, type HandInput } from './ledger';

const server = useAppServer();
const PHONE = { width: 360, height: 740 };
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Di', 'Ed'];
const SEATS = ['east', 'south', 'west', 'north'] as const;

/** Eight hands as the table plays them: what happened, by seat, and whom the bettor bet on (by seat). */
const HANDS: (HandInput & { betSeat: (typeof SEATS)[number] })[] = [
	{
		value: '25',
		winner: 'south',
		method: 'Called discard',
		discarder: 'west',
		jokers: '1',
		betSeat: 'south'
	},
	{ value: '30', winner: 'east', method: 'Self-picked', jokers: '2', betSeat: 'west' },
	{ kind: 'wall-game', betSeat: 'north' },
	{
		value: '50',
		winner: 'north',
		method: 'Called discard',
		discarder: 'east',
		jokers: '0',
		betSeat: 'east'
	},
	{ value: '25', winner: 'west', method: 'Joker exchange', jokers: '1', betSeat: 'west' },
	{ value: '35', winner: 'south', method: 'Self-picked', jokers: '1', betSeat: 'north' },
	{
		value: '25',
		winner: 'east',
		method: 'Called discard',
		discarder: 'north',
		jokers: '3',
		betSeat: 'east'
	},
	{
		value: '40',
		winner: 'west',
		method: 'Called discard',
		discarder: 'south',
		jokers: '1',
		betSeat: 'south'
	}
];

/** Who sits where in each hand, by the rule written out by hand (not the app's code). */
const ROTATION = [
	['Ann', 'Bea', 'Cy', 'Di', 'Ed'],
	['Bea', 'Cy', 'Di', 'Ed', 'Ann'],
	['Cy', 'Di', 'Ed', 'Ann', 'Bea'],
	['Di', 'Ed', 'Ann', 'Bea', 'Cy'],
	['Ed', 'Ann', 'Bea', 'Cy', 'Di'],
	['Ann', 'Bea', 'Cy', 'Di', 'Ed'],
	['Bea', 'Cy', 'Di', 'Ed', 'Ann'],
	['Cy', 'Di', 'Ed', 'Ann', 'Bea']
];

/** The night the form entered, as the ledger reads it (outcomes in the engine's words). */
function expectedNight(): Night {
	const method = {
		'Called discard': 'discard',
		'Self-picked': 'self-pick',
		'Joker exchange': 'joker-exchange'
	};
	const hands = HANDS.map((h, i): LedgerHand => {
		const [east, south, west, north] = ROTATION[i]!;
		const seats = { east: east!, south: south!, west: west!, north: north! };
		const outcome =
			h.kind === 'wall-game'
				? { kind: 'wall-game' as const }
				: {
						kind: 'win' as const,
						value: Number(h.value),
						winner: h.winner as (typeof SEATS)[number],
						method: method[h.method as keyof typeof method] as 'discard',
						...(h.discarder ? { discarder: h.discarder as (typeof SEATS)[number] } : {}),
						jokers: Number(h.jokers)
					};
		return { ...(i === 0 ? { seats } : {}), bet: seats[h.betSeat], outcome };
	});
	return { players: PLAYERS, pie: null, house: ['east-double', 'bettor'], hands };
}

describe('a five-player night', () => {
	it('passes the seats by themselves over 8 hands, and the shared link shows the same settle-up offline', async () => {
		const context = await launchBrowser(PHONE, { hasTouch: true, isMobile: true });
		const page = await context.newPage();
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		await page.goto(`${server.url}/table/ledger`);
		await appReady(page);
		await startNight(page, PLAYERS, { eastDouble: true, bettor: true, money: true });
		const note = page.getByTestId('house-note');
		expect(await note.innerText()).toContain(
			'House rules, not League: East double (H1), Bettor (H2)'
		);

		for (const [i, hand] of HANDS.entries()) {
			// The form shows where everyone sits before anything is tapped.
			const [east, south, west, north, out] = ROTATION[i]!;
			expect(
				(await page.getByTestId('entry-seats').textContent())?.replace(/\s+/g, ' ').trim()
			).toBe(
				`East: ${east} · South: ${south} · West: ${west} · North: ${north} · Sits out: ${out}`
			);
			const seats = { east, south, west, north };
			await addHand(page, null, { ...hand, bet: seats[hand.betSeat] });
		}
		expect(await handSeats(page)).toEqual(
			ROTATION.map(
				([e, s, w, n, out], i) =>
					`East: ${e} · South: ${s} · West: ${w} · North: ${n} · ${out} sat out and bet on ${
						{ east: e, south: s, west: w, north: n }[HANDS[i]!.betSeat]
					}`
			)
		);
		// Every amount is the ledger's own for the night the rule gives.
		const result = ledger(expectedNight());
		if ('error' in result) throw new Error(result.error.message);
		const money = (p: number) =>
			`${p > 0 ? '+' : p < 0 ? '−' : ''}$${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;
		expect(await balanceRows(page)).toEqual(
			PLAYERS.map((p) => `${p} ${money(result.balance[p]!)}`)
		);
		const owed = result.settleUp.map(
			(t) =>
				`${t.from} pays ${t.to} $${Math.floor(t.points / 100)}.${String(t.points % 100).padStart(2, '0')}`
		);
		expect(await page.getByTestId('settle-up').locator('li').allInnerTexts()).toEqual(owed);
		// Hand 1: Bea won and Ed had bet on her; Ann, East, paid double: both rules are named.
		const first = page.getByTestId('hand').first();
		await first.locator('summary').tap();
		const said = (await first.innerText()).replace(/\s+/g, ' ');
		expect(said).toContain('East double (H1): house rule, not League. Source: Older Western rules');
		expect(said).toContain(
			"Bettor (H2): house rule, not League. Source: The League's beginner book"
		);
		await screenshot(page, 'night-five-players');

		// The night on another phone: the link, opened in a second browser, then with no network.
		await page.getByRole('button', { name: 'Share the night' }).tap();
		const link = page.getByTestId('night-link');
		await link.waitFor();
		await expect.poll(() => page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
		const href = (await link.getAttribute('href'))!;
		expect(href).toMatch(/\/table\/night#n1\.[A-Za-z0-9_-]+$/);
		const other = await launchBrowser(PHONE, {
			hasTouch: true,
			isMobile: true,
			deviceScaleFactor: 2
		});
		const phone = await other.newPage();
		await phone.goto(href);
		const lines = phone.getByTestId('settle-up').locator('li');
		await expect.poll(() => lines.allInnerTexts()).toEqual(owed);
		await phone.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
			timeout: 30_000
		});
		await other.setOffline(true);
		const again = await phone.reload();
		expect(again?.fromServiceWorker()).toBe(true);
		await expect.poll(() => lines.allInnerTexts()).toEqual(owed);
		expect(await balanceRows(phone, 'Balance')).toEqual(
			PLAYERS.map((p) => `${p} ${money(result.balance[p]!)}`)
		);
		// Read only: nothing to change, delete or add.
		expect(
			await phone.getByRole('button', { name: /Change hand|Delete|Add the hand/ }).count()
		).toBe(0);
		// What the other phone shows first (docs/screenshot-shared-night.png), then a hand opened.
		await phone.screenshot({ path: 'test-results/screenshots/night-shared-phone-screen.png' });
		await phone.getByTestId('hand').nth(1).locator('summary').tap();
		await screenshot(phone, 'night-shared-phone');
		// In points too.
		await phone.getByLabel('Points').check();
		await expect.poll(() => lines.first().innerText()).toMatch(/ points$/);
		await other.close();

		// A change to the night gives a new link.
		await page.getByTestId('hand').nth(7).locator('summary').tap();
		await page.getByTestId('hand').nth(7).locator('summary').tap();
		await addHand(page, null, { kind: 'wall-game', bet: 'Bea' });
		await expect.poll(() => link.getAttribute('href')).not.toBe(href);
		expect(errors).toEqual([]);
		await context.close();
	});
});

/** A long name (40 characters, no space to break at). */
const long = (first: string) => `${first}${'x'.repeat(40 - first.length)}`;

describe('a long night on a phone', () => {
	it('shows the balances of a 20-hand night in the first screen, keeps names on the screen, and imports, deletes and totals nights', async () => {
		const players = [long('Annabel'), long('Beatrice'), 'Cy', 'Di'];
		const hands: LedgerHand[] = Array.from({ length: 20 }, (_, i) => ({
			...(i === 0
				? {
						seats: { east: players[0]!, south: players[1]!, west: players[2]!, north: players[3]! }
					}
				: {}),
			outcome:
				i % 5 === 4
					? { kind: 'wall-game' }
					: {
							kind: 'win',
							value: 25 + 5 * (i % 4),
							winner: SEATS[i % 4]!,
							method: i % 3 === 0 ? 'self-pick' : 'discard',
							...(i % 3 === 0 ? {} : { discarder: SEATS[(i + 1) % 4]! }),
							jokers: i % 2
						}
		}));
		const night: Night = { players, pie: 1000, house: ['east-double'], hands };
		const result = ledger(night);
		if ('error' in result) throw new Error(result.error.message);
		const file = nightJson(night, result, '2026-12-01T19:30:00.000Z');

		const context = await launchBrowser(PHONE, { hasTouch: true, isMobile: true });
		const page = await context.newPage();
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		await page.goto(`${server.url}/table/ledger`);
		await appReady(page);

		// A file with fields the ledger does not know is refused, each named by its path.
		const bad = JSON.parse(file) as { night: { hands: Record<string, unknown>[] } } & Record<
			string,
			unknown
		>;
		(bad.night.hands[2]!.outcome as Record<string, unknown>).pie = 100;
		Object.defineProperty(bad, 'constructor', { value: 1, enumerable: true });
		const input = page.getByLabel("A night's JSON file (from Download JSON)");
		await input.setInputFiles({
			name: 'bad.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(bad))
		});
		await expect
			.poll(() => page.getByText(/Nothing was imported/).textContent())
			.toContain('constructor, night.hands[2].outcome.pie');

		// The night's own file imports back as the same night.
		await input.setInputFiles({
			name: 'night.json',
			mimeType: 'application/json',
			buffer: Buffer.from(file)
		});
		const balance = page.getByRole('table', { name: 'Balance now' });
		await balance.waitFor();
		expect(await page.getByTestId('hand').count()).toBe(20);
		const box = (await balance.boundingBox())!;
		expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
		expect(await page.getByTestId('settle-up').isVisible()).toBe(true);
		const settle = (await page.getByTestId('settle-up').boundingBox())!;
		expect(settle.y).toBeLessThan(PHONE.height);
		// Nothing runs off the side of the screen, long names included.
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth - window.innerWidth
		);
		expect(overflow).toBeLessThanOrEqual(0);
		await page.screenshot({ path: 'test-results/screenshots/night-20-hands-first-screen.png' });
		// A long name is cut, and shown whole on tap.
		const name = balance.getByRole('button', { name: players[0] });
		const cut = await name.evaluate((el) => el.getBoundingClientRect().width);
		expect(cut).toBeLessThan(300);
		await name.tap();
		expect(await name.getAttribute('aria-expanded')).toBe('true');
		expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
		expect(
			await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
		).toBeLessThanOrEqual(0);

		// The same balances as the ledger's own, after three reloads too.
		const rows = await balanceRows(page);
		for (let i = 0; i < 3; i++) {
			await page.reload();
			await expect.poll(() => balanceRows(page)).toEqual(rows);
		}

		// Delete the night, then Undo; the season totals it.
		await page.getByRole('button', { name: 'Close this night (it stays kept)' }).tap();
		await page.getByRole('button', { name: /^Delete the night of/ }).tap();
		await expect
			.poll(() => page.getByRole('button', { name: /^Delete the night of/ }).count())
			.toBe(0);
		await page.getByRole('button', { name: 'Undo' }).tap();
		await expect
			.poll(() => page.getByRole('button', { name: /^Delete the night of/ }).count())
			.toBe(1);
		await page.reload();
		await expect
			.poll(() => page.getByRole('button', { name: /^Delete the night of/ }).count())
			.toBe(1);
		await page.getByRole('link', { name: /The season/ }).tap();
		const totals = page.getByRole('table', { name: /Season totals \(1 night\)/ });
		await totals.waitFor();
		// The night played East double and its pie cut payments: the totals say so, with the sources.
		const house = (await page.getByTestId('season-house').innerText()).replace(/\s+/g, ' ');
		expect(house).toContain(
			'These totals include house rules, not League: East double (H1), Pie (H3).'
		);
		expect(house).toContain(
			'East double (H1): house rule, not League. Source: Older Western rules'
		);
		const top = Object.entries(result.balance).sort((a, b) => b[1] - a[1])[0]!;
		expect((await totals.locator('tbody tr').first().innerText()).replace(/\s+/g, ' ')).toContain(
			`+${top[1]} points`
		);
		await expect
			.poll(() => page.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width > 0))
			.toBe(true);
		const csv = await page
			.getByRole('link', { name: 'Download the season (CSV)' })
			.getAttribute('href');
		expect(decodeURIComponent(csv!.split(',').slice(1).join(','))).toContain('season total,20,');
		await screenshot(page, 'night-season');
		expect(errors).toEqual([]);
		await context.close();
	});
});

/**
 * The amounts of `page`'s tables whose number runs over two lines ("−$1." then "50"): the first
 * text of each cell (an amount, or its number before "points") measured where it was laid out.
 */
function brokenAmounts(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const broken: string[] = [];
		for (const td of document.querySelectorAll('main td')) {
			const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
			let text = walker.nextNode();
			while (text && text.textContent!.trim() === '') text = walker.nextNode();
			if (!text) continue;
			const range = document.createRange();
			range.selectNodeContents(text);
			const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
			if (lines.size > 1) broken.push(text.textContent!.trim());
		}
		return broken;
	});
}

describe('the ledger at the largest text', () => {
	it('keeps every amount whole on a phone: the hands opened, in money and points, and the season', async () => {
		const players = ['Margaret Anne Fitzgerald-Worthington', 'Bea', 'Cy', 'Di', 'Ed'];
		const night: Night = {
			players,
			pie: 150,
			house: ['east-double', 'bettor'],
			hands: [
				{
					seats: { east: players[0]!, south: 'Bea', west: 'Cy', north: 'Di' },
					bet: 'Bea',
					outcome: { kind: 'win', value: 25, winner: 'south', method: 'self-pick', jokers: 1 }
				},
				{
					bet: 'Cy',
					outcome: { kind: 'win', value: 1000, winner: 'south', method: 'self-pick', jokers: 0 }
				}
			]
		};
		const result = ledger(night);
		if ('error' in result) throw new Error(result.error.message);
		const context = await launchBrowser(PHONE, {
			hasTouch: true,
			isMobile: true,
			deviceScaleFactor: 2
		});
		await context.addInitScript(() => localStorage.setItem('text-size', 'x-large'));
		const page = await context.newPage();
		await page.goto(`${server.url}/table/ledger`);
		await appReady(page);
		await page.getByLabel("A night's JSON file (from Download JSON)").setInputFiles({
			name: 'night.json',
			mimeType: 'application/json',
			buffer: Buffer.from(nightJson(night, result, '2026-12-01T19:30:00.000Z'))
		});
		await page.getByRole('table', { name: 'Balance now' }).waitFor();
		for (const summary of await page.getByTestId('hand').locator('summary').all()) {
			await summary.tap();
		}
		await page.getByRole('table', { name: 'After hand 2' }).waitFor();
		const onScreen = () =>
			page.evaluate(() => {
				const width = document.documentElement.clientWidth;
				const past = [...document.querySelectorAll('main table')].filter(
					(t) => t.getBoundingClientRect().right > width + 1
				);
				return document.documentElement.scrollWidth - window.innerWidth + past.length;
			});
		for (const unit of ['Money', 'Points']) {
			await page.getByLabel(unit, { exact: true }).check();
			expect(await brokenAmounts(page)).toEqual([]);
			expect(await onScreen()).toBeLessThanOrEqual(0);
		}
		await page.getByRole('table', { name: 'After hand 2' }).scrollIntoViewIfNeeded();
		await page.screenshot({ path: 'test-results/screenshots/night-x-large-hand.png' });

		await page.goto(`${server.url}/table/season`);
		await page.getByRole('table', { name: /Season totals/ }).waitFor();
		for (const unit of ['Money', 'Points']) {
			await page.getByLabel(unit, { exact: true }).check();
			expect(await brokenAmounts(page)).toEqual([]);
			expect(await onScreen()).toBeLessThanOrEqual(0);
		}
		await context.close();
	});
});
