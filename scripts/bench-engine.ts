/**
 * Engine throughput for `npm run bench`: settlements per second (`settle` from src/lib/payments)
 * and scenarios generated per second (`generateScenarios` from src/lib/scenarios), in this Node
 * process. Imports `$lib`, so it runs after `svelte-kit sync` has written .svelte-kit/tsconfig.json.
 */
import { performance } from 'node:perf_hooks';
import { isSettleFailure, settle, type Outcome } from '../src/lib/payments/index.ts';
import { generateScenarios } from '../src/lib/scenarios/index.ts';
import { median } from './measure.ts';

/** Engine figures: medians over `runs` timed runs, in operations per second. */
export interface EngineFigures {
	settlementsPerSecond: number;
	scenariosPerSecond: number;
	runs: number;
}

/** Calls `work` in a loop for at least `minMs` milliseconds; returns operations per second. */
function rate(work: () => number, minMs: number): number {
	let ops = 0;
	const start = performance.now();
	let elapsed: number;
	do {
		ops += work();
		elapsed = performance.now() - start;
	} while (elapsed < minMs);
	return (ops * 1000) / elapsed;
}

/**
 * Times `settle` over 1,000 generated outcomes (the practice mix: discards, self-picks, joker
 * exchanges, wall games, misnamed discards) and `generateScenarios` in batches of 100, each for
 * `minMs` per run after a warm-up run, and returns the medians over `runs` runs. Throws if the
 * engine rejects a generated outcome (the generator only makes valid ones).
 */
export function engineFigures(runs = 5, minMs = 400): EngineFigures {
	const outcomes: Outcome[] = generateScenarios({ seed: 'bench-engine', count: 1000 }).map(
		(s) => s.outcome
	);
	for (const o of outcomes) {
		const result = settle(o);
		if (isSettleFailure(result)) throw new Error(`settle refused an outcome: ${result.error.code}`);
	}
	const settleAll = () => {
		for (const o of outcomes) settle(o);
		return outcomes.length;
	};
	let batch = 0;
	const generateBatch = () => generateScenarios({ seed: `bench-${batch++}`, count: 100 }).length;
	rate(settleAll, minMs / 2);
	rate(generateBatch, minMs / 2);
	const settles: number[] = [];
	const generated: number[] = [];
	for (let i = 0; i < runs; i++) {
		settles.push(rate(settleAll, minMs));
		generated.push(rate(generateBatch, minMs));
	}
	return {
		settlementsPerSecond: Math.round(median(settles)),
		scenariosPerSecond: Math.round(median(generated)),
		runs
	};
}
