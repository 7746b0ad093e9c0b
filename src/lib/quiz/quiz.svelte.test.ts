import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { wallGame, selfPick } from './fixtures';
import * as machine from './machine';
import { NotLoaded } from '$lib/offline/on-demand';
import { LOAD_ERROR, QuizSession, STUCK_ERROR, readAskedEvents } from './quiz.svelte';
import type { QuizConfig } from './round';

const config: QuizConfig = { skills: ['self-pick'], count: 2, unit: 'points', seed: 's' };
const round = [selfPick, wallGame];

/** A loader the test releases by hand: `release()` resolves it, `fail()` rejects it. */
function gate() {
	let release!: () => void;
	let fail!: () => void;
	let calls = 0;
	const load = () => {
		calls += 1;
		return new Promise<typeof machine>((resolve, reject) => {
			release = () => resolve(machine);
			fail = () => reject(new Error('offline'));
		});
	};
	return { load, release: () => release(), fail: () => fail(), calls: () => calls };
}

describe('QuizSession', () => {
	it('starts in setup, and shows the first question of a round before the machine loads', () => {
		const loader = gate();
		const session = new QuizSession(loader.load);
		expect(session.view.mode).toBe('setup');
		session.start(config, round);
		expect(session.view.mode).toBe('asking');
		expect(session.view.context.scenarios).toEqual(round);
		expect(loader.calls()).toBe(0);
		session.stop();
	});

	it('keeps events sent before the machine arrives, in order, and replays them', async () => {
		const loader = gate();
		const session = new QuizSession(loader.load);
		session.start(config, round);
		void session.send({ type: 'entry.change', key: 'south', text: '1' });
		void session.send({ type: 'entry.change', key: 'south', text: '10' });
		const submitted = session.send({
			type: 'answer.submit',
			entries: { west: '10', north: '10', total: '30' }
		});
		expect(session.view.mode).toBe('asking');
		expect(loader.calls()).toBe(1);
		loader.release();
		await submitted;
		expect(session.view.mode).toBe('feedback');
		const result = session.view.context.results[0];
		expect(result?.answer).toEqual({ pays: { south: 10, west: 10, north: 10 }, total: 30 });
		session.stop();
	});

	it('shows typing in the view before the machine arrives, for answer fields only', () => {
		const session = new QuizSession(gate().load);
		session.start(config, round);
		void session.send({ type: 'entry.change', key: 'south', text: '50' });
		void session.send({ type: 'entry.change', key: 'east', text: '9' });
		expect(session.view.mode).toBe('asking');
		// East won the self-pick: there is no "East pays" field.
		expect(session.view.context.entries).toEqual({ south: '50' });
		session.stop();
	});

	it('replaces the reactive view on every change, so effects re-run', async () => {
		const session = new QuizSession();
		const seen: string[] = [];
		const cleanup = $effect.root(() => {
			$effect(() => {
				seen.push(session.view.mode);
			});
		});
		flushSync();
		session.start(config, round);
		flushSync();
		await session.send({ type: 'answer.reveal' });
		flushSync();
		expect(seen).toEqual(['setup', 'asking', 'feedback']);
		expect(session.view.context.results).toHaveLength(1);
		cleanup();
		session.stop();
	});

	it('says so when the machine cannot load, keeps what was typed, and retries', async () => {
		const loader = gate();
		const session = new QuizSession(loader.load);
		session.start(config, round);
		const typed = session.send({ type: 'entry.change', key: 'south', text: '25' });
		loader.fail();
		await typed;
		expect(session.loadError).toBe(LOAD_ERROR);
		expect(session.view.mode).toBe('asking');
		const retried = session.send({ type: 'answer.reveal' });
		expect(loader.calls()).toBe(2);
		loader.release();
		await retried;
		expect(session.loadError).toBeNull();
		expect(session.view.context.entries).toEqual({ south: '25' });
		expect(session.view.mode).toBe('feedback');
		session.stop();
	});

	it('a new round before the machine loads drops the old round and its events', async () => {
		const session = new QuizSession();
		session.start(config, round);
		void session.send({ type: 'entry.change', key: 'south', text: '99' });
		session.start({ ...config, seed: 't' }, [wallGame]);
		await session.preload();
		expect(session.view.mode).toBe('asking');
		expect(session.view.context.scenarios).toEqual([wallGame]);
		expect(session.view.context.entries).toEqual({});
		session.stop();
	});

	it('ignores everything after stop(), even a machine that arrives late', async () => {
		const loader = gate();
		const session = new QuizSession(loader.load);
		session.start(config, round);
		const pending = session.send({ type: 'answer.reveal' });
		session.stop();
		loader.release();
		await pending;
		expect(session.view.mode).toBe('asking');
		await session.send({ type: 'round.new' });
		expect(session.view.mode).toBe('asking');
	});

	it('is waiting while a Check waits for the machine, never for typing alone', async () => {
		const loader = gate();
		const session = new QuizSession(loader.load);
		session.start(config, round);
		void session.send({ type: 'entry.change', key: 'south', text: '5' });
		expect(session.waiting).toBe(false);
		const checked = session.send({ type: 'answer.submit', entries: {} });
		expect(session.waiting).toBe(true);
		loader.release();
		await checked;
		expect(session.waiting).toBe(false);
		session.stop();
	});

	it('is no longer waiting when the load fails', async () => {
		const loader = gate();
		const session = new QuizSession(loader.load);
		session.start(config, round);
		const checked = session.send({ type: 'answer.reveal' });
		loader.fail();
		await checked;
		expect(session.waiting).toBe(false);
		expect(session.loadError).toBe(LOAD_ERROR);
		session.stop();
	});

	it('counts rounds, and a new round forgets the failed load of the last one', async () => {
		const loader = gate();
		const session = new QuizSession(loader.load);
		session.start(config, round);
		expect(session.round).toBe(1);
		const typed = session.send({ type: 'entry.change', key: 'south', text: '5' });
		loader.fail();
		await typed;
		expect(session.loadError).toBe(LOAD_ERROR);
		session.start({ ...config, seed: 'other' }, [wallGame]);
		expect(session.round).toBe(2);
		expect(session.loadError).toBeNull();
		session.stop();
	});

	it('can be started from an effect that follows the page data, without looping', () => {
		const session = new QuizSession(gate().load);
		let seed = $state('a');
		const cleanup = $effect.root(() => {
			$effect(() => {
				session.start({ ...config, seed }, round);
			});
		});
		flushSync();
		expect(session.round).toBe(1);
		seed = 'b';
		flushSync();
		expect(session.round).toBe(2);
		expect(session.view.mode).toBe('asking');
		cleanup();
		session.stop();
	});

	describe('resuming a round', () => {
		/** The view after revealing the first question, as a reload would read it back (JSON). */
		async function savedFeedback() {
			const session = new QuizSession();
			session.start(config, round);
			await session.send({ type: 'answer.reveal' });
			const view = JSON.parse(JSON.stringify(session.view));
			session.stop();
			return view as typeof session.view;
		}

		it('shows the saved view at once, and the machine carries on from it', async () => {
			const saved = await savedFeedback();
			const loader = gate();
			const session = new QuizSession(loader.load);
			session.start(config, round, saved);
			expect(session.view).toBe(saved);
			expect(loader.calls()).toBe(0);
			const next = session.send({ type: 'question.next' });
			loader.release();
			await next;
			expect(session.view.mode).toBe('asking');
			expect(session.view.context.index).toBe(1);
			expect(session.view.context.results).toHaveLength(1);
			session.stop();
		});

		it('keeps the very result objects it was resumed with', async () => {
			const saved = await savedFeedback();
			const session = new QuizSession();
			session.start(config, round, saved);
			await session.send({ type: 'question.next' });
			expect(session.view.context.results[0]).toBe(saved.context.results[0]);
			session.stop();
		});

		it('replaces a running machine when a saved round is opened later', async () => {
			const saved = await savedFeedback();
			const session = new QuizSession();
			session.start({ ...config, seed: 'first' }, [wallGame]);
			await session.preload();
			session.start(config, round, saved);
			expect(session.view.mode).toBe('feedback');
			await session.send({ type: 'question.next' });
			expect(session.view.context.index).toBe(1);
			expect(session.view.context.scenarios).toEqual(round);
			session.stop();
		});
	});

	describe('a machine this page cannot load though the network answers', () => {
		/** A loader stuck as Chromium 150 is after a failed import: it fails at once, every time. */
		const stuck = () => Promise.reject(new NotLoaded('reload', new Error('Failed to fetch')));
		/** Reloads that record what they were asked to keep; `allow` says whether one happens. */
		function reloads(allow: boolean, intent?: unknown) {
			const kept: unknown[] = [];
			return { kept, reload: (events: unknown) => (kept.push(events), allow), taken: () => intent };
		}

		it('reloads in place with the Check it was asked for, not the typing', async () => {
			const host = reloads(true);
			const session = new QuizSession(stuck, host);
			session.start(config, round);
			await session.send({ type: 'entry.change', key: 'south', text: '25' });
			// Typing alone never reloads the page under the learner's fingers.
			expect(host.kept).toEqual([]);
			expect(session.loadError).toBe(LOAD_ERROR);
			const check = { type: 'answer.submit', entries: { south: '25' } } as const;
			await session.send(check);
			expect(host.kept).toEqual([[check]]);
			expect(session.view.context.entries).toEqual({ south: '25' });
			session.stop();
		});

		it('says to reload when it already reloaded for this page a moment ago', async () => {
			const session = new QuizSession(stuck, reloads(false));
			session.start(config, round);
			await session.send({ type: 'answer.reveal' });
			expect(session.loadError).toBe(STUCK_ERROR);
			expect(session.waiting).toBe(false);
			session.stop();
		});

		it('carries out what was asked once the reloaded page resumes the round', async () => {
			const first = new QuizSession();
			first.start(config, round);
			await first.send({ type: 'entry.change', key: 'south', text: '10' });
			const saved = JSON.parse(JSON.stringify(first.view)) as typeof first.view;
			first.stop();
			const asked = [
				{ type: 'answer.submit', entries: { south: '10', west: '10', north: '10', total: '30' } }
			];
			const session = new QuizSession(undefined, reloads(true, asked));
			session.start(config, round, saved);
			await expect.poll(() => session.view.mode).toBe('feedback');
			expect(session.view.context.results[0]?.answer?.total).toBe(30);
			session.stop();
		});

		it('reads only the asked events back from storage', () => {
			expect(readAskedEvents([{ type: 'answer.reveal' }, { type: 'round.new' }, 7, null])).toEqual([
				{ type: 'answer.reveal' }
			]);
			expect(readAskedEvents([{ type: 'answer.submit', entries: { south: 1 } }])).toEqual([]);
			expect(readAskedEvents('answer.reveal')).toEqual([]);
		});
	});
});
