import { describe, expect, it, vi } from 'vitest';
import { lessonAt, rightEntries, wrongEntries } from './fixtures';
import type { LessonResult } from './flow';
import {
	LOAD_ERROR,
	LessonSession,
	RECORD_ERROR,
	SAVE_ERROR,
	type LessonMachineModule
} from './lesson.svelte';
import * as machineModule from './machine';
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

		await session.send({ type: 'lesson.next' });
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
		await session.send({ type: 'answer.retry' });
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
		await session.send({ type: 'lesson.next' });
		await flush();
		expect(session.saveError).toBe(SAVE_ERROR);
		session.send({ type: 'answer.submit', entries: rightEntries(session.view!.context) });
		await flush();
		expect(session.recordError).toBe(RECORD_ERROR);
		expect(session.view?.mode).toBe('feedback');
		session.stop();
	});

	describe('before the machine has loaded', () => {
		/** A machine module that arrives (or fails) when the test says. */
		function deferredMachine() {
			const calls: { resolve: (m: LessonMachineModule) => void; reject: (e: Error) => void }[] = [];
			const machine = () =>
				new Promise<LessonMachineModule>((resolve, reject) => calls.push({ resolve, reject }));
			return { machine, calls };
		}

		it('shows the lesson without it, and loads it only when asked', async () => {
			const { machine, calls } = deferredMachine();
			const session = new LessonSession('discard', { store: memoryLessonStore(), machine });
			await session.load();
			expect(session.view?.mode).toBe('worked');
			expect(calls).toHaveLength(0);
			const ready = session.preload();
			expect(session.preload()).toBe(ready);
			calls[0]!.resolve(machineModule);
			expect(await ready).toBe(true);
			await session.send({ type: 'lesson.next' });
			expect(session.view?.mode).toBe('partial');
			expect(calls).toHaveLength(1);
			session.stop();
		});

		it('shows what is typed at once, and replays every event in order once it arrives', async () => {
			const { saved } = lessonAt('discard', ['next']);
			const store = memoryLessonStore([saved]);
			const record = vi.fn(async () => {});
			const { machine, calls } = deferredMachine();
			const session = new LessonSession('discard', { store, record, machine });
			await session.load();
			expect(session.view).toEqual({ mode: 'partial', context: saved.context });
			const right = rightEntries(saved.context);
			const [first, ...others] = Object.keys(right);
			void session.send({ type: 'entry.change', key: first!, text: right[first!]! });
			void session.send({ type: 'entry.change', key: 'nobody', text: '7' });
			expect(session.view?.context.entries).toEqual({ [first!]: right[first!] });
			await flush();
			expect(readSavedLesson(await store.get('discard'))?.context.entries).toEqual({
				[first!]: right[first!]
			});
			const rest = Object.fromEntries(others.map((k) => [k, right[k]!]));
			const checked = session.send({ type: 'answer.submit', entries: rest });
			expect(session.view?.mode).toBe('partial');
			calls[0]!.resolve(machineModule);
			await checked;
			expect(session.view?.mode).toBe('feedback');
			expect(session.view?.context.entries).toEqual(right);
			expect(session.view?.context.result?.graded.correct).toBe(true);
			expect(record).toHaveBeenCalledOnce();
			session.stop();
		});

		it('says so when it cannot be fetched, keeps what was typed, and tries again', async () => {
			const { saved } = lessonAt('east', ['next']);
			const { machine, calls } = deferredMachine();
			const session = new LessonSession('east', {
				store: memoryLessonStore([saved]),
				record: async () => {},
				machine
			});
			await session.load();
			const entries = rightEntries(saved.context);
			const sent = session.send({ type: 'answer.submit', entries });
			calls[0]!.reject(new Error('offline'));
			await sent;
			expect(session.loadError).toBe(LOAD_ERROR);
			expect(session.view?.mode).toBe('partial');
			const again = session.preload();
			expect(calls).toHaveLength(2);
			calls[1]!.resolve(machineModule);
			expect(await again).toBe(true);
			expect(session.loadError).toBeNull();
			expect(session.view?.mode).toBe('feedback');
			expect(session.view?.context.result?.graded.correct).toBe(true);
			session.stop();
		});

		it('ignores what arrives after stop()', async () => {
			const { machine, calls } = deferredMachine();
			const session = new LessonSession('discard', { store: memoryLessonStore(), machine });
			await session.load();
			const sent = session.send({ type: 'lesson.next' });
			session.stop();
			calls[0]!.resolve(machineModule);
			await sent;
			expect(session.view?.mode).toBe('worked');
		});
	});
});
