/**
 * A question settled once: its outcome with the defaults filled in and the engine's settlement,
 * per unit (the sentences show amounts as points or dollars, P13), remembered per scenario object,
 * so the drill, its hints and the class views never settle the same question twice.
 */
import {
	settleValid,
	validateOutcome,
	type AmountUnit,
	type NormalizedOutcome,
	type Settlement
} from '$lib/payments';
import type { Scenario } from './types';

/** A scenario's outcome with its defaults filled in, and its settlement in one unit. */
export interface Settled {
	outcome: NormalizedOutcome;
	settlement: Settlement;
}

const cache = new WeakMap<Scenario, Partial<Record<AmountUnit, Settled | string>>>();

/**
 * The scenario settled in `unit`, or the engine's message saying why it cannot be (an impossible
 * outcome). Never throws; memoized per scenario object and unit.
 */
export function settledOrProblem(scenario: Scenario, unit: AmountUnit): Settled | string {
	let byUnit = cache.get(scenario);
	if (!byUnit) cache.set(scenario, (byUnit = {}));
	let found = byUnit[unit];
	if (found === undefined) {
		const checked = validateOutcome(scenario.outcome);
		found = checked.ok
			? { outcome: checked.outcome, settlement: settleValid(checked.outcome, unit) }
			: checked.error.message;
		byUnit[unit] = found;
	}
	return found;
}

/** The scenario settled in `unit` (default points). Throws an Error for an impossible outcome. */
export function settledOf(scenario: Scenario, unit: AmountUnit = 'points'): Settled {
	const found = settledOrProblem(scenario, unit);
	if (typeof found === 'string') throw new Error(found);
	return found;
}

/** The scenario's settlement in `unit` (default points). Throws for an impossible outcome. */
export function settlementOf(scenario: Scenario, unit: AmountUnit = 'points'): Settlement {
	return settledOf(scenario, unit).settlement;
}
