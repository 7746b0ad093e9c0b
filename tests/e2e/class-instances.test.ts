/**
 * A class on two app instances behind a real nginx (issue 19): Debian's nginx on a loopback port
 * with the README's sample configuration (round robin), both instances on one PostgreSQL. The
 * teacher and the projector are on instance A; four students join through nginx, so their pages,
 * answers and event streams land on both. Question 1 has a time limit that both instances' timers
 * race to close: it closes once. Mid-question 2, instance B is killed with `kill -9`: its streams
 * resume on A, the answers already acknowledged are all there, the rest go through A, the time
 * limit closes once, and the reveal reaches every student. Every answer is counted once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { amountOf, answerFields, isSettleFailure, rightAmounts, settle } from '$lib/payments';
import { generateScenarios } from '$lib/scenarios';
import {
	appReady,
	freePort,
	launchBrowser,
	postgresDatabase,
	startServer,
	type AppServer
} from './harness';
import { startNginx, type Nginx } from './nginx';

const SEED = 'e2e-instances';
const QUESTIONS = 2;
const LIMIT_SECONDS = 15;
const NAMES = ['Ann', 'Bea', 'Cyd', 'Dot'];

let database: { url: string; drop(): Promise<void> };
let a: AppServer;
let b: AppServer;
let nginx: Nginx;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
	database = await postgresDatabase();
	// nginx first (its address is the public ORIGIN of both instances), then the instances.
	const ports = [await freePort(), await freePort()];
	nginx = await startNginx(ports.map((p) => `127.0.0.1:${p}`));
	const env = (port: number) => ({
		DATABASE_URL: database.url,
		ORIGIN: nginx.url,
		ADDRESS_HEADER: 'X-Real-IP',
		PORT: String(port)
	});
	a = await startServer(env(ports[0]!), 'postgres');
	b = await startServer(env(ports[1]!), 'postgres');
});

afterAll(async () => {
	for (const c of contexts) await c.close();
	await nginx?.stop();
	await a?.stop();
	await b?.stop();
	await database?.drop();
});

function question(i: number) {
	const scenario = generateScenarios({ seed: SEED, count: QUESTIONS })[i]!;
	const settlement = settle(scenario.outcome);
	if (isSettleFailure(settlement)) throw new Error(settlement.error.code);
	const expected = rightAmounts(settlement);
	return answerFields(scenario.outcome).map((f) => ({ ...f, points: amountOf(expected, f.key)! }));
}

async function open(viewport = { width: 390, height: 844 }): Promise<Page> {
	const context = await launchBrowser(viewport);
	contexts.push(context);
	const page = await context.newPage();
	page.on('pageerror', (e) => {
		throw e;
	});
	return page;
}

const see = (page: Page, text: string | RegExp, timeout = 20_000) =>
	page.getByText(text).first().waitFor({ state: 'visible', timeout });

async function answer(page: Page, i: number) {
	await see(page, 'Who pays what?');
	for (const f of question(i))
		await page.getByLabel(f.label, { exact: true }).fill(String(f.points));
	await page.getByRole('button', { name: 'Send my answer' }).click();
	await see(page, 'Your answer is locked');
}

async function sql<T>(text: string): Promise<T[]> {
	const client = new pg.Client({ connectionString: database.url });
	await client.connect();
	try {
		return (await client.query(text)).rows as T[];
	} finally {
		await client.end();
	}
}

/** Which instance served each event stream a page opened, in order (nginx's X-Upstream). */
function streamsOf(page: Page): string[] {
	const served: string[] = [];
	page.on('response', (res) => {
		if (res.url().includes('/events?')) served.push(res.headers()['x-upstream'] ?? '');
	});
	return served;
}

describe('two instances behind nginx on one PostgreSQL', () => {
	it('counts every answer once, closes each time limit once, and survives kill -9 of one instance', async () => {
		const created = await fetch(`${a.url}/api/class`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ questionCount: QUESTIONS, seed: SEED, limitSeconds: LIMIT_SECONDS })
		});
		expect(created.status).toBe(201);
		const { code, secret } = (await created.json()) as { code: string; secret: string };

		// The teacher and the projector on instance A.
		const teacher = await open({ width: 1280, height: 800 });
		await teacher.goto(`${a.url}/class/${code}/control?key=${encodeURIComponent(secret)}`);
		await appReady(teacher);
		const screen = await open({ width: 1366, height: 768 });
		await screen.goto(`${a.url}/class/${code}/screen`);
		await see(screen, '0 players have joined');

		// Students through nginx: round robin puts their requests on both instances.
		const phones: Page[] = [];
		const streams: string[][] = [];
		for (const name of NAMES) {
			const phone = await open();
			streams.push(streamsOf(phone));
			await phone.goto(`${nginx.url}/join?code=${code}`);
			await appReady(phone);
			await phone.getByLabel(/^Your name/).fill(name);
			await phone.getByRole('button', { name: 'Join' }).click();
			await phone.waitForURL(`${nginx.url}/class/${code}`);
			await see(phone, "You're in!");
			phones.push(phone);
		}
		await see(screen, `${NAMES.length} players have joined`);
		const [onA, onB] = [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`];
		await expect.poll(() => streams.every((s) => s.length > 0)).toBe(true);
		// Each student's stream is on one instance or the other; should round robin have put them
		// all on one (the count of requests per page is even), a reload moves one.
		for (let k = 0; k < 6 && new Set(streams.map((s) => s.at(-1))).size < 2; k++) {
			const before = streams[k % 4]!.length;
			await phones[k % 4]!.reload();
			await expect.poll(() => streams[k % 4]!.length).toBeGreaterThan(before);
		}
		expect(new Set(streams.map((s) => s.at(-1)))).toEqual(new Set([onA, onB]));
		const wereOnB = streams.filter((s) => s.at(-1) === onB);

		// Question 1: every student answers; the time limit closes it once (both timers race).
		await teacher.getByRole('button', { name: 'Start question 1' }).click();
		for (const phone of phones) await answer(phone, 0);
		await see(screen, `${NAMES.length} of ${NAMES.length} answered`);
		await see(screen, 'Answers closed', (LIMIT_SECONDS + 10) * 1000);
		await teacher.getByRole('button', { name: 'Reveal the answer' }).click();
		for (const phone of phones) await see(phone, '✓ Right!');

		// Question 2: two answers acknowledged, then instance B dies.
		await teacher.getByRole('button', { name: 'Next: question 2' }).click();
		await answer(phones[0]!, 1);
		await answer(phones[1]!, 1);
		await b.kill();
		await answer(phones[2]!, 1);
		await answer(phones[3]!, 1);
		await see(screen, `${NAMES.length} of ${NAMES.length} answered`);
		await see(screen, 'Answers closed', (LIMIT_SECONDS + 10) * 1000);
		await teacher.getByRole('button', { name: 'Reveal the answer' }).click();
		// The streams that were on B resumed on A: the reveal reaches every student.
		for (const phone of phones) await see(phone, '✓ Right!');
		for (const s of wereOnB) expect(s.at(-1)).toBe(onA);
		expect(nginx.accessLog().some((l) => l.startsWith(onB) && l.includes('/events?'))).toBe(true);

		// Every answer once, none lost; each time limit closed once, by the timer.
		const answers = await sql<{ question: number; n: string }>(
			`SELECT question, count(*) AS n FROM answers WHERE session_code = '${code}' GROUP BY question ORDER BY question`
		);
		expect(answers.map((r) => [r.question, Number(r.n)])).toEqual([
			[0, NAMES.length],
			[1, NAMES.length]
		]);
		const closes = await sql<{ data: string }>(
			`SELECT data FROM events WHERE session_code = '${code}' AND type = 'answers.close' ORDER BY seq`
		);
		expect(closes.map((r) => JSON.parse(r.data).by)).toEqual(['timer', 'timer']);
		const seqs = await sql<{ seq: string }>(
			`SELECT seq FROM events WHERE session_code = '${code}' ORDER BY seq`
		);
		expect(seqs.map((r) => Number(r.seq))).toEqual(seqs.map((_, i) => i + 1));
		const view = (await (
			await fetch(`${a.url}/api/class/${code}/control`, {
				headers: { authorization: `Bearer ${secret}` }
			})
		).json()) as { answered: number; report: { students: { right: number }[] } };
		expect(view.answered).toBe(NAMES.length);
		expect(view.report.students.map((s) => s.right)).toEqual(NAMES.map(() => QUESTIONS));
	});
});
