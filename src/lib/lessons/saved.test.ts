import { describe, expect, it } from 'vitest';
import { lessonAt } from './fixtures';
import { LESSONS } from './lessons';
import {
	doneText,
	lessonsNotDone,
	readStatuses,
	statusOf,
	statusText,
	suggestedLesson,
	type LessonStatus
} from './path';
import { readSavedLesson } from './saved';
import { memoryLessonStore, savedLesson } from './store';
import type { LessonSkill } from './order';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('a saved lesson read back', () => {
	it('is kept as it was at every mode, through JSON', () => {
		const plans = [
			[],
			['next'],
			['next', 'wrong'],
			['next', 'right', 'next'],
			['next', 'right', 'next', 'right', 'next', 'right', 'next', 'right', 'next']
		] as const;
		const modes = plans.map((plan) => {
			const { saved } = lessonAt('discard', [...plan]);
			expect(readSavedLesson(copy(saved), 'discard')).toEqual(saved);
			return saved.mode;
		});
		expect(modes).toEqual(['worked', 'partial', 'feedback', 'practising', 'done']);
	});

	it('is refused when damaged, from another version or another lesson, or out of step', () => {
		const { saved } = lessonAt('self-pick', ['next', 'wrong']);
		const bad: unknown[] = [
			null,
			'text',
			{ ...saved, version: 2 },
			{ ...saved, skill: 'high-value' },
			{ ...saved, mode: 'asleep' },
			{ ...saved, mode: 'worked' },
			{ ...saved, mode: 'done' },
			{ ...saved, context: { ...saved.context, step: 9 } },
			{ ...saved, context: { ...saved.context, tries: [0, 0] } },
			{ ...saved, context: { ...saved.context, entries: { east: 5 } } },
			{ ...saved, context: { ...saved.context, result: null } },
			{ ...saved, context: { ...saved.context, tries: [0, 1, 0, 0, 0] } },
			{ ...saved, context: { ...saved.context, completed: 'yes' } }
		];
		for (const x of bad) expect(readSavedLesson(x)).toBeNull();
		expect(readSavedLesson(saved, 'discard')).toBeNull();
		expect(readSavedLesson(saved, 'self-pick')).toEqual(saved);
	});
});

describe('the path', () => {
	const none = () =>
		Object.fromEntries(LESSONS.map((l) => [l.skill, statusOf(l.skill, undefined)])) as Record<
			LessonSkill,
			LessonStatus
		>;

	it('says where the learner stands in each lesson, in words', () => {
		const started = lessonAt('jokerless', ['next', 'right', 'next']).saved;
		const done = lessonAt('wall-game', [
			'next',
			'right',
			'next',
			'right',
			'next',
			'right',
			'next'
		]).saved;
		expect(statusText(statusOf('jokerless', started))).toBe('In progress: step 3 of 5');
		expect(statusText(statusOf('wall-game', done))).toBe('Done');
		expect(statusText(statusOf('east', undefined))).toBe('Not started');
		expect(statusText(statusOf('east', { version: 1, skill: 'east', mode: 'x' }))).toBe(
			'Not started'
		);
		// Done once stays done, also when going through it again.
		const again = lessonAt('wall-game', [
			'next',
			'right',
			'next',
			'right',
			'next',
			'right',
			'next'
		]);
		const redo = savedLesson({ mode: 'worked', context: { ...again.view.context, step: 0 } });
		expect(statusText(statusOf('wall-game', redo))).toBe('Done (going through it again: step 1)');
	});

	it('suggests the first lesson, then the lesson in progress saved last, then the first not done', () => {
		const statuses = none();
		expect(suggestedLesson(statuses)).toEqual({ lesson: LESSONS[0], started: false });
		statuses.east = statusOf('east', lessonAt('east', ['next'], '2025-03-01T10:00:00Z').saved);
		statuses.jokerless = statusOf(
			'jokerless',
			lessonAt('jokerless', ['next'], '2025-03-02T10:00:00Z').saved
		);
		expect(suggestedLesson(statuses)?.lesson.skill).toBe('jokerless');
		expect(suggestedLesson(statuses)?.started).toBe(true);
		const finished = { kind: 'done', again: null, savedAt: '2025-03-03T10:00:00Z' } as const;
		statuses.jokerless = finished;
		statuses.east = finished;
		expect(suggestedLesson(statuses)?.lesson.skill).toBe('discard');
		for (const l of LESSONS) statuses[l.skill] = finished;
		expect(suggestedLesson(statuses)).toBeNull();
	});

	it('reads every lesson kept in a store, damaged ones as not started', async () => {
		const store = memoryLessonStore([lessonAt('dead-hand', ['next']).saved]);
		const statuses = await readStatuses(store);
		expect(Object.keys(statuses)).toHaveLength(10);
		expect(statuses['dead-hand']).toMatchObject({ kind: 'in-progress', step: 2, steps: 5 });
		expect(statuses.discard.kind).toBe('not-started');
	});

	it('counts the lessons done and names the ones not done, in order', () => {
		const statuses = none();
		expect(doneText(statuses)).toBe('0 of 10 lessons done');
		const finished = { kind: 'done', again: null, savedAt: '2025-03-03T10:00:00Z' } as const;
		for (const [i, l] of LESSONS.entries()) if (i < 5 || i >= 8) statuses[l.skill] = finished;
		statuses.east = statusOf('east', lessonAt('east', ['next']).saved);
		expect(doneText(statuses)).toBe('7 of 10 lessons done');
		expect(lessonsNotDone(statuses).map((l) => l.number)).toEqual([6, 7, 8]);
		expect(lessonsNotDone(statuses, 'east').map((l) => l.number)).toEqual([6, 8]);
		for (const l of LESSONS) statuses[l.skill] = finished;
		expect(doneText(statuses)).toBe('10 of 10 lessons done');
		expect(lessonsNotDone(statuses)).toEqual([]);
	});
});
