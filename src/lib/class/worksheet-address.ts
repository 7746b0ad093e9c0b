/**
 * A printable worksheet's settings as they travel in an address
 * (`/class/worksheet?seed=...&count=...&skills=...&unit=...&swaps=...`), apart from the questions
 * and the key (`./worksheet`), so a page that only links to a worksheet (My classes) does not
 * download the generator. Pure.
 */
import { SKILLS, isSkill, type AmountUnit, type Skill } from '$lib/payments';
import { readSwaps, swapsText, type Swaps } from '$lib/scenarios/swaps-text';

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
	if (seed === '' || seed.length > 64)
		return 'The worksheet needs a question set (seed) of 1 to 64 characters.';
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
