/**
 * Does the page fit a phone's width? For the accessibility walk and the phone layout test: the
 * page does not scroll sideways, no text runs past the screen's left or right edge, and no box
 * that hides (or scrolls) its overflow cuts its text: a clipped box keeps the page's scrollWidth
 * small, yet its words are cut, so each is checked on its own. Fold-outs are opened for the check
 * (and closed again after it): what they hold must fit too.
 */
import type { Page } from 'playwright-core';

/**
 * What does not fit on `page` as it is now (empty when it all fits): the sideways scroll, the text
 * past an edge of the screen, the boxes that cut their text, each with a short description.
 */
export function unfitText(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const width = window.innerWidth;
		const found: string[] = [];
		const closed = [...document.querySelectorAll('details:not([open])')];
		for (const d of closed) d.setAttribute('open', '');
		const name = (el: Element) =>
			`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList[0] ? `.${el.classList[0]}` : ''}`;
		const extra = document.documentElement.scrollWidth - width;
		if (extra > 0) {
			const wide = [...document.querySelectorAll('body *')]
				.filter((el) => el.getBoundingClientRect().right > width + 1)
				.slice(0, 3);
			found.push(`the page scrolls sideways by ${extra} px (${wide.map(name).join(', ')})`);
		}
		/** Visually hidden (for screen readers only): a box of 1 px that clips its text. */
		const srOnly = (el: Element | null): boolean => {
			for (let e = el; e; e = e.parentElement) {
				const style = getComputedStyle(e);
				if (style.overflow !== 'visible' && e.clientWidth <= 1) return true;
				if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') {
					return true;
				}
			}
			return false;
		};
		// Words past the left or right edge of the screen.
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		const range = document.createRange();
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const text = node.textContent?.trim() ?? '';
			const parent = node.parentElement;
			if (!text || !parent || parent.closest('option, script, style, title, desc')) continue;
			range.selectNodeContents(node);
			// (Wholly to the left is hidden on purpose: a skip link until it has the focus.)
			const out = [...range.getClientRects()].some(
				(r) => r.width > 0 && r.right > 0 && (r.left < -1 || r.right > width + 1)
			);
			if (out && !srOnly(parent)) found.push(`text past the edge: "${text.slice(0, 40)}"`);
		}
		// Boxes that hide or scroll their overflow sideways while their text is wider than they are.
		for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
			if (el.matches('input, textarea, select, progress, svg, svg *')) continue;
			const style = getComputedStyle(el);
			if (style.overflowX === 'visible' || el.clientWidth <= 1) continue;
			if (!el.textContent?.trim() || srOnly(el)) continue;
			if (el.scrollWidth > el.clientWidth + 1) {
				found.push(
					`${name(el)} cuts its text (overflow ${style.overflowX}, ${el.scrollWidth} px in ${el.clientWidth} px): "${el.textContent.trim().slice(0, 40)}"`
				);
			}
		}
		for (const d of closed) d.removeAttribute('open');
		return [...new Set(found)];
	});
}

/** The root font size of `page` in CSS pixels (18 by default; 24 px browser base font: 27). */
export function rootFontSize(page: Page): Promise<number> {
	return page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
}
