import { describe, expect, it } from 'vitest';
import {
	addAttempt,
	clearProgress,
	exportFileName,
	exportJson,
	importProgress,
	listAttempts
} from './progress';
import { misconceptionStats, accuracyByDay } from './stats';
import { skillStats } from './mastery';
import { memoryProgressStore, type ProgressStore } from './store';
import { PROGRESS_FORMAT, type AttemptRecord } from './types';
import { MAX_FILE_CHARS } from './schema';
import { generateScenarios } from '$lib/scenarios';
import {
	attempt,
	bonusMissed,
	discardJokerless,
	rightDiscard,
	rightSelfPick,
	selfPick,
	selfPickNotDoubled,
	wallGame
} from './test-fixtures';

function history(): AttemptRecord[] {
	return [
		attempt(discardJokerless, bonusMissed, { hintsUsed: 1 }),
		attempt(selfPick, rightSelfPick),
		attempt(selfPick, selfPickNotDoubled, { minutes: 60 * 30 }),
		attempt(wallGame, null),
		attempt(discardJokerless, rightDiscard, { roundId: 'round-2' })
	];
}

const progressOf = (list: AttemptRecord[]) => ({
	skills: skillStats(list),
	misconceptions: misconceptionStats(list),
	days: accuracyByDay(list)
});

async function filled(): Promise<ProgressStore & { size(): number }> {
	const store = memoryProgressStore();
	for (const a of history().reverse()) await addAttempt(store, a);
	return store;
}

describe('storage', () => {
	it('lists attempts oldest first and forgets them on reset', async () => {
		const store = await filled();
		const list = await listAttempts(store);
		expect(list.map((a) => a.at)).toEqual([...list.map((a) => a.at)].sort());
		expect(list).toHaveLength(5);
		await clearProgress(store);
		expect(await listAttempts(store)).toEqual([]);
	});

	it('skips damaged records instead of failing', async () => {
		const good = history()[0]!;
		const store: ProgressStore = {
			...memoryProgressStore([good]),
			all: async () => [good, { id: 'broken' }, 'junk', null]
		};
		expect(await listAttempts(store)).toEqual([good]);
	});
});

describe('export and import', () => {
	it('export then import into an empty store gives the same progress', async () => {
		const source = await filled();
		const before = await listAttempts(source);
		const text = exportJson(before, new Date('2025-04-01T08:00:00Z'));
		expect(JSON.parse(text)).toMatchObject({
			format: PROGRESS_FORMAT,
			version: 1,
			exportedAt: '2025-04-01T08:00:00.000Z'
		});
		const target = memoryProgressStore();
		expect(await importProgress(target, text)).toEqual({
			ok: true,
			added: 5,
			skipped: 0,
			total: 5,
			unknownFields: [],
			regraded: 0
		});
		const after = await listAttempts(target);
		expect(after).toEqual(before);
		expect(progressOf(after)).toEqual(progressOf(before));
	});

	it('merges by id: attempts already kept are skipped, new ones added', async () => {
		const list = history();
		const store = memoryProgressStore(list.slice(0, 3));
		const result = await importProgress(store, exportJson(list.slice(1)));
		expect(result).toMatchObject({ ok: true, added: 2, skipped: 2, total: 5 });
		expect((await listAttempts(store)).map((a) => a.id)).toEqual(list.map((a) => a.id));
	});

	it('replaces everything in replace mode', async () => {
		const list = history();
		const store = memoryProgressStore(list.slice(0, 3));
		const result = await importProgress(store, exportJson(list.slice(4)), 'replace');
		expect(result).toMatchObject({ ok: true, added: 1, skipped: 0, total: 1 });
		expect((await listAttempts(store)).map((a) => a.id)).toEqual([list[4]!.id]);
	});

	it('names the file by the export date', () => {
		expect(exportFileName(new Date('2025-04-01T08:00:00Z'))).toBe(
			'mahjong-progress-2025-04-01.json'
		);
	});
});

describe('times in a file', () => {
	it('are read back in UTC, so records sort by time whatever offset a file wrote', async () => {
		const file = JSON.parse(exportJson(history().slice(0, 2))) as {
			attempts: Record<string, unknown>[];
		};
		file.attempts[0]!.at = '2025-03-01T10:00:00.000+05:00'; // 05:00 UTC
		file.attempts[1]!.at = '2025-03-01T06:00:00.000Z';
		const store = memoryProgressStore();
		await importProgress(store, JSON.stringify(file));
		expect((await listAttempts(store)).map((a) => a.at)).toEqual([
			'2025-03-01T05:00:00.000Z',
			'2025-03-01T06:00:00.000Z'
		]);
	});
});

describe('a question with a rules trap', () => {
	it('keeps its trap through an export and an import', async () => {
		const withTrap = generateScenarios({ seed: 'trap', count: 40, skills: ['jokerless'] }).find(
			(q) => q.trap
		)!;
		expect(withTrap.trap?.rule).toBe('P8');
		const store = memoryProgressStore();
		await importProgress(store, exportJson([attempt(withTrap, null)]));
		const [back] = await listAttempts(store);
		expect(back!.scenario.trap).toEqual(withTrap.trap);
	});
});

describe('what a record says of its own grading', () => {
	it('is never trusted: a record is graded again from its question and answer', async () => {
		const file = JSON.parse(exportJson(history())) as { attempts: Record<string, unknown>[] };
		// Tampered: an empty answer marked right, a made-up misconception, old-style fields only.
		Object.assign(file.attempts[0]!, {
			answer: { pays: {} },
			correct: true,
			wrong: [],
			misconceptions: ['made-up'],
			skills: undefined
		});
		const store = memoryProgressStore();
		const result = await importProgress(store, JSON.stringify(file));
		expect(result).toMatchObject({ ok: true, added: 5 });
		const [first] = await listAttempts(store);
		expect(first).toMatchObject({
			correct: false,
			misconceptions: [],
			missing: ['south', 'west', 'north', 'total'],
			skills: ['discard', 'jokerless', 'east']
		});
	});
});

describe('a bad or foreign file', () => {
	const good = () => JSON.parse(exportJson(history())) as Record<string, unknown>;
	const withAttempt = (
		change: (a: Record<string, unknown>, first: Record<string, unknown>) => void
	) => {
		const file = good();
		const attempts = file.attempts as Record<string, unknown>[];
		change(attempts[1]!, attempts[0]!);
		return JSON.stringify(file);
	};
	const cases: [string, string, RegExp][] = [
		['cut short', exportJson(history()).slice(0, 300), /not JSON/],
		['not JSON at all', 'hello', /not JSON/],
		[
			'another app',
			JSON.stringify({ format: 'other-app/backup', attempts: [] }),
			/not a Mahjong Payments Coach progress file/
		],
		['an array', '[1,2,3]', /not a Mahjong Payments Coach/],
		[
			'a newer version',
			JSON.stringify({ ...good(), version: 2 }),
			/version 2; this app reads version 1/
		],
		[
			'no attempts list',
			JSON.stringify({ ...good(), attempts: 'many' }),
			/damaged \(at "attempts"\)/
		],
		['an unknown unit', withAttempt((a) => (a.unit = 'yen')), /question 2, field "unit"/],
		[
			'an impossible outcome',
			withAttempt(
				(a) => ((a.scenario as Record<string, unknown>).outcome = { kind: 'win', value: -5 })
			),
			/question 2, field "scenario.outcome"/
		],
		['a bad time', withAttempt((a) => (a.at = 'yesterday')), /question 2, field "at"/],
		[
			'a text amount',
			withAttempt((a) => (a.answer = { pays: { east: '60' }, total: 180 })),
			/question 2/
		],
		['two attempts with one id', withAttempt((a, first) => (a.id = first.id)), /used twice/],
		[
			'an attempt dated in the future',
			withAttempt((a) => (a.at = '2099-01-01T00:00:00.000Z')),
			/question 2\): it is dated 2099-01-01, in the future/
		],
		[
			'an outcome outside League rules',
			withAttempt(
				(a) => ((a.scenario as Record<string, unknown>).outcome = { kind: 'pie', value: 25 })
			),
			/question 2, field "scenario.outcome"\): .*outside the League rules/
		],
		[
			'an answer that does not fit its question',
			withAttempt((a) => {
				const scenario = a.scenario as { outcome: { winner?: string } };
				a.answer = { pays: { [scenario.outcome.winner ?? 'east']: 5 } };
			}),
			/question 2\): its answer does not fit its question/
		]
	];

	it.each(cases)(
		'is refused with a reason and changes nothing: %s',
		async (_name, text, reason) => {
			const store = await filled();
			const before = await listAttempts(store);
			const result = await importProgress(store, text);
			expect(result.ok).toBe(false);
			expect(result.ok ? '' : result.reason).toMatch(reason);
			expect(await listAttempts(store)).toEqual(before);
		}
	);

	it('is refused in replace mode too, without clearing what is kept', async () => {
		const store = await filled();
		const result = await importProgress(store, '{"format":"x"}', 'replace');
		expect(result.ok).toBe(false);
		expect(store.size()).toBe(5);
	});

	it('a storage failure is reported and changes nothing', async () => {
		const list = history();
		const store = memoryProgressStore(list.slice(0, 2), { failWrites: true });
		const result = await importProgress(store, exportJson(list));
		expect(result).toEqual({
			ok: false,
			reason: expect.stringMatching(/could not be read or saved.*full/)
		});
		expect((await listAttempts(store)).map((a) => a.id)).toEqual(list.slice(0, 2).map((a) => a.id));
	});
});

describe('a file too large', () => {
	it('is refused before it is parsed', async () => {
		const store = memoryProgressStore();
		const huge = ' '.repeat(MAX_FILE_CHARS + 1);
		expect(await importProgress(store, huge)).toEqual({
			ok: false,
			reason: 'The file is too large to be a progress file from this app.'
		});
	});
});
