/**
 * Making a homework from /homework/new: the due time's default, and the request that makes the
 * assignment and keeps it in this browser's "My classes".
 */
import { postJson } from '$lib/class/live.svelte';
import { rememberMine } from '$lib/class/mine';
import type { HomeworkPublic } from '$lib/homework/types';
import type { Skill } from '$lib/payments';
import type { Swaps } from '$lib/scenarios/swaps';

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A week after `now` (ms), rounded up to the hour, as the browser's local date and time in the
 * form of a `datetime-local` field (`2026-12-10T18:00`).
 */
export function weekAfter(now: number): string {
	const week = new Date(Math.ceil((now + 7 * 24 * HOUR) / HOUR) * HOUR);
	return `${week.getFullYear()}-${pad(week.getMonth() + 1)}-${pad(week.getDate())}T${pad(week.getHours())}:00`;
}

/** What the teacher asked for: the round (as previewed), the title, the unit and the due time (ms). */
export interface HomeworkRequest {
	skills: Skill[];
	title: string;
	questionCount: number;
	unit: 'points' | 'money';
	seed: string;
	swaps: Swaps;
	dueAt: number;
}

/**
 * Makes the homework (`POST /api/homework`) and keeps it in "My classes"; resolves to its code.
 * Rejects with the server's reason (an `Error` whose message is for the teacher) when refused.
 */
export async function makeHomework(request: HomeworkRequest): Promise<string> {
	const made = await postJson<{ code: string; view: HomeworkPublic }>('/api/homework', request);
	rememberMine({
		kind: 'homework',
		code: made.code,
		createdAt: Date.now(),
		seed: request.seed,
		questionCount: made.view.questions.length,
		skills: request.skills,
		unit: request.unit,
		swaps: request.swaps,
		title: made.view.title,
		dueAt: request.dueAt
	});
	return made.code;
}
