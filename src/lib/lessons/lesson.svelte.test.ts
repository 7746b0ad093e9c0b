import { describe, expect, it, vi } from 'vitest';
import { lessonAt, rightEntries, wrongEntries } from './fixtures';
import type { LessonResult } from './flow';
import { LessonSession, RECORD_ERROR, SAVE_ERROR } from './lesson.svelte';
import { readSavedLesson } from './saved';
import { memoryLessonStore } from './store';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LessonSession', () => {
	it('starts a lesson not kept yet, keeps it after every change, records each checked answer once', async () => {
		const store = memoryLessonStore();
		const record = vi.fn<(result: LessonResult, skill: string) => Promise<void>>(async () => {});
		const session = new LessonSession('discard', { store, record });
		expect(session.view).toBeNull();
		await session.load();
		expect(session.view?.mode).toBe('worked');
		expect(await store.get('discard')).toBeUndefined();

		session.send({ type: 'lesson.next' });
		await flush();
		expect(readSavedLesson(await store.get('discard'))?.mode).toBe('partial');
		expect(record).not.toHaveBeenCalled(); // a worked example is not an attempt

		session.send({ type: 'entry.change', key: 'total', text: '12' });
		await flush();
		expect(readSavedLesson(await store.get('discard'))?.context.entries).toEqual({ total: '12' });

		session.send({ type: 'answer.submit', entries: wrongEntries(session.view!.context) });
		await flush();
		expect(session.view?.mode).toBe('feedback');
		expect(record).toHaveBeenCalledOnce();
		expect(record.mock.calls[0]![0]).toBe(session.view!.context.result);
		expect(record.mock.calls[0]![1]).toBe('discard');
		session.send({ type: 'lesson.next' });
		session.send({ type: 'answer.submit', entries: rightEntries(session.view!.context) });
		await flush();
		expect(record).toHaveBeenCalledTimes(2);
		expect(session.saveError).toBeNull();
		session.stop();
		session.send({ type: 'lesson.next' });
		expect(session.view?.mode).toBe('feedback');
	});

	it('resumes where the learner was without recording the answer again', async () => {
		const { saved } = lessonAt('east', ['next', 'right', 'next', 'wrong']);
		const record = vi.fn(async () => {});
		const session = new LessonSession('east', { store: memoryLessonStore([saved]), record });
		await session.load();
		expect(session.view).toEqual({ mode: saved.mode, context: saved.context });
		expect(record).not.toHaveBeenCalled();
		session.send({ type: 'answer.retry' });
		expect(session.view?.mode).toBe('practising');
		expect(session.view?.context.tries[2]).toBe(1);
		session.stop();
	});

	it('starts again from the beginning when what is kept does not read back', async () => {
		const { saved } = lessonAt('east', ['next']);
		const store = memoryLessonStore([{ ...saved, version: 7 as never }]);
		const session = new LessonSession('east', { store, record: async () => {} });
		await session.load();
		expect(session.view?.mode).toBe('worked');
		session.stop();
	});

	it('says so when the device refuses to keep the lesson or an answer, and goes on', async () => {
		const record = vi.fn(async () => {
			throw new Error('full');
		});
		const store = memoryLessonStore([], { failWrites: true });
		const session = new LessonSession('wall-game', { store, record });
		await session.load();
		session.send({ type: 'lesson.next' });
		await flush();
		expect(session.saveError).toBe(SAVE_ERROR);
		session.send({ type: 'answer.submit', entries: rightEntries(session.view!.context) });
		await flush();
		expect(session.recordError).toBe(RECORD_ERROR);
		expect(session.view?.mode).toBe('feedback');
		session.stop();
	});
});
