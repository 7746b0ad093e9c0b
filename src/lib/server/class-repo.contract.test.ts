/**
 * The class repository's contract (issue 19, after Emmett's event store contract): one suite,
 * run on SQLite and on a real PostgreSQL. An append succeeds only at the expected sequence
 * number; of two appends at once exactly one wins and the other is a `ConflictError` that kept
 * nothing; the events read back replay to the same state; and a `fc.commands` run against a
 * model (a list of events) agrees after every append, race, read and reopen.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { replay } from '$lib/class/evolve';
import type { ClassEvent } from '$lib/class/machine';
import { ClassRepository } from './class-repo';
import type { NewRecord } from './class-records';
import { STORE_KINDS, rawQuery, testStore, type StoreKind, type TestStore } from './store/testing';
import { ConflictError, type Store } from './store';

const T0 = 1_700_000_000_000;
const CONFIG = {
	skills: [],
	questionCount: 2,
	unit: 'points' as const,
	seed: 's',
	limitSeconds: null
};

let ids = 0;
/** A join with a fresh id, name and token hash, or a lock / unlock (no extra rows). */
function record(kind: 'join' | 'lock' | 'unlock', at = T0): NewRecord {
	if (kind === 'join') {
		const n = ++ids;
		return {
			event: { type: 'student.join', id: `s${n}`, name: `Student ${n}`, at },
			facts: { tokenHash: `hash-${n}-${Math.random()}` }
		};
	}
	return { event: { type: kind === 'lock' ? 'session.lock' : 'session.unlock', at }, facts: {} };
}

interface Opened {
	place: TestStore;
	store: Store;
	repo: ClassRepository;
	code: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const c of cleanups.splice(0).reverse()) await c();
});

async function session(kind: StoreKind): Promise<Opened> {
	const place = testStore(kind);
	cleanups.push(() => place.cleanup());
	const store = await place.open();
	const opened = { place, store, repo: new ClassRepository(store), code: 'ABCDEF' };
	cleanups.push(() => opened.store.close());
	const row = {
		code: opened.code,
		teacherHash: 'ab',
		config: CONFIG,
		questions: [],
		createdAt: T0
	};
	expect(await opened.repo.insertSession(row)).toBe(true);
	expect(await opened.repo.insertSession(row)).toBe(false);
	return opened;
}

const eventsOf = async (o: Opened, after = 0) =>
	(await o.repo.events(o.code, after)).map((r) => ({ seq: r.seq, event: r.event }));

describe.each(STORE_KINDS)('the class repository contract on %s', (kind) => {
	it('appends at the expected sequence number, and nowhere else', async () => {
		const o = await session(kind);
		await o.repo.append(o.code, 0, [record('join'), record('lock')], 'lobby');
		expect((await o.repo.session(o.code))?.seq).toBe(2);
		for (const wrong of [0, 1, 3]) {
			const late = o.repo.append(o.code, wrong, [record('unlock')], 'lobby');
			await expect(late).rejects.toMatchObject({ conflict: 'sequence' });
		}
		await o.repo.append(o.code, 2, [record('unlock', T0 + 5)], 'open');
		const row = await o.repo.session(o.code);
		expect(row).toMatchObject({ seq: 3, phase: 'open', updatedAt: T0 + 5 });
		expect((await eventsOf(o)).map((e) => e.seq)).toEqual([1, 2, 3]);
		const [students] = await rawQuery(o.place, 'SELECT count(*) AS n FROM students');
		expect(Number(students!.n)).toBe(1);
	});

	it('lets exactly one of two appends at once win; the loser kept nothing', async () => {
		const o = await session(kind);
		const again = await o.place.open();
		cleanups.push(() => again.close());
		const other = new ClassRepository(again);
		for (let round = 0; round < 5; round++) {
			const seq = (await o.repo.session(o.code))!.seq;
			const mine = [record('join'), record('join')];
			const theirs = [record('join')];
			const results = await Promise.allSettled([
				o.repo.append(o.code, seq, mine, 'lobby'),
				other.append(o.code, seq, theirs, 'lobby')
			]);
			const won = results.filter((r) => r.status === 'fulfilled');
			expect(won).toHaveLength(1);
			const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
			expect(lost.reason).toBeInstanceOf(ConflictError);
			expect(lost.reason).toMatchObject({ conflict: 'sequence' });
			const winner = results[0]!.status === 'fulfilled' ? mine : theirs;
			const stored = await eventsOf(o, seq);
			expect(stored.map((e) => e.event)).toEqual(winner.map((r) => r.event));
		}
		const [students] = await rawQuery(o.place, 'SELECT count(*) AS n FROM students');
		expect(Number(students!.n)).toBe((await o.repo.session(o.code))!.seq);
	});

	it('reads the events back in order with their facts, and they replay to the same state', async () => {
		const o = await session(kind);
		const records: NewRecord[] = [
			record('join'),
			{ event: { type: 'question.open', at: T0 + 1 }, facts: {} },
			{
				event: { type: 'answer.submit', studentId: `s${ids}`, question: 0, at: T0 + 2 },
				facts: { answer: { pays: { south: 50, west: 50, north: 50 }, total: 150 } }
			},
			{ event: { type: 'answers.close', by: 'teacher', at: T0 + 3 }, facts: {} }
		];
		await o.repo.append(o.code, 0, records.slice(0, 2), 'open');
		await o.repo.append(o.code, 2, records.slice(2), 'closed');
		const read = await o.repo.events(o.code);
		expect(read.map((r) => r.facts)).toEqual(records.map((r) => r.facts));
		const input = { questionCount: 2, limitMs: null, createdAt: T0 };
		const events: ClassEvent[] = records.map((r) => r.event);
		expect(
			replay(
				input,
				read.map((r) => r.event)
			)
		).toEqual(replay(input, events));
		expect(replay(input, events).value).toBe('closed');
		expect((await o.repo.keptAnswers(o.code)).map((a) => a.answer.total)).toEqual([150]);
		expect(await o.repo.studentByToken(o.code, records[0]!.facts.tokenHash!)).toBe(`s${ids}`);
		expect(await eventsOf(o, 3)).toEqual([{ seq: 4, event: records[3]!.event }]);
	});

	it('agrees with a model (the list of events) over random appends, races, reads and reopens', async () => {
		const o = await session(kind);
		type Model = { events: ClassEvent[] };
		type Real = Opened;
		const check = async (m: Model, r: Real) => {
			expect((await r.repo.session(r.code))!.seq).toBe(m.events.length);
			expect((await eventsOf(r)).map((e) => e.event)).toEqual(m.events);
		};
		class Append implements fc.AsyncCommand<Model, Real> {
			constructor(readonly kinds: ('join' | 'lock')[]) {}
			check = () => true;
			async run(m: Model, r: Real) {
				const records = this.kinds.map((k) => record(k));
				await r.repo.append(r.code, m.events.length, records, 'lobby');
				m.events.push(...records.map((x) => x.event));
				await check(m, r);
			}
			toString = () => `append(${this.kinds.join(',')})`;
		}
		class Stale implements fc.AsyncCommand<Model, Real> {
			constructor(readonly offset: number) {}
			check = (m: Readonly<Model>) => m.events.length + this.offset >= 0 && this.offset !== 0;
			async run(m: Model, r: Real) {
				const at = m.events.length + this.offset;
				const appended = r.repo.append(r.code, at, [record('lock')], 'lobby');
				await expect(appended).rejects.toMatchObject({ conflict: 'sequence' });
				await check(m, r);
			}
			toString = () => `stale(${this.offset})`;
		}
		class Race implements fc.AsyncCommand<Model, Real> {
			check = () => true;
			async run(m: Model, r: Real) {
				const second = await r.place.open();
				try {
					const a = [record('join')];
					const b = [record('lock'), record('join')];
					const seq = m.events.length;
					const [ra, rb] = await Promise.allSettled([
						r.repo.append(r.code, seq, a, 'lobby'),
						new ClassRepository(second).append(r.code, seq, b, 'lobby')
					]);
					expect([ra.status, rb.status].sort()).toEqual(['fulfilled', 'rejected']);
					m.events.push(...(ra.status === 'fulfilled' ? a : b).map((x) => x.event));
				} finally {
					await second.close();
				}
				await check(m, r);
			}
			toString = () => 'race';
		}
		class Read implements fc.AsyncCommand<Model, Real> {
			constructor(readonly after: number) {}
			check = () => true;
			async run(m: Model, r: Real) {
				const after = Math.min(this.after, m.events.length);
				const read = await eventsOf(r, after);
				expect(read.map((e) => e.seq)).toEqual(m.events.slice(after).map((_, i) => after + i + 1));
				expect(read.map((e) => e.event)).toEqual(m.events.slice(after));
			}
			toString = () => `read(${this.after})`;
		}
		class Reopen implements fc.AsyncCommand<Model, Real> {
			check = () => true;
			async run(m: Model, r: Real) {
				await r.store.close();
				r.store = await r.place.open();
				r.repo = new ClassRepository(r.store);
				await check(m, r);
			}
			toString = () => 'reopen';
		}
		const commands = [
			fc
				.array(fc.constantFrom<'join' | 'lock'>('join', 'lock'), { minLength: 1, maxLength: 4 })
				.map((k) => new Append(k)),
			fc.integer({ min: -3, max: 2 }).map((n) => new Stale(n)),
			fc.constant(new Race()),
			fc.nat(12).map((n) => new Read(n)),
			fc.constant(new Reopen())
		];
		let run = 0;
		await fc.assert(
			fc.asyncProperty(fc.commands(commands, { maxCommands: 15 }), async (cmds) => {
				const code = `RUN${String(++run).padStart(3, '0')}`;
				const row = { code, teacherHash: 'ab', config: CONFIG, questions: [], createdAt: T0 };
				expect(await o.repo.insertSession(row)).toBe(true);
				await fc.asyncModelRun(
					() => ({ model: { events: [] }, real: Object.assign(o, { code }) }),
					cmds
				);
			}),
			{ numRuns: 25 }
		);
	});
});
