/**
 * A learner's progress cannot be lost or undone by accident: a reset is final (a resumed round or
 * another tab never writes back what was answered before it; an import does, on purpose, and says
 * so), every change is announced, and an import grades every attempt again, refuses future dates
 * and reports fields it does not know.
 */
import { describe, expect, it, vi } from 'vitest';
import {
	addAttempt,
	clearProgress,
	exportJson,
	exportStore,
	importProgress,
	listAttempts,
	planImport,
	recordAttempt
} from './progress';
import { memoryProgressStore } from './store';
import { readProgressFile } from './schema';
import { unknownFields } from './unknown';
import {
	attempt,
	bonusMissed,
	discardJokerless,
	rightDiscard,
	rightSelfPick,
	selfPick
} from './test-fixtures';

const at = (iso: string) => new Date(iso);

describe('a reset is final', () => {
	it('drops an answer given before the reset, kept after it', async () => {
		const store = memoryProgressStore([], { now: () => at('2025-03-02T12:00:00Z') });
		const before = attempt(selfPick, rightSelfPick, { at: at('2025-03-02T11:59:00Z') });
		await addAttempt(store, before);
		expect(await clearProgress(store)).toBe(1);
		// A resumed round writes its earlier answers again: nothing comes back.
		expect(await addAttempt(store, before)).toBe(false);
		expect(
			await recordAttempt(
				{
					id: 'other-tab',
					scenario: selfPick,
					answer: rightSelfPick,
					unit: 'points',
					roundId: 'r',
					at: at('2025-03-02T11:59:30Z')
				},
				store
			)
		).toBeNull();
		expect(await listAttempts(store)).toEqual([]);
		const after = attempt(selfPick, rightSelfPick, { at: at('2025-03-02T12:00:01Z') });
		expect(await addAttempt(store, after)).toBe(true);
		expect((await listAttempts(store)).map((a) => a.id)).toEqual([after.id]);
	});

	it('counts what the store holds at the moment of reset', async () => {
		const store = memoryProgressStore([attempt(selfPick, rightSelfPick)]);
		// Another tab adds two more after this one last read the store.
		await addAttempt(store, attempt(selfPick, rightSelfPick));
		await addAttempt(store, attempt(discardJokerless, rightDiscard));
		expect(await clearProgress(store)).toBe(3);
		expect(store.size()).toBe(0);
	});

	it('lets an import bring back older answers, on purpose, saying how many', async () => {
		const store = memoryProgressStore([], { now: () => at('2025-06-01T00:00:00Z') });
		const old = [attempt(selfPick, rightSelfPick), attempt(discardJokerless, bonusMissed)];
		for (const a of old) await addAttempt(store, a);
		const text = exportJson(await listAttempts(store), at('2025-05-01T00:00:00Z'));
		await clearProgress(store);
		const plan = await planImport(store, text);
		expect(plan).toMatchObject({
			ok: true,
			beforeReset: 2,
			resetAt: '2025-06-01T00:00:00.000Z',
			skipped: 0
		});
		expect(store.size()).toBe(0);
		expect(await importProgress(store, text)).toMatchObject({ ok: true, added: 2 });
		expect(store.size()).toBe(2);
	});
});

describe('changes are announced', () => {
	it('calls listeners after a put, a write and a reset, and not after a dropped put', async () => {
		const store = memoryProgressStore();
		const listener = vi.fn();
		const stop = store.subscribe(listener);
		const one = attempt(selfPick, rightSelfPick, { at: at('2000-01-01T00:00:00Z') });
		await addAttempt(store, one);
		await importProgress(store, exportJson([attempt(selfPick, rightSelfPick)]));
		await clearProgress(store);
		expect(listener).toHaveBeenCalledTimes(3);
		await addAttempt(store, one);
		expect(listener).toHaveBeenCalledTimes(3);
		stop();
		await clearProgress(store);
		expect(listener).toHaveBeenCalledTimes(3);
	});
});

describe('export', () => {
	it('reads the store at the moment of export, pretty-printed and versioned', async () => {
		const store = memoryProgressStore([attempt(selfPick, rightSelfPick)]);
		await addAttempt(store, attempt(discardJokerless, rightDiscard));
		const { text, count } = await exportStore(store, at('2025-04-01T00:00:00Z'));
		expect(count).toBe(2);
		expect(text).toMatch(
			/^\{\n {2}"format": "mahjong-payments-coach\/progress",\n {2}"version": 1,/
		);
		expect(text.endsWith('}\n')).toBe(true);
		expect(JSON.parse(text).attempts).toHaveLength(2);
	});
});

describe('an import grades again', () => {
	const tampered = () => {
		const file = JSON.parse(exportJson([attempt(discardJokerless, bonusMissed)])) as {
			attempts: Record<string, unknown>[];
		};
		const a = file.attempts[0]!;
		Object.assign(a, { correct: true, wrong: [], misconceptions: [], skills: [] });
		return file;
	};

	it('never takes correct, wrong, misconceptions or skills from the file', () => {
		const read = readProgressFile(JSON.stringify(tampered()));
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		expect(read.regraded).toBe(1);
		expect(read.file.attempts[0]).toMatchObject({
			correct: false,
			misconceptions: ['jokerless-bonus-missed'],
			skills: ['jokerless']
		});
	});

	it('counts an empty answer marked right as wrong', () => {
		const file = tampered();
		file.attempts[0]!.answer = { pays: {} };
		const read = readProgressFile(JSON.stringify(file));
		expect(read.ok && read.file.attempts[0]!.correct).toBe(false);
		expect(read.ok && read.file.attempts[0]!.missing).toHaveLength(4);
	});

	it('a tampered answer of 1/1/1 marked right is wrong', () => {
		const file = tampered();
		file.attempts[0]!.answer = { pays: { south: 1, west: 1, north: 1 }, total: 3 };
		const read = readProgressFile(JSON.stringify(file));
		expect(read.ok && read.file.attempts[0]).toMatchObject({
			correct: false,
			wrong: ['south', 'west', 'north', 'total']
		});
	});

	it('reports the fields it does not know instead of dropping them silently', async () => {
		const file = tampered() as Record<string, unknown> & { attempts: Record<string, unknown>[] };
		file.note = 'mine';
		file.attempts[0]!.colour = 'red';
		(file.attempts[0]!.scenario as Record<string, unknown>).difficulty = 3;
		(
			(file.attempts[0]!.scenario as Record<string, unknown>).outcome as Record<string, unknown>
		).pie = 100;
		(file.attempts[0]!.answer as Record<string, unknown>).tip = 5;
		expect(unknownFields(file)).toEqual([
			'note',
			'question 1: colour',
			'question 1: answer.tip',
			'question 1: scenario.difficulty',
			'question 1: scenario.outcome.pie'
		]);
		const plan = await planImport(memoryProgressStore(), JSON.stringify(file));
		expect(plan.ok && plan.unknownFields).toHaveLength(5);
		// Listed, and not imported: the attempt keeps only the fields this app knows, at every depth.
		const kept = plan.ok ? plan.attempts[0]! : null;
		expect(kept?.scenario.outcome).not.toHaveProperty('pie');
		expect(kept?.scenario).not.toHaveProperty('difficulty');
		expect(kept?.answer).not.toHaveProperty('tip');
		expect(kept).not.toHaveProperty('colour');
		expect(unknownFields(JSON.parse(exportJson([attempt(selfPick, rightSelfPick)])))).toEqual([]);
	});

	it('refuses an attempt dated in the future, allowing a few minutes of clock difference', () => {
		const now = at('2025-03-10T00:00:00Z');
		const file = tampered();
		file.attempts[0]!.at = '2025-03-10T00:05:00.000Z';
		expect(readProgressFile(JSON.stringify(file), now).ok).toBe(true);
		file.attempts[0]!.at = '2025-03-10T01:00:00.000Z';
		expect(readProgressFile(JSON.stringify(file), now)).toEqual({
			ok: false,
			reason:
				'The file is damaged (question 1): it is dated 2025-03-10, in the future, so it cannot be an answer given yet.'
		});
	});
});
