import { readMistakeFilter } from '$lib/progress';
import type { PageLoad } from './$types';

// Mistakes live in the browser's storage, so this page renders in the browser only.
export const ssr = false;

/** The filters given in the URL (`/review?skill=dead-hand&misconception=dead-hand-excused`). */
export const load: PageLoad = ({ url }) => ({ filter: readMistakeFilter(url.searchParams) });
