/**
 * The practice round's URL: `/practice?seed=...&skills=a,b&n=10&unit=points` reproduces a round
 * exactly, so a teacher can give everyone the same one.
 */
import { SKILLS, type Skill } from '$lib/payments';
import type { QuizConfig } from '$lib/quiz/round';

/** Questions in a round: default and bounds. */
export const DEFAULT_COUNT = 10;
export const MAX_COUNT = 50;

/**
 * Reads a round from URL parameters. `skills` may be comma separated or repeated; unknown skills
 * are dropped; `n` is clamped to 1..50 (default 10); `unit` is `points` (default) or `money`.
 * Returns null for `seed` when the URL has none (the page then picks one).
 */
export function readRoundParams(params: URLSearchParams): Omit<QuizConfig, 'seed'> & {
	seed: string | null;
} {
	const skills = params
		.getAll('skills')
		.flatMap((s) => s.split(','))
		.map((s) => s.trim())
		.filter((s): s is Skill => (SKILLS as readonly string[]).includes(s));
	const n = Number.parseInt(params.get('n') ?? '', 10);
	const count = Number.isFinite(n) ? Math.min(MAX_COUNT, Math.max(1, n)) : DEFAULT_COUNT;
	const seed = params.get('seed')?.trim().slice(0, 64) || null;
	return {
		skills: [...new Set(skills)],
		count,
		unit: params.get('unit') === 'money' ? 'money' : 'points',
		seed
	};
}

/** The URL search string of a round (the inverse of `readRoundParams`). */
export function roundSearch(config: QuizConfig): string {
	const params = new URLSearchParams({ seed: config.seed });
	if (config.skills.length > 0) params.set('skills', config.skills.join(','));
	params.set('n', String(config.count));
	params.set('unit', config.unit);
	return `?${params.toString().replaceAll('%2C', ',')}`;
}

/** A fresh random seed (8 characters), from the browser's or Node's crypto. */
export function newSeed(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(6));
	return btoa(String.fromCharCode(...bytes))
		.replaceAll('+', 'x')
		.replaceAll('/', 'y');
}

/** The URL search string of a new round with the same settings but a fresh seed (chosen on load). */
export function sameSettingsSearch(config: QuizConfig): string {
	return roundSearch(config).replace(/^\?seed=[^&]*&?/, '?');
}
