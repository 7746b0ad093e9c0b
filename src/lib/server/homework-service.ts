/**
 * The process's one homework service (issue 20), on the class service's store (the same
 * database, SQLite or PostgreSQL, and the same connection) and its per-address limits.
 */
import { HomeworkService } from './homework';
import { classService } from './service';

let service: HomeworkService | null = null;

/** The shared homework service, created on first use. */
export function homeworkService(): HomeworkService {
	service ??= new HomeworkService(
		() => classService().openStore(),
		() => Date.now(),
		() => classService().limits()
	);
	return service;
}

/** Replaces the shared service (tests); returns the old one. */
export function useHomeworkService(next: HomeworkService | null): HomeworkService | null {
	const previous = service;
	service = next;
	return previous;
}
