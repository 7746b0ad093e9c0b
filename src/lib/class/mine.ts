/**
 * "My classes" (issue 20): the live sessions and homework assignments this teacher made on this
 * device, kept in the browser's localStorage (key `my-classes`), so /class lists them newest
 * first and opens a control view or a results page again without its address. Nothing here is
 * secret: the teacher's cookie is what lets the control view and the results open.
 */
import type { AmountUnit, Skill } from '$lib/payments';

/** The localStorage key of the list. */
export const MINE_KEY = 'my-classes';

/**
 * One thing the teacher made: a live `class` or a `homework` assignment, its `code`, when it was
 * made (`createdAt`, ms), its settings (for the worksheet), and for homework its due time (`dueAt`, ms).
 */
export interface MineEntry {
	kind: 'class' | 'homework';
	code: string;
	createdAt: number;
	seed: string;
	questionCount: number;
	skills: Skill[];
	unit: AmountUnit;
	swaps?: Record<number, number>;
	title?: string;
	dueAt?: number;
}

const storage = (): Storage | null => {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch {
		return null;
	}
};

const isEntry = (e: unknown): e is MineEntry =>
	typeof e === 'object' &&
	e !== null &&
	((e as MineEntry).kind === 'class' || (e as MineEntry).kind === 'homework') &&
	typeof (e as MineEntry).code === 'string' &&
	typeof (e as MineEntry).createdAt === 'number';

/** What this device made, newest first; an unreadable list reads as empty. Never throws. */
export function listMine(): MineEntry[] {
	try {
		const raw: unknown = JSON.parse(storage()?.getItem(MINE_KEY) ?? '[]');
		return (Array.isArray(raw) ? raw.filter(isEntry) : []).sort(
			(a, b) => b.createdAt - a.createdAt
		);
	} catch {
		return [];
	}
}

/**
 * Adds `entry` to the list, or keeps the one already there for its kind and code (its first
 * `createdAt` stays). Returns false when the browser would not store it. Never throws.
 */
export function rememberMine(entry: MineEntry): boolean {
	const list = listMine();
	if (list.some((e) => e.kind === entry.kind && e.code === entry.code)) return true;
	try {
		storage()?.setItem(MINE_KEY, JSON.stringify([entry, ...list].slice(0, 200)));
		return storage() !== null;
	} catch {
		return false;
	}
}

/** Takes an entry off the list (the session or assignment stays on the server). Never throws. */
export function forgetMine(kind: MineEntry['kind'], code: string): void {
	const list = listMine().filter((e) => !(e.kind === kind && e.code === code));
	try {
		storage()?.setItem(MINE_KEY, JSON.stringify(list));
	} catch {
		/* nothing to do: the list stays as it was */
	}
}
