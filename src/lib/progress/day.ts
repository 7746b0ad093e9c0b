/**
 * The learner's calendar day, apart from the skills' levels (`./mastery`), so the home page's
 * "Today" count does not download them on a first visit. Pure.
 */

/** The learner's local calendar day of a time, as YYYY-MM-DD. */
export function localDay(date: Date): string {
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
