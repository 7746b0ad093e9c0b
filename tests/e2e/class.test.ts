/**
 * A live class in Chromium (issue 4), on each store (SQLite and PostgreSQL, issue 19): one
 * teacher, one projector and three student browser contexts play three questions. A student reloads mid-question and keeps their locked answer;
 * the projector never shows an amount (nor a student's name) before the reveal, and shows every
 * amount at once after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
	amountOf,
	answerFields,
	formatAmount,
	isSettleFailure,
	rightAmounts,
	settle
} from '$lib/payments';
import { generateScenarios } from '$lib/scenarios';
import {
	appReady,
	launchBrowser,
	screenshot,
	seriousA11yViolations,
	STORE_KINDS,
	useAppServer
} from './harness';

const SEED = 'e2e-class';
const QUESTIONS = 3;
const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Katherine J'];

// Hooks run in reverse order after the tests: the browsers close before the servers stop.
const servers = { sqlite: useAppServer('sqlite'), postgres: useAppServer('postgres') };
let server = servers.sqlite;
const contexts: BrowserContext[] = [];
afterAll(async () => {
	for (const c of contexts) await c.close();
});

/** The fields of question i, the right amounts, and the settlement's total, from the same generator. */
function question(i: number) {
	const scenario = generateScenarios({ seed: SEED, count: QUESTIONS })[i]!;
	const settlement = settle(scenario.outcome);
	if (isSettleFailure(settlement)) throw new Error(settlement.error.code);
	const expected = rightAmounts(settlement);
	const fields = answerFields(scenario.outcome).map((f) => ({
		...f,
		points: amountOf(expected, f.key)!
	}));
	return { fields, total: settlement.total };
}

async function open(viewport: { width: number; height: number }, mobile = false): Promise<Page> {
	const context = await launchBrowser(viewport, mobile ? { isMobile: true, hasTouch: true } : {});
	contexts.push(context);
	const page = await context.newPage();
	page.on('pageerror', (e) => {
		throw e;
	});
	return page;
}

const see = (page: Page, text: string | RegExp) =>
	page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });

async function answer(page: Page, i: number, kind: 'right' | 'wrong') {
	const { fields } = question(i);
	await see(page, 'Who pays what?');
	for (const f of fields) {
		const points = kind === 'wrong' && f.key === 'total' ? f.points + 10 : f.points;
		await page.getByLabel(f.label, { exact: true }).fill(String(points));
	}
	await page.getByRole('button', { name: 'Send my answer' }).click();
	await see(page, 'Your answer is locked');
}

/** The projector before reveal: no breakdown, no total, no payments, no names. */
async function expectNoAmounts(screen: Page, i: number) {
	const { total } = question(i);
	const text = await screen.locator('body').innerText();
	expect(text).not.toContain('receives');
	expect(text).not.toContain(formatAmount(total, 'points'));
	for (const name of NAMES) expect(text).not.toContain(name);
	expect(await screen.locator('[data-testid="payer-line"]').count()).toBe(0);
	const api = await screen.request.get(
		`${new URL(screen.url()).origin}/api/class/${codeOf(screen)}/screen`
	);
	const view = (await api.json()) as { reveal: unknown; summary: unknown };
	expect(view.reveal).toBeNull();
	expect(view.summary).toBeNull();
}

const codeOf = (page: Page) => new URL(page.url()).pathname.split('/')[2]!;

describe.each(STORE_KINDS)('on %s', (kind) => {
	beforeAll(() => {
		server = servers[kind];
	});

	describe('a live class session', () => {
		it('teacher, projector and three phones play three questions', async () => {
			const teacher = await open({ width: 1280, height: 800 });
			await teacher.goto(`${server.url}/class/new`);
			await appReady(teacher);
			await teacher.getByLabel('Questions', { exact: true }).fill(String(QUESTIONS));
			await teacher.getByLabel('Question set', { exact: true }).fill(SEED);
			await teacher.getByRole('button', { name: 'Create the session' }).click();
			await teacher.waitForURL(/\/class\/[A-Z2-9]{6}\/control$/);
			const code = codeOf(teacher);

			const screen = await open({ width: 1366, height: 768 });
			await screen.goto(`${server.url}/class/${code}/screen`);
			await see(screen, '0 players have joined');
			// The QR code is drawn once its library has loaded, so wait for it rather than count at once.
			await screen.locator('img[alt^="QR code"]').waitFor({ state: 'visible', timeout: 15_000 });
			expect(await screen.locator('img[alt^="QR code"]').count()).toBe(1);

			const phones: Page[] = [];
			for (const name of NAMES) {
				const phone = await open({ width: 360, height: 740 }, true);
				await phone.goto(`${server.url}/join?code=${code.toLowerCase()}`);
				await appReady(phone);
				await phone.getByLabel(/^Your name/).fill(`  ${name} `);
				await phone.getByRole('button', { name: 'Join' }).click();
				await phone.waitForURL(`${server.url}/class/${code}`);
				await see(phone, "You're in!");
				phones.push(phone);
			}
			await see(screen, '3 players have joined');
			await see(teacher, 'Students (3)');
			expect(await seriousA11yViolations(phones[0]!)).toEqual([]);

			for (let i = 0; i < QUESTIONS; i++) {
				await teacher
					.getByRole('button', { name: i === 0 ? 'Start question 1' : `Next: question ${i + 1}` })
					.click();
				await see(screen, `Question ${i + 1} of ${QUESTIONS}`);
				await expectNoAmounts(screen, i);

				await answer(phones[0]!, i, 'right');
				await answer(phones[1]!, i, 'wrong');
				if (i === 1) {
					// The third student answers, reloads mid-question, and finds the same locked answer.
					await answer(phones[2]!, i, 'right');
					await phones[2]!.reload();
					await see(phones[2]!, 'Your answer is locked');
					const locked = await phones[2]!.locator('.locked').innerText();
					for (const f of question(i).fields)
						expect(locked).toContain(formatAmount(f.points, 'points'));
					expect(await phones[2]!.getByRole('button', { name: 'Send my answer' }).count()).toBe(0);
				} else {
					await answer(phones[2]!, i, 'right');
				}
				await see(screen, '3 of 3 answered');
				await expectNoAmounts(screen, i);
				if (i === 0) await screenshot(screen, 'class-screen-open');

				await teacher.getByRole('button', { name: 'Close answers' }).click();
				await see(screen, 'Answers closed');
				await expectNoAmounts(screen, i);
				await teacher.getByRole('button', { name: 'Reveal the answer' }).click();

				await see(screen, `Question ${i + 1}: the answer`);
				await see(screen, '67% right (2 of 3)');
				// Every amount at once on the table; the steps follow from the keys a clicker sends.
				const plates = (await screen.locator('[data-testid="amount"]').allInnerTexts()).join(' ');
				for (const f of question(i).fields) {
					expect(plates).toContain(formatAmount(f.points, 'points'));
				}
				for (let k = 0; k < 20; k++) await screen.keyboard.press(k % 2 ? 'PageDown' : 'ArrowRight');
				await screen
					.getByTestId('payer-total')
					.filter({ hasText: /receives[\s\S]* = / })
					.waitFor({ state: 'visible', timeout: 15_000 });
				const revealed = await screen.locator('body').innerText();
				for (const name of NAMES) expect(revealed).not.toContain(name);
				if (i === 0) await screenshot(screen, 'class-screen-revealed');

				await see(phones[0]!, '✓ Right!');
				await see(phones[1]!, '✗ Not quite');
				await see(phones[1]!, "Winner's total not the sum");
			}
			expect(await seriousA11yViolations(phones[1]!)).toEqual([]);
			await screenshot(phones[1]!, 'class-phone-result');

			await teacher.getByRole('button', { name: 'Finish and show the report' }).click();
			await see(teacher, 'Class report');
			await see(screen, 'Class report');
			await see(phones[0]!, `Final score: 3 of ${QUESTIONS}`);
			await see(phones[1]!, `Final score: 0 of ${QUESTIONS}`);
			await screenshot(teacher, 'class-control-report');
			const csv = await teacher.request.get(
				`${server.url}/api/class/${code}/report?format=csv&table=students`
			);
			expect(csv.headers()['content-type']).toContain('text/csv');
			const rows = (await csv.text()).trim().split('\r\n');
			// name, answered, right, questions, score %, then weak skills, misconception, removed.
			expect(rows).toContain(`${NAMES[0]},3,3,3,100,,,,`);
			const wrong = rows.find((r) => r.startsWith(`${NAMES[1]},3,0,3,0,`));
			expect(wrong?.split(',').at(-1)).toBe('');
			expect(wrong).toMatch(/,3,0,3,0,.+,.+,\d+,$/);
			expect(await seriousA11yViolations(teacher)).toEqual([]);
		});
	});

	describe('joining before the page has loaded', () => {
		it('sends Join as a form action without the app, and keeps the code and name with the reason', async () => {
			const context = await launchBrowser(
				{ width: 360, height: 740 },
				{ javaScriptEnabled: false }
			);
			try {
				const phone = await context.newPage();
				await phone.goto(`${server.url}/join?code=abc234`);
				await phone.getByLabel(/^Your name/).fill('Ada');
				await phone.getByRole('button', { name: 'Join' }).click();
				await phone.getByText(/No class session has the code/).waitFor({ timeout: 15_000 });
				expect(await phone.getByLabel('Join code').inputValue()).toBe('abc234');
				expect(await phone.getByLabel(/^Your name/).inputValue()).toBe('Ada');
			} finally {
				await context.close();
			}
		});
	});
});
