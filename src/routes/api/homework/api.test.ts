/**
 * The homework API's limits and swaps (issue 20), called as the routes are, on SQLite and on
 * PostgreSQL: a burst of new assignments, joins or answer sends from one address gets 429 with
 * the documented JSON error (a reason) and Retry-After, while another address goes on; on
 * PostgreSQL the count holds across two instances. The create body's swaps give exactly the
 * preview's questions, and bad swaps are 400 with a reason.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classQuestions } from '$lib/class/preview';
import type { HomeworkPublic } from '$lib/homework/types';
import { HomeworkService } from '$lib/server/homework';
import { useHomeworkService } from '$lib/server/homework-service';
import type { ClassService } from '$lib/server/sessions';
import {
	FakeCookies,
	fakeEvent,
	STORE_KINDS,
	testService,
	type FakeRequest,
	type StoreKind,
	type TestService
} from '$lib/server/testing';
import { POST as create } from './+server';
import { POST as answers } from './[code]/answers/+server';
import { POST as join } from './[code]/join/+server';

type Handler = (event: never) => Response | Promise<Response>;
const call = (handler: Handler, req: FakeRequest): Promise<Response> =>
	Promise.resolve(handler(fakeEvent(req).event as never));

async function expectTooMany(res: Response, code: string) {
	expect(res.status).toBe(429);
	expect(res.headers.get('content-type')).toContain('application/json');
	expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
	const body = (await res.json()) as { error: { code: string; message: string } };
	expect(body.error.code).toBe(code);
	expect(body.error.message).toMatch(/try again in \d+ s/);
}

const homeworkOn = (t: TestService, service: ClassService) =>
	new HomeworkService(
		() => service.openStore(),
		() => t.clock.now,
		() => service.limits()
	);

describe.each(STORE_KINDS)('the homework API on %s', (kind: StoreKind) => {
	let t: TestService;
	beforeEach(() => {
		t = testService(
			{
				createLimit: { capacity: 3, perSecond: 0.01 },
				joinLimit: { capacity: 3, perSecond: 0.01 },
				answerLimit: { capacity: 3, perSecond: 0.01 }
			},
			kind
		);
		useHomeworkService(homeworkOn(t, t.service));
	});
	afterEach(async () => {
		useHomeworkService(null);
		await t.cleanup();
	});

	const body = (more: Record<string, unknown> = {}) => ({
		questionCount: 3,
		seed: 'hw-api',
		dueAt: t.clock.now + 3_600_000,
		...more
	});
	const make = (address: string, more: Record<string, unknown> = {}) =>
		call(create, { path: '/api/homework', json: body(more), address });

	it('a burst of new homework from one address gets 429 with a reason and Retry-After', async () => {
		for (let i = 0; i < 3; i++) expect((await make('10.2.0.1')).status).toBe(201);
		await expectTooMany(await make('10.2.0.1'), 'too-many-homework');
		expect((await make('10.2.0.2')).status).toBe(201);
	});

	it('a burst of joins and of answer sends from one address gets 429', async () => {
		const { code, view } = (await (await make('10.2.0.1')).json()) as {
			code: string;
			view: HomeworkPublic;
		};
		const joinAs = (name: string, address: string, cookies = new FakeCookies()) =>
			call(join, {
				path: `/api/homework/${code}/join`,
				params: { code },
				json: { name },
				cookies,
				address
			});
		const ann = new FakeCookies();
		expect((await joinAs('Ann', '10.3.0.1', ann)).status).toBe(201);
		expect((await joinAs('Bob', '10.3.0.1')).status).toBe(201);
		expect((await joinAs('Cy', '10.3.0.1')).status).toBe(201);
		await expectTooMany(await joinAs('Di', '10.3.0.1'), 'too-many-joins');
		expect((await joinAs('Di', '10.3.0.2')).status).toBe(201);

		// Sending again is harmless (the first answer counts), so a phone may retry: 3, then 429.
		const send = (address: string) =>
			call(answers, {
				path: `/api/homework/${code}/answers`,
				params: { code },
				json: { answers: [] },
				cookies: ann,
				address
			});
		expect(view.questions).toHaveLength(3);
		for (let i = 0; i < 3; i++) expect((await send('10.3.0.1')).status).toBe(200);
		await expectTooMany(await send('10.3.0.1'), 'too-many-answers');
		expect((await send('10.3.0.3')).status).toBe(200);
	});

	it('asks exactly the questions of the seed with the swaps (as the preview shows them)', async () => {
		const swaps = { 0: 2, 2: 1 };
		const res = await make('10.5.0.1', { swaps: { '0': 2, '2': 1 } });
		expect(res.status).toBe(201);
		const { view } = (await res.json()) as { view: HomeworkPublic };
		const previewed = classQuestions({ seed: 'hw-api', questionCount: 3, skills: [], swaps });
		expect(view.questions).toEqual(previewed);
		const plain = classQuestions({ seed: 'hw-api', questionCount: 3, skills: [] });
		expect(view.questions[0]!.outcome).not.toEqual(plain[0]!.outcome);
		expect(view.questions[1]).toEqual(plain[1]);
	});

	it('refuses bad swaps with 400 and a reason', async () => {
		for (const swaps of [{ '3': 1 }, { '0': 0 }, { x: 1 }, { '1': 1.5 }, [1]]) {
			const res = await make('10.6.0.1', { swaps });
			expect(res.status, JSON.stringify(swaps)).toBe(400);
			const { error } = (await res.json()) as { error: { code: string; message: string } };
			expect(error.code).toBe('invalid-body');
			expect(error.message).toMatch(/swaps/);
		}
	});
});

/** On PostgreSQL every instance counts the same limits (on SQLite there is one instance). */
describe('the homework API on two instances sharing PostgreSQL', () => {
	let t: TestService;
	beforeEach(() => {
		t = testService({ createLimit: { capacity: 3, perSecond: 0.01 } }, 'postgres');
		useHomeworkService(homeworkOn(t, t.service));
	});
	afterEach(async () => {
		useHomeworkService(null);
		await t.cleanup();
	});
	const make = (address: string) =>
		call(create, {
			path: '/api/homework',
			json: { questionCount: 2, dueAt: t.clock.now + 3_600_000 },
			address
		});

	it('the limit holds across instances when the store is shared', async () => {
		const other = homeworkOn(t, t.another());
		const a = useHomeworkService(null)!;
		const burst: Response[] = [];
		for (const service of [a, other, a, other]) {
			useHomeworkService(service);
			burst.push(await make('10.4.0.1'));
		}
		expect(burst.map((r) => r.status)).toEqual([201, 201, 201, 429]);
		await expectTooMany(burst[3]!, 'too-many-homework');
	});
});
