/**
 * The printable worksheet and its answer key (issue 20): its settings as they travel in an
 * address (`/class/worksheet?seed=...&count=...&skills=...&unit=...&swaps=...`), and the key of
 * each question from the payments engine's breakdown, every factor naming its rule. Pure.
 */
import {
	SKILLS,
	amountOf,
	amountWords,
	answerFields,
	formatAmount,
	isSkill,
	payerLines,
	seatList,
	seatLabel,
	type AmountKey,
	type AmountUnit,
	type PayerLine,
	type Skill
} from '$lib/payments';
import { settledOf } from '$lib/scenarios/settled';
import { readSwaps, roundWithSwaps, swapsText, type Swaps } from '$lib/scenarios/swaps';
import type { Scenario } from '$lib/scenarios/types';

/** A worksheet's settings: as a class's or an assignment's (seed, count, skills, unit, swaps). */
export interface WorksheetSetup {
	seed: string;
	count: number;
	skills: Skill[];
	unit: AmountUnit;
	swaps: Swaps;
	/** A title printed at the top (the class or the assignment), optional. */
	title?: string;
}

/** The most questions a worksheet holds (as a class). */
export const WORKSHEET_MAX = 50;

/** The worksheet's address for `setup`: `/class/worksheet?seed=..&count=..` and the rest. */
export function worksheetHref(setup: WorksheetSetup): string {
	const query = new URLSearchParams({ seed: setup.seed, count: String(setup.count) });
	if (setup.skills.length > 0) query.set('skills', setup.skills.join(','));
	query.set('unit', setup.unit);
	const swaps = swapsText(setup.swaps);
	if (swaps) query.set('swaps', swaps);
	if (setup.title) query.set('title', setup.title);
	return `/class/worksheet?${query}`;
}

/**
 * Reads a worksheet's settings from its address, or says what is wrong in a sentence: `seed` 1..64
 * characters, `count` 1..50, `skills` known skill ids separated by commas or repeated (as a form's
 * checkboxes send them; blank: the natural mix),
 * `unit` points (default) or money, `swaps` as `swapsText` writes them.
 */
export function readWorksheetQuery(query: URLSearchParams): WorksheetSetup | string {
	const seed = (query.get('seed') ?? '').trim();
	if (seed === '' || seed.length > 64) return 'The worksheet needs a seed of 1 to 64 characters.';
	const countText = query.get('count') ?? '';
	const count = /^\d{1,3}$/.test(countText) ? Number(countText) : NaN;
	if (!(count >= 1 && count <= WORKSHEET_MAX))
		return `The number of questions must be a whole number from 1 to ${WORKSHEET_MAX}.`;
	const ids = query
		.getAll('skills')
		.join(',')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	const unknown = ids.find((id) => !isSkill(id));
	if (unknown !== undefined)
		return `Unknown skill "${unknown.slice(0, 40)}". The skills are: ${SKILLS.join(', ')}.`;
	const unit = query.get('unit') ?? 'points';
	if (unit !== 'points' && unit !== 'money') return 'Amounts are in points or money.';
	const swaps = readSwaps(query.get('swaps') ?? '', count);
	if (!swaps) return 'The swapped questions are not readable (for example 2:1,5:3).';
	const title = (query.get('title') ?? '').trim().slice(0, 80);
	return { seed, count, skills: ids.filter(isSkill), unit, swaps, ...(title ? { title } : {}) };
}

/** One amount of the key: the field's label ("South pays") and the amount in the unit. */
export interface KeyAmount {
	key: AmountKey;
	label: string;
	amount: string;
	points: number;
}

/** A question's key: its amounts, then its breakdown as short lines naming the rules. */
export interface QuestionKey {
	amounts: KeyAmount[];
	lines: string[];
}

/** One payer line in words, each factor with its rule: "South pays 25 × 2 (threw the tile, P2) = 50". */
function lineText(line: PayerLine, show: (points: number) => string): string {
	const many = line.seats.length > 1;
	const who = seatList(line.seats);
	if (line.reason) {
		return `${who} ${many ? 'pay' : 'pays'} nothing (${line.reason.label}, ${line.reason.rule})`;
	}
	const factors = line.factors.map((f) => ` × ${f.factor} (${f.label}, ${f.rule})`).join('');
	const notes = line.notes.map((n) => `; ${n.label} (${n.rule})`).join('');
	const result = line.factors.length > 0 ? ` = ${show(line.points)}` : '';
	return `${who} ${many ? 'each pay' : 'pays'} ${show(line.value)}${factors}${result}${notes}`;
}

/**
 * The answer key of `scenario` in `unit`: every answer field's amount (the engine's settlement)
 * and the breakdown's payer lines, then what the receiver gets (P1). Throws for an impossible
 * outcome (never generated).
 */
export function questionKey(scenario: Scenario, unit: AmountUnit): QuestionKey {
	const { settlement } = settledOf(scenario, unit);
	const pays: Partial<Record<AmountKey, number>> = { total: settlement.total };
	for (const t of settlement.transfers) pays[t.from] = t.points;
	const amounts = answerFields(scenario.outcome).map(({ key, label }) => {
		const points = amountOf({ pays, total: settlement.total }, key) ?? 0;
		return { key, label, points, amount: formatAmount(points, unit) };
	});
	const show = amountWords(unit);
	const lines = payerLines(settlement).map((line) => lineText(line, show));
	if (settlement.receiver) {
		const sum = settlement.transfers.map((t) => show(t.points)).join(' + ');
		lines.push(
			`${seatLabel(settlement.receiver)} receives ${sum} = ${show(settlement.total)} (the sum of the payments, P1)`
		);
	} else lines.push('Nobody receives anything (wall game, P11)');
	return { amounts, lines };
}

/** The worksheet's questions: the round of its seed with its swaps (the class's own questions). */
export function worksheetQuestions(setup: WorksheetSetup): Scenario[] {
	return roundWithSwaps(setup);
}
