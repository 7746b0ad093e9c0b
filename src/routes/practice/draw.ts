/**
 * The questions of a practice round, drawn where it costs the learner least. Online, the server
 * draws them (`GET /api/round`, the same seeded generator), so the drill's first load does not
 * carry the generator; offline, or when the server is slow or answers anything else, the
 * generator is loaded here (from the service worker's cache) and draws the very same questions:
 * one seed, one round, wherever it is drawn.
 */
import { SKILLS, type Skill } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';

/** What a round is drawn from: its seed, number of questions and skills picked. */
export interface RoundRequest {
	seed: string;
	count: number;
	skills: Skill[];
	/** A skill whose worked example opens the round, or null. */
	worked: Skill | null;
}

/**
 * A drawn round: its questions, why it is shorter than asked (a sentence, or null), and the
 * worked example's question when one was asked for (else null).
 */
export interface DrawnRound {
	scenarios: Scenario[];
	shortReason: string | null;
	worked: Scenario | null;
}

/** How long the server may take before the round is drawn here instead (ms). */
export const DRAW_TIMEOUT_MS = 3000;

/** The query string of `GET /api/round` for a request (read back by `readRoundRequest`). */
export function roundRequestSearch(request: RoundRequest): string {
	const params = new URLSearchParams({ seed: request.seed, n: String(request.count) });
	if (request.skills.length > 0) params.set('skills', request.skills.join(','));
	if (request.worked) params.set('worked', request.worked);
	return `?${params}`;
}

/**
 * Reads `GET /api/round`'s query: `seed` (1 to 64 characters), `n` (a whole number 1 to 50),
 * `skills` (comma separated, known skills only) and `worked` (a skill, optional). Returns the
 * request, or a sentence saying what is wrong.
 */
export function readRoundRequest(params: URLSearchParams): RoundRequest | string {
	const seed = params.get('seed') ?? '';
	if (seed.length < 1 || seed.length > 64) return 'seed must be 1 to 64 characters.';
	const count = Number(params.get('n'));
	if (!Number.isInteger(count) || count < 1 || count > 50) {
		return 'n must be a whole number of questions from 1 to 50.';
	}
	const isSkill = (s: string): s is Skill => (SKILLS as readonly string[]).includes(s);
	const listed = (params.get('skills') ?? '').split(',').filter((s) => s !== '');
	const unknown = listed.find((s) => !isSkill(s));
	if (unknown !== undefined) return `"${unknown}" is not a skill (skills: ${SKILLS.join(', ')}).`;
	const worked = params.get('worked');
	if (worked !== null && !isSkill(worked)) return `worked: "${worked}" is not a skill.`;
	return { seed, count, skills: listed as Skill[], worked };
}

/**
 * Draws a round with the seeded generator (pure: the same request gives the same round). The
 * worked example is `generateScenario(seed + "-worked", 0, [skill])`.
 */
export async function drawHere(request: RoundRequest): Promise<DrawnRound> {
	const [{ generateRound }, { generateScenario }] = await Promise.all([
		import('$lib/scenarios/round'),
		import('$lib/scenarios/generate')
	]);
	const round = generateRound(request);
	return {
		scenarios: round.scenarios,
		shortReason: round.shortReason,
		worked: request.worked ? generateScenario(`${request.seed}-worked`, 0, [request.worked]) : null
	};
}

const isDrawn = (body: unknown): body is DrawnRound =>
	typeof body === 'object' &&
	body !== null &&
	Array.isArray((body as DrawnRound).scenarios) &&
	'shortReason' in body &&
	'worked' in body;

/**
 * The round from the server, or drawn here when the server cannot give it within
 * `DRAW_TIMEOUT_MS` (offline, a bad connection, an error). Rejects only when neither works
 * (offline, and the generator is not on this device).
 */
export async function drawRound(
	request: RoundRequest,
	fetcher: typeof fetch = fetch
): Promise<DrawnRound> {
	try {
		const response = await fetcher(`/api/round${roundRequestSearch(request)}`, {
			signal: AbortSignal.timeout(DRAW_TIMEOUT_MS)
		});
		const body: unknown = response.ok ? await response.json() : null;
		if (isDrawn(body)) return body;
	} catch {
		// Offline or too slow: drawn here below.
	}
	return drawHere(request);
}
