/**
 * Keeping a page's state in its address (the table's hand, the ledger's open night), so that a
 * reload, a shared link and Back from another page all bring it back.
 */
import { goto } from '$app/navigation';
import { page } from '$app/state';

/**
 * Puts `next` (a path with its search) in the address in place of the current one, unless it is
 * there already: a navigation that replaces the history entry and keeps the focus and the scroll.
 * Not SvelteKit's shallow `replaceState`: that entry would keep the page's first address as its
 * own, and Back from another page would bring the page back without what it held.
 */
export function followInAddress(next: string): void {
	if (next === page.url.pathname + page.url.search) return;
	void goto(next, { replaceState: true, keepFocus: true, noScroll: true });
}
