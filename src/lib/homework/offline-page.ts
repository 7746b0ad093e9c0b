/**
 * A student's homework page offline (issue 20): once opened, `/homework/CODE` reloads with no
 * network. Its page carries everything (the questions in its data, answers kept in
 * localStorage), so the service worker keeps the page itself: it answers it network first, like
 * the app's other offline pages, and the page asks it to keep a copy on its first visit (when no
 * service worker was yet there to see it go by). Pure: the page and the service worker do the I/O.
 */
import { isCode } from '$lib/class/codes';

/** The `type` of the message a homework page sends the service worker to be kept for offline. */
export const KEEP_HOMEWORK_PAGE = 'keep-homework-page';

/** The message itself: `{ type: KEEP_HOMEWORK_PAGE, path }`, `path` the page's own path. */
export interface KeepHomeworkPage {
	type: typeof KEEP_HOMEWORK_PAGE;
	path: string;
}

/**
 * True when `path` is a student's homework page, `${base}/homework/CODE` with a valid code
 * (not `/homework/new`, nor a results page: the teacher's results are never kept).
 */
export function isHomeworkPage(path: string, base = ''): boolean {
	if (!path.startsWith(`${base}/homework/`)) return false;
	const code = path.slice(`${base}/homework/`.length);
	return isCode(code);
}

/** The path a message asks to keep, when it is a `KeepHomeworkPage` for a homework page; else null. */
export function homeworkPageToKeep(data: unknown, base = ''): string | null {
	if (typeof data !== 'object' || data === null) return null;
	const { type, path } = data as Partial<KeepHomeworkPage>;
	if (type !== KEEP_HOMEWORK_PAGE || typeof path !== 'string') return null;
	return isHomeworkPage(path, base) ? path : null;
}

/** Homework pages among the paths of a cache's requests (to carry into a new version's cache). */
export function homeworkPagesIn(paths: readonly string[], base = ''): string[] {
	return [...new Set(paths.filter((p) => isHomeworkPage(p, base)))];
}
