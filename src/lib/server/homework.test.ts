/**
 * Homework through the store (issue 20), on SQLite and on a real PostgreSQL: an assignment and
 * its questions, joins with device tokens, answers sent (again, and late), and the results read
 * back after the store is closed and opened again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answerFields, settle, isSettleFailure, type Outcome, type Seat } from '$lib/payments';
import { ClassError } from './errors';
import { HomeworkService, type SentAnswer } from './homework';
import { STORE_KINDS, testStore, type TestStore } from './store/testing';
import type { Store } from './store';

const T0 = 1_700_000_000_000;
const HOUR = 3_600_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const c of cleanups.splice(0).reverse()) await c();
});

async function opened(kind: (typeof STORE_KINDS)[number]) {
	const place: TestStore = testStore(kind);
	cleanups.push(() => place.cleanup());
	let store: Store = await place.open();
	cleanups.push(() => store.close());
	let now = T0;
	const service = new HomeworkService(
		() => Promise.resolve(store),
		() => now
	);
	return {
		service,
		at: (t: number) => (now = t),
		async reopen() {
			await store.close();
			store = await place.open();
		}
	};
}

/** The right answer to a question, or one with every amount too high (wrong). */
function answerTo(outcome: Outcome, question: number, right: boolean): SentAnswer {
	const s = settle(outcome);
	if (isSettleFailure(s)) throw new Error(s.error.message);
	const pays: Partial<Record<Seat, number>> = {};
	for (const f of answerFields(outcome)) {
		if (f.key === 'total') continue;
		const p = s.transfers.find((t) => t.from === f.key)?.points ?? 0;
		pays[f.key] = right ? p : p + 10;
	}
	return { question, pays, total: right ? s.total : s.total + 30, answeredAt: T0 };
}

const assignment = {
	skills: [],
	questionCount: 4,
	seed: 'hw-store',
	unit: 'points' as const,
	swaps: {},
	title: 'Week 2',
	dueAt: T0 + HOUR
};

describe.each(STORE_KINDS)('homework on %s', (kind) => {
	it('keeps assignments, students and answers, and reads results back after a reopen', async () => {
		const hw = await opened(kind);
		const { code, secret, view } = await hw.service.create(assignment);
		expect(view.questions).toHaveLength(4);
		const ann = await hw.service.join(code, 'Ann', null);
		const bob = await hw.service.join(code, 'Bob', null);
		expect(ann.token).toBeTruthy();
		// The same device joins again: the same student, no new token.
		expect(await hw.service.join(code, 'whatever', ann.token)).toMatchObject({
			studentId: ann.studentId,
			token: null
		});
		await expect(hw.service.join(code, 'ann', null)).rejects.toMatchObject({
			status: 409,
			code: 'name-taken'
		});

		const qs = view.questions;
		const annAnswers = qs.map((q, i) => answerTo(q.outcome, i, true));
		expect((await hw.service.submit(code, ann.token, annAnswers)).kept).toEqual([0, 1, 2, 3]);
		// Sent again (the reply was lost): nothing new is kept, the first answer stays.
		expect((await hw.service.submit(code, ann.token, annAnswers)).kept).toEqual([]);
		hw.at(T0 + 2 * HOUR);
		const late = await hw.service.submit(code, bob.token, [
			{ ...answerTo(qs[0]!.outcome, 0, false), answeredAt: T0 + 2 * HOUR }
		]);
		expect(late).toEqual({ kept: [0], late: [0] });

		await hw.reopen();
		const results = await hw.service.results(code, secret);
		expect(results.students.map((s) => [s.name, s.answered, s.right, s.late])).toEqual([
			['Ann', 4, 4, 0],
			['Bob', 1, 0, 1]
		]);
		expect(results.students[1]!.weakSkills.length).toBeGreaterThan(0);
		expect(results.mostWrong).toEqual([0]);
		const csv = await hw.service.resultsCsv(code, secret);
		expect(csv.split('\r\n')[1]).toMatch(/^Ann,4,4,4,100,0,/);
	});

	it('refuses what it cannot keep, with a status and a code', async () => {
		const hw = await opened(kind);
		const { code, secret, view } = await hw.service.create(assignment);
		const err = (p: Promise<unknown>) =>
			p.then(
				() => null,
				(e: unknown) => (e instanceof ClassError ? [e.status, e.code] : e)
			);
		expect(await err(hw.service.view('ZZZZZZ'))).toEqual([404, 'homework-not-found']);
		expect(await err(hw.service.results(code, 'nope'))).toEqual([403, 'teacher-only']);
		expect(await err(hw.service.submit(code, 'nope', []))).toEqual([401, 'not-joined']);
		expect(await err(hw.service.join(code, '   ', null))).toEqual([400, 'invalid-name']);
		expect(await err(hw.service.create({ ...assignment, dueAt: T0 - 1 }))).toEqual([
			400,
			'due-in-past'
		]);
		const { token } = await hw.service.join(code, 'Cy', null);
		const one = answerTo(view.questions[0]!.outcome, 0, true);
		expect(await err(hw.service.submit(code, token, [{ ...one, question: 9 }]))).toEqual([
			400,
			'invalid-answer'
		]);
		expect(await err(hw.service.submit(code, token, [{ ...one, pays: {} }]))).toEqual([
			400,
			'invalid-answer'
		]);
		expect((await hw.service.results(code, secret)).students[0]!.answered).toBe(0);
	});
});
