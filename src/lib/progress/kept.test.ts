/**
 * Reading kept records never grades them again; a record kept under older rules is graded again
 * once, with the same inputs (its lesson's given amount repaired where it was not kept), and kept so.
 */
import { describe, expect, it } from 'vitest';
import { RULES_VERSION, rightAmounts, type Seat } from '$lib/payments';
import { givenKeys, lessonQuestion } from '$lib/lessons/questions';
import { settlementOf } from '$lib/scenarios/settled';
import { listAttempts } from './progress';
import { readKept } from './kept';
import { makeAttempt } from './record';
import { memoryProgressStore } from './store';
import { attempt, bonusMissed, discardJokerless } from './test-fixtures';

/** A record as an earlier version kept it: no `given`, no `rulesVersion`. */
function asKeptBefore(record: object): Record<string, unknown> {
	const old: Record<string, unknown> = { ...record };
	delete old.given;
	delete old.rulesVersion;
	return old;
}

/** The discard lesson's partly worked question, answered "the discarder pays for everyone". */
function partlyWorked() {
	const scenario = lessonQuestion('discard', 1, 0);
	const given = givenKeys(scenario.outcome)[0] as Seat;
	const right = rightAmounts(settlementOf(scenario));
	const pays = Object.fromEntries(Object.keys(right.pays).map((s) => [s, 0]));
	// The given amount is the right one; the learner's own amounts are the wrong rule's.
	const answer = { pays: { ...pays, [given]: right.pays[given] }, total: right.total };
	const checked = makeAttempt({
		scenario,
		answer,
		given: [given],
		unit: 'points',
		roundId: 'lesson:discard'
	});
	return { checked, given };
}

describe('reading kept records', () => {
	it('keeps the grade a record was kept with: what it says is what is read', async () => {
		const record = attempt(discardJokerless, bonusMissed);
		// A grade this version would not give: reading must not replace it.
		const kept = { ...record, misconceptions: ['east-double'], skills: ['east'] };
		const store = memoryProgressStore([kept as never]);
		const [read] = await listAttempts(store);
		expect(read).toMatchObject({ misconceptions: ['east-double'], skills: ['east'] });
		expect(readKept(kept)?.regraded).toBe(false);
	});

	it('grades a record kept under older rules again, with its inputs, and keeps it so', async () => {
		const { checked } = partlyWorked();
		expect(checked.misconceptions).toEqual(['discarder-pays-for-table']);
		const old = { ...checked, rulesVersion: RULES_VERSION - 1, misconceptions: [], skills: [] };
		const store = memoryProgressStore([old as never]);
		const [read] = await listAttempts(store);
		expect(read).toMatchObject({
			misconceptions: checked.misconceptions,
			skills: checked.skills,
			rulesVersion: RULES_VERSION
		});
		// Written back: the next read takes it as it is.
		expect(readKept((await store.all())[0])?.regraded).toBe(false);
	});

	it("repairs a lesson's record kept without its given amount from the lesson", async () => {
		const { checked, given } = partlyWorked();
		const store = memoryProgressStore([asKeptBefore(checked) as never]);
		const [read] = await listAttempts(store);
		expect(read?.given).toEqual([given]);
		expect(read?.misconceptions).toEqual(['discarder-pays-for-table']);
		expect(read?.skills).toEqual(checked.skills);
	});

	it('keeps a practice record kept without `given` as it was: nothing was given', async () => {
		const record = attempt(discardJokerless, bonusMissed);
		const [read] = await listAttempts(memoryProgressStore([asKeptBefore(record) as never]));
		expect(read).toMatchObject({ given: [], misconceptions: record.misconceptions });
	});

	it('grades a record whose graded part is damaged again, and skips one whose question is', async () => {
		const record = attempt(discardJokerless, bonusMissed);
		const damaged = { ...record, skills: 'jokerless' };
		expect(readKept(damaged)).toMatchObject({ regraded: true, record: { skills: ['jokerless'] } });
		expect(readKept({ ...record, scenario: { ...record.scenario, outcome: {} } })).toBeNull();
	});
});
