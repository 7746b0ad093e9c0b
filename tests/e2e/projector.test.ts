/**
 * What the room sees on the projector (issue 11), at 1920 x 1080 and at 1280 x 720, in every
 * phase: measured by bounding boxes and computed font sizes, not by eye. The join code and address
 * are 32 px or more until the end; nothing overlaps and nothing needs scrolling; after the reveal
 * every payer's amount is on the table at once (28 px or more at 1080p) with its arrow, and the
 * class's answers grouped by misconception are inside the screen; the breakdown follows step by
 * step from the keys a clicker sends. Six students with unusual names answer: no name ever
 * reaches the projector. The teacher's control view hides the answer key and the names until the
 * teacher shows them. The class is driven through the HTTP API (docs/class-api.md), on each
 * store (issue 19).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
	amountOf,
	formatAmount,
	isSettleFailure,
	payerLines,
	settle,
	type AnswerKey,
	type Outcome,
	type Seat
} from '$lib/payments';
import {
	STORE_KINDS,
	launchBrowser,
	screenshot,
	seriousA11yViolations,
	useAppServer
} from './harness';

const servers = { sqlite: useAppServer('sqlite'), postgres: useAppServer('postgres') };
let server = servers.sqlite;
const contexts: BrowserContext[] = [];
afterAll(async () => {
	for (const c of contexts) await c.close();
});

/** Names no page text would contain by chance. */
const NAMES = [
	'Zebedee Quillfeather',
	'Marigold Fenwickby',
	'Ottoline Vasquetti',
	'Percival Ashdownes',
	'Hyacinth Blenkinsop',
	'Leopold Tarrantine'
];
/**
 * A seed whose first question has the longest story and the longest payer's breakdown of the first
 * questions of 400 seeds (a called discard after a joker exchange, jokerless declared, a dead
 * hand): if it fits, the others do.
 */
const LONGEST = 'w41';
const SIZES = [
	{ width: 1920, height: 1080 },
	{ width: 1280, height: 720 }
];

interface Question {
	outcome: Outcome;
	fields: { key: string; label: string }[];
}
interface Created {
	code: string;
	secret: string;
	view: { question: Question | null; reveal: { expected: AnswerKey } | null };
}

async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}) {
	const res = await fetch(`${server.url}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: server.url, ...headers },
		body: JSON.stringify(body)
	});
	const data = (await res.json()) as T;
	if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(data)}`);
	return { data, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

/** Six answers to a called discard: right, and five kinds of wrong, so the groups fill the screen. */
function answersFor(outcome: Outcome, key: AnswerKey): { pays: Partial<Record<Seat, number>> }[] {
	if (outcome.kind !== 'win' || outcome.method !== 'discard') throw new Error('needs a discard');
	const payers = Object.keys(key.pays) as Seat[];
	const all = (f: (seat: Seat) => number) => Object.fromEntries(payers.map((s) => [s, f(s)]));
	const v = outcome.value;
	return [
		{ pays: key.pays },
		{ pays: key.pays },
		{ pays: all(() => v) },
		{ pays: all(() => 2 * v) },
		{ pays: all((s) => (s === outcome.discarder ? key.total : 0)) },
		{ pays: all(() => 3) }
	];
}
const sum = (pays: Partial<Record<Seat, number>>) =>
	Object.values(pays).reduce((a, b) => a + (b ?? 0), 0);

/** Boxes (viewport px) of the first element matching each selector that exists. */
function boxes(page: Page, selectors: string[]) {
	return page.evaluate((list) => {
		const out: Record<string, { x: number; y: number; w: number; h: number }> = {};
		for (const sel of list) {
			const el = document.querySelector(sel);
			if (!el) continue;
			const r = el.getBoundingClientRect();
			if (r.width > 0 && r.height > 0) out[sel] = { x: r.x, y: r.y, w: r.width, h: r.height };
		}
		return out;
	}, selectors);
}

/** The blocks of the projector that must never overlap one another. */
const BLOCKS = [
	'.stage h1',
	'.stage header .side',
	'.stage header .steps',
	'.stage .narrative',
	'.stage .table[role="img"]',
	'.stage ul.rack',
	'.stage section.groups',
	'.stage .steps-shown',
	'.lobby [data-testid="join"]',
	'.lobby .count',
	'.lobby .aloud',
	'.strip'
];

/** What the room can read, checked on `page` as it is now (at the viewport `size`). */
async function expectRoomView(page: Page, size: { width: number; height: number }) {
	// Nothing to scroll: everything is in the one screen.
	const scroll = await page.evaluate(() => {
		const s = document.querySelector('.screen')!;
		return { h: s.scrollHeight - s.clientHeight, w: s.scrollWidth - s.clientWidth };
	});
	expect(scroll, 'the projector scrolls').toEqual({ h: 0, w: 0 });
	const found = await boxes(page, BLOCKS);
	const inside = (b: { x: number; y: number; w: number; h: number }) =>
		b.x >= -1 && b.y >= -1 && b.x + b.w <= size.width + 1 && b.y + b.h <= size.height + 1;
	for (const [sel, b] of Object.entries(found)) expect(inside(b), `${sel} on screen`).toBe(true);
	const names = Object.keys(found);
	for (let i = 0; i < names.length; i++) {
		for (let j = i + 1; j < names.length; j++) {
			const [a, b] = [found[names[i]!]!, found[names[j]!]!];
			const overlap =
				a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;
			expect(overlap, `${names[i]} overlaps ${names[j]}`).toBe(false);
		}
	}
	// No student's name, in the text or anywhere in the page.
	const html = await page.content();
	for (const name of NAMES) expect(html).not.toContain(name);
}

/** The join code and address: 32 px or more, inside the screen. */
async function expectJoinReadable(page: Page, size: { width: number; height: number }) {
	for (const id of ['join-code', 'join-address']) {
		const el = page.locator(`[data-testid="${id}"]`);
		await el.waitFor({ state: 'visible' });
		const px = await el.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
		expect(px, `${id} font size`).toBeGreaterThanOrEqual(32);
		const b = (await el.boundingBox())!;
		expect(b.y + b.height).toBeLessThanOrEqual(size.height);
		expect(b.x + b.width).toBeLessThanOrEqual(size.width);
	}
	await page.locator('img[alt^="QR code"]').waitFor({ state: 'visible', timeout: 15_000 });
}

describe.each(STORE_KINDS)('on %s', (kind) => {
	beforeAll(() => {
		server = servers[kind];
	});

	describe('the projector, as the room sees it', () => {
		it('reads from the back at 1920 x 1080 and 1280 x 720, in every phase, with no name', async () => {
			const { data: created } = await post<Created>('/api/class', {
				questionCount: 2,
				seed: LONGEST,
				unit: 'points',
				limitSeconds: 600
			});
			const { code, secret } = created;
			const teacher = { authorization: `Bearer ${secret}` };
			const act = (type: string) =>
				post<Created['view']>(`/api/class/${code}/actions`, { type }, teacher);

			const screens: Page[] = [];
			for (const size of SIZES) {
				const context = await launchBrowser(size);
				contexts.push(context);
				const page = await context.newPage();
				page.on('pageerror', (e) => {
					throw e;
				});
				await page.goto(`${server.url}/class/${code}/screen`);
				screens.push(page);
			}
			const each = async (
				phase: string,
				check: (page: Page, size: (typeof SIZES)[0]) => Promise<void>
			) => {
				for (const [i, page] of screens.entries()) {
					try {
						await check(page, SIZES[i]!);
					} finally {
						await screenshot(page, `projector-${SIZES[i]!.height}-${phase}`);
					}
				}
			};

			const cookies: string[] = [];
			for (const name of NAMES) {
				const { cookie } = await post(`/api/class/${code}/join`, { name });
				cookies.push(cookie);
			}
			await each('lobby', async (page, size) => {
				await page.getByText('6 players have joined').waitFor();
				await expectJoinReadable(page, size);
				await expectRoomView(page, size);
			});

			const { data: opened } = await act('question.open');
			const q = opened.question!;
			const key = opened.reveal!.expected;
			await each('question', async (page, size) => {
				await page.getByText('Question 1 of 2').waitFor();
				await expectJoinReadable(page, size);
				await expectRoomView(page, size);
				expect(await page.locator('[data-testid="amount"]').count()).toBe(0);
			});

			for (const [i, answer] of answersFor(q.outcome, key).entries()) {
				await post(
					`/api/class/${code}/answers`,
					{ question: 0, pays: answer.pays, total: sum(answer.pays) + (i === 1 ? 10 : 0) },
					{ cookie: cookies[i]! }
				);
			}
			await act('answers.close');
			await each('closed', async (page, size) => {
				await page.getByText('Answers closed').waitFor();
				await page.getByText('6 of 6 answered').waitFor();
				await expectJoinReadable(page, size);
				await expectRoomView(page, size);
			});

			await act('question.reveal');
			const payers = q.fields.filter((f) => f.key !== 'total').length;
			await each('reveal', async (page, size) => {
				await page.getByText('Question 1: the answer').waitFor();
				// Every amount at once, on the table, with an arrow per payer.
				const amounts = page.locator('[data-testid="amount"]');
				await expect.poll(() => amounts.count()).toBe(payers + 1);
				await expect.poll(() => page.locator('[data-testid="arrow"]').count()).toBe(payers);
				const text = (await amounts.allInnerTexts()).join(' | ');
				for (const f of q.fields) {
					expect(text).toContain(formatAmount(amountOf(key, f.key as 'total')!, 'points'));
				}
				const px = await amounts.evaluateAll((els) =>
					els.map((e) => parseFloat(getComputedStyle(e).fontSize))
				);
				if (size.height === 1080) for (const p of px) expect(p).toBeGreaterThanOrEqual(28);
				// The class's answers grouped by misconception, every group inside the screen.
				await page.getByText('17% right (1 of 6)').waitFor();
				const groups = await page
					.locator('section.groups li')
					.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
				expect(groups.length).toBeGreaterThanOrEqual(4);
				for (const bottom of groups) expect(bottom).toBeLessThanOrEqual(size.height);
				expect(await page.locator('[data-testid="payer-line"]').count()).toBe(0);
				await expectJoinReadable(page, size);
				await expectRoomView(page, size);
			});

			// How it adds up on demand, from a clicker's keys: one step per group of payers who pay
			// alike, then the total (issue 20: no longer a step per payer and rule), always on screen.
			const settled = settle(q.outcome);
			if (isSettleFailure(settled)) throw new Error(settled.error.code);
			const lines = payerLines(settled).length;
			await each('steps', async (page, size) => {
				await page.keyboard.press('PageDown');
				await page.getByText(/^Step 1 of \d+$/).waitFor();
				expect(await page.locator('[data-testid="payer-line"]').count()).toBe(1);
				const total = Number(
					(await page.getByText(/^Step 1 of \d+$/).innerText()).split(' of ')[1]
				);
				expect(total).toBe(lines + 1);
				expect(total).toBeLessThanOrEqual(5);
				for (let s = 2; s <= total; s++) {
					await page.keyboard.press(s % 2 ? 'ArrowRight' : 'PageDown');
					await page.getByText(`Step ${s} of ${total}`).waitFor();
					await expectRoomView(page, size);
				}
				await page
					.getByTestId('payer-total')
					.filter({ hasText: /receives[\s\S]* = / })
					.waitFor();
				expect(await page.locator('[data-testid="payer-line"]').count()).toBe(lines);
				await page.keyboard.press('PageUp');
				await page.getByText(`Step ${total - 1} of ${total}`).waitFor();
				expect(await page.getByTestId('payer-total').count()).toBe(0);
				await page.keyboard.press('Home');
				await page.getByRole('button', { name: /step by step/ }).waitFor();
				expect(await page.locator('[data-testid="payer-line"]').count()).toBe(0);
				await expectJoinReadable(page, size);
			});
			expect(await seriousA11yViolations(screens[1]!)).toEqual([]);
			for (const page of screens) await page.keyboard.press('Home');

			await act('session.end');
			await each('end', async (page) => {
				await page.getByText('Class report').waitFor();
				expect(await page.locator('[data-testid="join-code"]').count()).toBe(0);
				const html = await page.content();
				for (const name of NAMES) expect(html).not.toContain(name);
			});
		});
	});

	describe('the control view, mirrored to the projector', () => {
		it('holds no name in any phase until Show names, and the key only when shown or revealed', async () => {
			const { data: created } = await post<Created>('/api/class', {
				questionCount: 1,
				seed: 'e2e-class'
			});
			const { code, secret } = created;
			const teacher = { authorization: `Bearer ${secret}` };
			const act = (type: string) =>
				post<Created['view']>(`/api/class/${code}/actions`, { type }, teacher);
			const names = NAMES.slice(0, 3);
			const cookies: string[] = [];
			for (const name of names)
				cookies.push((await post(`/api/class/${code}/join`, { name })).cookie);

			const context = await launchBrowser({ width: 1280, height: 800 });
			contexts.push(context);
			const page = await context.newPage();
			await page.goto(`${server.url}/class/${code}/control?key=${encodeURIComponent(secret)}`);
			await page.waitForURL(`${server.url}/class/${code}/control`);
			const text = () => page.locator('body').innerText();
			/** No name in the page's HTML (its data included) nor in the server-rendered page. */
			const noNames = async () => {
				const html = await page.content();
				const served = await (await page.request.get(page.url())).text();
				for (const name of names) {
					expect(html).not.toContain(name);
					expect(served).not.toContain(name);
				}
			};
			const hidden = async () => {
				await noNames();
				const shown = await text();
				expect(shown).not.toContain(secret);
				expect(shown).not.toContain(' right (');
				expect(shown).not.toMatch(/\d+ points/);
			};
			await page.getByText('Safe to mirror').waitFor();
			await page.getByText('Students (3)').waitFor();
			await hidden();

			const { data: opened } = await act('question.open');
			const key = opened.reveal!.expected;
			const answers = answersFor(opened.question!.outcome, key);
			await page.getByText('Not answered yet: 3').waitFor();
			await noNames();
			for (const [i, answer] of answers.slice(0, 2).entries()) {
				await post(
					`/api/class/${code}/answers`,
					{ question: 0, pays: answer.pays, total: sum(answer.pays) + (i === 1 ? 10 : 0) },
					{ cookie: cookies[i]! }
				);
			}
			await page.getByText('2 of 3 answered').waitFor();
			// Who is still thinking, as a count, without the key and without a name.
			await page.getByText('Not answered yet: 1').waitFor();
			await page.getByText('Hidden: press “Show the answer key” to see it.').waitFor();
			await hidden();
			// The control link for a phone is in the first screen, its secret out of sight.
			const phone = page.getByRole('button', { name: 'Show the control link for my phone' });
			expect((await phone.boundingBox())!.y).toBeLessThan(800);
			await screenshot(page, 'control-hidden');

			// The key alone: still no name.
			await page.getByRole('button', { name: 'Show the answer key' }).click();
			await page.getByText('50% right (1 of 2)').waitFor();
			expect(await text()).toContain(formatAmount(key.total, 'points'));
			await noNames();
			await page.getByRole('button', { name: 'Hide the answer key' }).click();
			await page.getByText('Safe to mirror').waitFor();

			// Show names: who has not answered comes first.
			await page.getByRole('button', { name: 'Show names' }).click();
			await page.getByRole('button', { name: 'Hide names' }).waitFor();
			const roster = page.locator('section[aria-labelledby="roster-heading"] li .name');
			const answeredByName = [names[0]!, names[1]!].sort((a, b) => a.localeCompare(b));
			await expect.poll(() => roster.allInnerTexts()).toEqual([names[2], ...answeredByName]);
			await screenshot(page, 'control-names');
			await page.getByRole('button', { name: 'Hide names' }).click();
			await page.getByRole('button', { name: 'Show names' }).waitFor();
			await hidden();

			await phone.click();
			await page.getByRole('img', { name: 'QR code of the control link' }).waitFor();
			expect(await text()).toContain(`key=${encodeURIComponent(secret)}`);
			await page.getByRole('button', { name: 'Hide the control link' }).click();
			expect(await text()).not.toContain(secret);

			await act('answers.close');
			await act('question.reveal');
			await page.getByText('The answer is revealed').waitFor();
			await page.getByText('50% right (1 of 2)').waitFor();
			expect(await text()).toContain(formatAmount(key.total, 'points'));
			// Revealed: the names still only on Show names, and hidden again on Hide names.
			await noNames();
			await page.getByRole('button', { name: 'Show names' }).click();
			await page.getByText(names[0]!).first().waitFor();
			expect(await seriousA11yViolations(page)).toEqual([]);
			await screenshot(page, 'control-revealed');
			await page.getByRole('button', { name: 'Hide names' }).click();
			await page.getByRole('button', { name: 'Show names' }).waitFor();
			await noNames();

			await act('session.end');
			await page.getByText('Class report').waitFor();
			await noNames();
		});
	});
});
