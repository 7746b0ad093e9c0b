/**
 * The process's one class service (issue 4), over the database at `DATABASE_PATH` (default
 * `data/coach.db`) and the scenario generator. Per client address: joins `CLASS_JOIN_BURST`
 * (default 120) then `CLASS_JOIN_PER_SECOND` (default 5: 300 students behind one school address
 * all join within a minute); new sessions `CLASS_SESSION_BURST` (default 10) then one every
 * `CLASS_SESSION_EVERY_SECONDS` (default 60).
 */
import { generateScenarios } from '$lib/scenarios';
import { databasePath, openDatabase } from './db';
import { envNumber } from './rate-limit';
import { ClassService } from './sessions';

let service: ClassService | null = null;

/** The shared service, created on first use. */
export function classService(): ClassService {
	service ??= new ClassService({
		open: () => openDatabase(databasePath()),
		generate: (config) =>
			generateScenarios({ seed: config.seed, count: config.questionCount, skills: config.skills }),
		joinLimit: {
			capacity: envNumber(process.env.CLASS_JOIN_BURST, 120),
			perSecond: envNumber(process.env.CLASS_JOIN_PER_SECOND, 5)
		},
		createLimit: {
			capacity: envNumber(process.env.CLASS_SESSION_BURST, 10),
			perSecond: 1 / envNumber(process.env.CLASS_SESSION_EVERY_SECONDS, 60)
		},
		groupCommitMs: 4
	});
	return service;
}

/** Replaces the shared service (tests run the endpoints over a service of their own); returns the old one. */
export function useClassService(next: ClassService | null): ClassService | null {
	const previous = service;
	service = next;
	return previous;
}

/** Ends the sessions idle for 12 hours; run every 5 minutes by `startIdleSweep`. */
let sweep: ReturnType<typeof setInterval> | null = null;

/** Starts the idle sweep (once per process); the timer does not keep the process alive. */
export function startIdleSweep(everyMs = 5 * 60 * 1000): void {
	if (sweep) return;
	sweep = setInterval(() => {
		try {
			classService().expireIdle();
		} catch (error) {
			console.error('[class] idle sweep failed', error);
		}
	}, everyMs);
	sweep.unref?.();
}
