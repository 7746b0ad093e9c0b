/**
 * Diagnosis of a learner's answer (docs/misconceptions.md): which amounts are wrong, which
 * catalog misconceptions the answer shows, and which skills it counts against (skills.md). Pure:
 * no I/O.
 */
import {
	SEATS,
	isSeat,
	type AmountKey,
	type Answer,
	type AnswerKey,
	type PaymentError,
	type Seat,
	type Settlement
} from './types';
import { settleValid } from './settle';
import { validateOutcome } from './validate';
import type { NormalizedOutcome } from './normalized';
import { MISCONCEPTIONS, misconception } from './misconceptions';
import type { MisconceptionId } from './misconception-titles';
import { skillsAgainst } from './against';
import type { Skill } from './skills';

/**
 * The diagnosis: `correct` (every amount entered and right), `wrong` (the amounts that are wrong,
 * an amount left out counting as wrong, skills.md: seats in seat order, then "total"), `missing`
 * (those of `wrong` that were left out), `misconceptions` the answer shows (catalog order;
 * none for a right answer or a slip), `skills` the answer counts against (skills.md, `SKILLS`
 * order; none for a right answer) and `expected`, the answer key in points.
 */
export interface Diagnosis {
	correct: boolean;
	wrong: AmountKey[];
	missing: AmountKey[];
	misconceptions: MisconceptionId[];
	skills: Skill[];
	expected: AnswerKey;
}

/** The answer key of a settled outcome: every seat but the receiver pays (0 when nothing). */
export function rightAmounts(settlement: Settlement): AnswerKey {
	const pays: Partial<Record<Seat, number>> = {};
	for (const b of settlement.breakdown) pays[b.seat] = b.points;
	return { pays, total: settlement.total };
}

/** Which misconceptions apply to a question: those whose wrong rule changes some amount there. */
export function applicableMisconceptions(outcome: NormalizedOutcome, settlement: Settlement) {
	const right = rightAmounts(settlement);
	return MISCONCEPTIONS.filter((m) => {
		if (m.id === 'wall-game-pays') return outcome.kind === 'wall-game';
		// The total must equal the sum of the payments on every question, a wall game too (P1).
		if (m.id === 'winner-total-not-sum') return true;
		const wrong = m.produce(outcome, right);
		return wrong !== null && !sameAmounts(wrong, right, right);
	}).map((m) => m.id);
}

/**
 * The answer a learner holding misconception `id` gives for this outcome (points), or null when
 * the misconception does not apply there. For `wall-game-pays` and `winner-total-not-sum`, one
 * representative answer.
 */
export function wrongAnswerFor(
	id: MisconceptionId,
	outcome: NormalizedOutcome,
	settlement: Settlement
): AnswerKey | null {
	if (!applicableMisconceptions(outcome, settlement).includes(id)) return null;
	const right = rightAmounts(settlement);
	if (id === 'wall-game-pays') return { pays: { ...right.pays, south: 25 }, total: 0 };
	if (id === 'winner-total-not-sum') return { pays: { ...right.pays }, total: right.total + 10 };
	return misconception(id).produce(outcome, right);
}

/** True when every amount `answer` entered equals `target` (keys of `right` only). */
function sameAmounts(answer: Answer, target: AnswerKey, right: AnswerKey): boolean {
	for (const s of SEATS) {
		if (!(s in right.pays)) continue;
		const a = answer.pays[s];
		if (a !== undefined && a !== target.pays[s]) return false;
	}
	return answer.total === undefined || answer.total === target.total;
}

/**
 * Reads an answer in misconceptions.md's form for a question whose receiver is `receiver`:
 * `{pays: {seat: points, ...}, total: points}`, a seat or the total left out (or null) when not
 * entered, an amount of 0 for the receiver's own seat ignored. Anything else gives an
 * `answer-invalid` error saying what is wrong. Never throws.
 */
export function readAnswer(input: unknown, receiver: Seat | null): Answer | PaymentError {
	const bad = (message: string): PaymentError => ({ code: 'answer-invalid', message });
	if (typeof input !== 'object' || input === null || Array.isArray(input)) {
		return bad('"answer" must be an object like {"pays":{"south":50},"total":150}.');
	}
	const raw = input as Record<string, unknown>;
	const pays = raw.pays ?? {};
	if (typeof pays !== 'object' || pays === null || Array.isArray(pays)) {
		return bad('"answer.pays" must be an object from seat to points.');
	}
	const answer: Answer = { pays: {} };
	for (const [key, value] of Object.entries(pays)) {
		if (!isSeat(key)) return bad(`"answer.pays" has "${key.slice(0, 20)}", which is not a seat.`);
		if (value === null || value === undefined) continue; // not entered
		if (typeof value !== 'number' || !Number.isFinite(value)) {
			return bad(`"answer.pays.${key}" must be a number of points.`);
		}
		if (key === receiver) {
			if (value !== 0) return bad(`${key} receives the payments: leave ${key} out of "pays".`);
			continue;
		}
		answer.pays[key] = value;
	}
	if (raw.total !== undefined && raw.total !== null) {
		if (typeof raw.total !== 'number' || !Number.isFinite(raw.total)) {
			return bad('"answer.total" must be a number of points.');
		}
		answer.total = raw.total;
	}
	return answer;
}

/**
 * Diagnoses a read answer for a valid outcome and its settlement (see `diagnose`). `given` are
 * amounts of the answer the learner was given, not asked (a partly worked question fills some
 * in, right): they count for `correct` and `wrong`, but a misconception is matched on the
 * learner's own amounts only.
 */
export function diagnoseValid(
	outcome: NormalizedOutcome,
	settlement: Settlement,
	answer: Answer,
	given: readonly AmountKey[] = []
): Diagnosis {
	const right = rightAmounts(settlement);
	const payers = SEATS.filter((s) => s in right.pays);
	const entered = (key: AmountKey) => (key === 'total' ? answer.total : answer.pays[key]);
	const keys: AmountKey[] = [...payers, 'total'];
	const missing = keys.filter((k) => entered(k) === undefined);
	// An amount left out counts as wrong (skills.md).
	const wrong = keys.filter((k) => entered(k) !== (k === 'total' ? right.total : right.pays[k]));
	// Only amounts the learner entered can show a misconception; one of them must be wrong.
	const misconceptions: MisconceptionId[] = [];
	if (wrong.length > missing.length) {
		const own: Answer = { pays: { ...answer.pays } };
		if (answer.total !== undefined && !given.includes('total')) own.total = answer.total;
		for (const key of given) if (key !== 'total') delete own.pays[key];
		for (const id of applicableMisconceptions(outcome, settlement)) {
			// "Every payment right" reads the whole answer; the wrong rules, the learner's amounts.
			if (shows(id, outcome, id === 'winner-total-not-sum' ? answer : own, right)) {
				misconceptions.push(id);
			}
		}
	}
	const correct = wrong.length === 0;
	const skills = skillsAgainst(outcome, { correct, wrong, missing, misconceptions });
	return { correct, wrong, missing, misconceptions, skills, expected: right };
}

function shows(id: MisconceptionId, outcome: NormalizedOutcome, answer: Answer, right: AnswerKey) {
	const enteredSeats = SEATS.filter((s) => s in right.pays && answer.pays[s] !== undefined);
	if (id === 'wall-game-pays') return enteredSeats.some((s) => answer.pays[s] !== 0);
	if (id === 'winner-total-not-sum') {
		// Every payment right (an amount left out is not right), the total wrong.
		return (
			answer.total !== undefined &&
			answer.total !== right.total &&
			SEATS.every((s) => !(s in right.pays) || answer.pays[s] === right.pays[s])
		);
	}
	const produced = misconception(id).produce(outcome, right);
	return produced !== null && sameAmounts(answer, produced, right);
}

/**
 * The most points an amount of an answer to `diagnose` may be: the largest whole number a JSON
 * number holds exactly (2^53 - 1). Any amount up to it is diagnosed, however far it is from what
 * a hand pays (12,000 points at most): a wrong rule can ask more than that (`east-double` on a
 * jokerless self-pick of value 1,000: 8,000 from each payer, 24,000 in all), and any other amount
 * is a slip (misconceptions.md). Past it, an amount cannot be read exactly.
 */
export const MAX_DIAGNOSED_POINTS = Number.MAX_SAFE_INTEGER;

/**
 * The first amount of a read answer that no hand can have: below 0 (`amount-negative`), a
 * fraction of a point (`amount-not-whole`: amounts are whole points, P13, as every form and the
 * class API read them) or over `MAX_DIAGNOSED_POINTS` (`amount-too-large`), naming where it is;
 * null when every amount can be.
 */
export function answerRangeError(answer: Answer): PaymentError | null {
	const amounts: [string, number][] = [
		...SEATS.filter((s) => answer.pays[s] !== undefined).map((s): [string, number] => [
			`answer.pays.${s}`,
			answer.pays[s]!
		]),
		...(answer.total === undefined ? [] : [['answer.total', answer.total] as [string, number]])
	];
	for (const [where, points] of amounts) {
		if (points < 0) {
			return {
				code: 'amount-negative',
				message: `"${where}" is ${points}: an amount is what a player pays or gets, 0 or more points.`
			};
		}
		if (!Number.isInteger(points) && Number.isFinite(points)) {
			return {
				code: 'amount-not-whole',
				message: `"${where}" is ${points}: amounts are whole points (P13).`
			};
		}
		if (points > MAX_DIAGNOSED_POINTS) {
			return {
				code: 'amount-too-large',
				message: `"${where}" is ${points}: an amount must be at most ${MAX_DIAGNOSED_POINTS} points to be read exactly.`
			};
		}
	}
	return null;
}

/**
 * The spec's machine-readable diagnosis of `answer` for `outcome` (misconceptions.md, with
 * skills.md's `skills`): `{correct, wrong, missing, misconceptions, skills, expected}`, amounts in
 * points. Never throws: an impossible outcome or a malformed answer gives
 * `{ error: { code, message } }` (the settle error codes; `answer-invalid` for a malformed answer;
 * `amount-negative`, `amount-not-whole` or `amount-too-large` for an amount no hand can have, see
 * `answerRangeError`).
 */
export function diagnose(outcome: unknown, answer: unknown): Diagnosis | { error: PaymentError } {
	try {
		const checked = validateOutcome(outcome);
		if (!checked.ok) return { error: checked.error };
		const settlement = settleValid(checked.outcome);
		const read = readAnswer(answer, settlement.receiver);
		if ('code' in read) return { error: read };
		const outOfRange = answerRangeError(read);
		if (outOfRange) return { error: outOfRange };
		return diagnoseValid(checked.outcome, settlement, read);
	} catch {
		return { error: { code: 'outcome-invalid', message: 'The question could not be read.' } };
	}
}
