import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { generateScenarios } from '$lib/scenarios';
import { quizMachine } from '$lib/quiz/machine';
import type { QuizConfig, QuizView } from '$lib/quiz/round';
import { roundSearch } from './params';
import { readSavedRound, saveRound, SAVED_ROUND_KEY } from './saved-round';

/** A Storage kept in a Map; `full` makes every write fail like a full quota. */
function memoryStorage(full = false): Storage {
	const items = new Map<string, string>();
	return {
		get length() {
			return items.size;
		},
		clear: () => items.clear(),
		getItem: (key) => items.get(key) ?? null,
		key: (i) => [...items.keys()][i] ?? null,
		removeItem: (key) => void items.delete(key),
		setItem: (key, value) => {
			if (full) throw new DOMException('full', 'QuotaExceededError');
			items.set(key, value);
		}
	};
}

const config: QuizConfig = { skills: [], count: 3, unit: 'points', seed: 'saved' };
const scenarios = generateScenarios({ seed: config.seed, count: config.count });
const search = roundSearch(config);
const attempt = () => ({ id: 'attempt-1', at: '2026-11-30T01:00:00.000Z' });

/** The quiz after `events`, as the page sees it. */
function viewAfter(
	...events: Parameters<ReturnType<typeof createActor<typeof quizMachine>>['send']>[0][]
) {
	const actor = createActor(quizMachine).start();
	actor.send({ type: 'round.start', config, scenarios });
	for (const event of events) actor.send(event);
	const { value, context } = actor.getSnapshot();
	actor.stop();
	return { mode: value, context } as QuizView;
}

describe('a saved practice round', () => {
	it('comes back as it was, in every mode, with the questions put back', () => {
		const views = [
			viewAfter({ type: 'entry.change', key: 'south', text: '12' }),
			viewAfter({ type: 'answer.reveal' }),
			viewAfter({ type: 'answer.reveal' }, { type: 'question.next' }, { type: 'hint.show' }),
			viewAfter(
				...[0, 1, 2].flatMap(() => [
					{ type: 'answer.reveal' as const },
					{ type: 'question.next' as const }
				])
			)
		];
		expect(views.map((v) => v.mode)).toEqual(['asking', 'feedback', 'asking', 'summary']);
		for (const view of views) {
			const storage = memoryStorage();
			saveRound(storage, 'v1', search, view, attempt);
			// The questions are not stored: the seed draws them again.
			expect(storage.getItem(SAVED_ROUND_KEY)).not.toContain('"scenarios"');
			expect(storage.getItem(SAVED_ROUND_KEY)).not.toContain('"scenario"');
			const back = readSavedRound(storage, 'v1', search, scenarios);
			expect(back?.view).toEqual(JSON.parse(JSON.stringify(view)));
			expect(back?.attempts).toEqual(view.context.results.map(attempt));
		}
	});

	it('is not taken back for another version, another round or other questions', () => {
		const storage = memoryStorage();
		saveRound(storage, 'v1', search, viewAfter({ type: 'answer.reveal' }), attempt);
		expect(readSavedRound(storage, 'v2', search, scenarios)).toBeNull();
		expect(readSavedRound(storage, 'v1', `${search}&x`, scenarios)).toBeNull();
		const others = generateScenarios({ seed: 'other', count: 3 });
		expect(readSavedRound(storage, 'v1', search, others)).toBeNull();
		expect(readSavedRound(storage, 'v1', search, scenarios.slice(0, 0))).toBeNull();
	});

	it('is not taken back when its mode, question number and answers disagree', () => {
		const storage = memoryStorage();
		const feedback = viewAfter({ type: 'answer.reveal' });
		for (const broken of [
			{ ...feedback, mode: 'asking' },
			{ ...feedback, mode: 'summary' },
			{ ...feedback, mode: 'nonsense' },
			{ ...feedback, context: { ...feedback.context, index: 7 } },
			{ ...feedback, context: { ...feedback.context, results: 'x' } }
		]) {
			saveRound(storage, 'v1', search, broken as QuizView, attempt);
			expect(readSavedRound(storage, 'v1', search, scenarios)).toBeNull();
		}
		storage.setItem(SAVED_ROUND_KEY, '{not json');
		expect(readSavedRound(storage, 'v1', search, scenarios)).toBeNull();
	});

	it('is never saved before a round starts, and a full or missing storage is no error', () => {
		const storage = memoryStorage();
		saveRound(storage, 'v1', search, { mode: 'setup', context: viewAfter().context }, attempt);
		expect(storage.length).toBe(0);
		expect(() => saveRound(memoryStorage(true), 'v1', search, viewAfter(), attempt)).not.toThrow();
		expect(() => saveRound(undefined, 'v1', search, viewAfter(), attempt)).not.toThrow();
		expect(readSavedRound(undefined, 'v1', search, scenarios)).toBeNull();
	});

	it('keeps the attempt each answer is recorded as, and drops one it cannot read', () => {
		const storage = memoryStorage();
		const view = viewAfter(
			{ type: 'answer.reveal' },
			{ type: 'question.next' },
			{ type: 'answer.reveal' }
		);
		const [first] = view.context.results;
		const attempts = (result: unknown) =>
			result === first ? { id: 'a', at: '2026-11-30T01:00:00.000Z' } : ({ id: 7 } as never);
		saveRound(storage, 'v1', search, view, attempts);
		const back = readSavedRound(storage, 'v1', search, scenarios);
		expect(back?.view.context.results).toHaveLength(2);
		expect(back?.attempts).toEqual([{ id: 'a', at: '2026-11-30T01:00:00.000Z' }, null]);
	});
});
