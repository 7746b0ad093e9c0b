/**
 * The process's one class service (issue 4; issue 19: on the store `DATABASE_URL` or
 * `DATABASE_PATH` names, see `./store`) and the scenario generator. Per client address: joins
 * `CLASS_JOIN_BURST` (default 120) then `CLASS_JOIN_PER_SECOND` (default 5: 300 students behind
 * one school address all join within a minute); new sessions `CLASS_SESSION_BURST` (default 10)
 * then one every `CLASS_SESSION_EVERY_SECONDS` (default 60); code look-ups and projector views
 * `CLASS_LOOKUP_BURST` (default 300) then `CLASS_LOOKUP_PER_SECOND` (default 5); streams open at
 * once per client `CLASS_STREAMS_PER_CLIENT` (default 8); homework answer sends
 * `HOMEWORK_ANSWER_BURST` (default 600) then `HOMEWORK_ANSWER_PER_SECOND` (default 10). Homework
 * joins and new assignments follow the join and session settings, in buckets of their own. On
 * PostgreSQL every instance counts the same limits.
 */
import { classQuestions } from '$lib/class/preview';
import { envNumber } from './rate-limit';
import { ClassService } from './sessions';
import { openStore } from './store';

let service: ClassService | null = null;

/** The shared service, created on first use. */
export function classService(): ClassService {
	const env = process.env;
	service ??= new ClassService({
		open: () => openStore(env),
		generate: classQuestions,
		joinLimit: {
			capacity: envNumber(env.CLASS_JOIN_BURST, 120),
			perSecond: envNumber(env.CLASS_JOIN_PER_SECOND, 5)
		},
		createLimit: {
			capacity: envNumber(env.CLASS_SESSION_BURST, 10),
			perSecond: 1 / envNumber(env.CLASS_SESSION_EVERY_SECONDS, 60)
		},
		lookupLimit: {
			capacity: envNumber(env.CLASS_LOOKUP_BURST, 300),
			perSecond: envNumber(env.CLASS_LOOKUP_PER_SECOND, 5)
		},
		answerLimit: {
			capacity: envNumber(env.HOMEWORK_ANSWER_BURST, 600),
			perSecond: envNumber(env.HOMEWORK_ANSWER_PER_SECOND, 10)
		},
		streamsPerClient: envNumber(env.CLASS_STREAMS_PER_CLIENT, 8)
	});
	return service;
}

/** Replaces the shared service (tests run the endpoints over a service of their own); returns the old one. */
export function useClassService(next: ClassService | null): ClassService | null {
	const previous = service;
	service = next;
	return previous;
}

let sweep: ReturnType<typeof setInterval> | null = null;

/** Ends the sessions idle for 12 hours every `everyMs` (once per process); the timer does not keep the process alive. */
export function startIdleSweep(everyMs = 5 * 60 * 1000): void {
	if (sweep) return;
	sweep = setInterval(() => {
		classService()
			.expireIdle()
			.catch((error: unknown) => console.error('[class] idle sweep failed', error));
	}, everyMs);
	sweep.unref?.();
}
