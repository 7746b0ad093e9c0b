/**
 * Worked examples: a solved question walked through step by step, from the engine's breakdown, for
 * a skill the learner keeps missing (then a fresh question to try).
 */
import {
	formatAmount,
	isSettleFailure,
	seatLabel,
	settle,
	type AmountUnit,
	type PayerBreakdown,
	type RuleId,
	type Settlement
} from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';

/**
 * One step to walk through: a `heading` (what it is about, e.g. "West, who threw the tile"), the
 * `text` (a sentence naming its rule id), the `rule` applied (if any) and the running amount in
 * `points` after it (if it is about an amount).
 */
export interface WorkedStep {
	heading: string;
	text: string;
	rule?: RuleId;
	points?: number;
}

/** A worked example: the question, the engine's settlement and the steps, in order. */
export interface WorkedExample {
	scenario: Scenario;
	settlement: Settlement;
	steps: WorkedStep[];
}

const ROLE: Record<PayerBreakdown['role'], string> = {
	discarder: ', who threw the tile',
	misnamer: ', who misnamed the tile',
	other: '',
	bystander: ''
};

/**
 * Walks a question through: what happened (the narrative), who is paid (the engine's notes), each
 * payer's steps from the value to what she pays (rule by rule, only steps that change or decide
 * something: every step of `settle`'s breakdown), what each payer pays, and the receiver's total as
 * the sum of the payments (P1). Every sentence shows amounts in `unit` ("25" or "$0.25"); the rule
 * of a step is in its `rule`, not in its text. Throws an Error when the outcome is impossible (a
 * generated scenario never is).
 */
export function workedExample(scenario: Scenario, unit: AmountUnit = 'points'): WorkedExample {
	const settlement = settle(scenario.outcome, unit);
	if (isSettleFailure(settlement)) throw new Error(settlement.error.message);
	const amount = (p: number) => formatAmount(p, unit);
	const steps: WorkedStep[] = [{ heading: 'What happened', text: scenario.narrative }];
	for (const note of settlement.notes) {
		steps.push({ heading: 'Who is paid', text: note.text, rule: note.rule });
	}
	for (const payer of settlement.breakdown) {
		const heading = `${seatLabel(payer.seat)}${ROLE[payer.role]}${payer.dead ? ' (dead hand)' : ''}`;
		for (const s of payer.steps) {
			steps.push({ heading, text: s.text, rule: s.rule, points: s.points });
		}
		steps.push({
			heading,
			text:
				payer.points > 0
					? `So ${seatLabel(payer.seat)} pays ${amount(payer.points)}.`
					: `So ${seatLabel(payer.seat)} pays nothing.`,
			points: payer.points
		});
	}
	const { receiver, transfers, total } = settlement;
	steps.push(
		receiver === null
			? {
					heading: 'Total',
					text: 'Nobody won, so nobody receives anything: every amount is 0.',
					rule: 'P11',
					points: 0
				}
			: {
					heading: 'Total',
					text: `${seatLabel(receiver)} receives the sum of the payments: ${
						transfers.length > 1 ? `${transfers.map((t) => amount(t.points)).join(' + ')} = ` : ''
					}${amount(total)}.`,
					rule: 'P1',
					points: total
				}
	);
	return { scenario, settlement, steps };
}
