import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { wallGame } from './fixtures';
import type { QuizEvent } from './machine';
import { QuizSession } from './quiz.svelte';

const start: QuizEvent = {
	type: 'round.start',
	config: { skills: ['wall-game'], count: 1, unit: 'points', seed: 's' },
	scenarios: [wallGame]
};

describe('QuizSession', () => {
	it('starts with the machine snapshot in setup', () => {
		const session = new QuizSession();
		expect(session.snapshot.value).toBe('setup');
		session.stop();
	});

	it('replaces the reactive snapshot on every change, so effects re-run', () => {
		const session = new QuizSession();
		const seen: string[] = [];
		const cleanup = $effect.root(() => {
			$effect(() => {
				seen.push(String(session.snapshot.value));
			});
		});
		flushSync();
		session.send(start);
		flushSync();
		session.send({ type: 'answer.reveal' });
		flushSync();
		expect(seen).toEqual(['setup', 'asking', 'feedback']);
		expect(session.snapshot.context.results).toHaveLength(1);
		cleanup();
		session.stop();
	});

	it('ignores events after stop()', () => {
		const session = new QuizSession();
		session.stop();
		session.send({ type: 'round.new' });
		session.stop();
		expect(session.snapshot.value).toBe('setup');
	});
});
