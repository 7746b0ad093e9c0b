/**
 * A bubble beside the word it explains (a glossary term's definition): over the page, so the
 * sentence keeps its lines; under the word's line, or above it when it fits only there (one too
 * tall for either side stays under the word, its top on the screen, never cut off above it);
 * inside the screen with a 12 px margin, and following the word as the page scrolls.
 */
import type { Attachment } from 'svelte/attachments';

/** The space kept between the bubble and the screen's edges. */
export const EDGE = 12;
/** The space between the word and the bubble. */
const GAP = 6;

/** Where the bubble goes, in the screen's coordinates (px). */
export function bubblePlace(
	word: { left: number; top: number; bottom: number },
	height: number,
	screen: { width: number; height: number },
	maxWidth: number
): { left: number; top: number; width: number } {
	const width = Math.max(0, Math.min(maxWidth, screen.width - 2 * EDGE));
	const left = Math.max(EDGE, Math.min(word.left, screen.width - EDGE - width));
	const below = screen.height - word.bottom - GAP;
	const above = word.top - GAP;
	// Above only where it fits: a bubble taller than the room above would start off the screen.
	const top = height > below && height <= above ? word.top - GAP - height : word.bottom + GAP;
	return { left, top, width };
}

/**
 * Shows the bubble it is attached to beside `word` (in the browser's top layer where it has
 * popovers), and calls `close` on Escape (`refocus` when the focus was in the bubble or nowhere,
 * so it goes back to the word), on a tap or click outside the word and the bubble, and when the focus moves
 * elsewhere.
 */
export function besideWord(
	word: HTMLElement,
	close: (refocus: boolean) => void
): Attachment<HTMLElement> {
	return (bubble) => {
		if (typeof bubble.showPopover === 'function') {
			bubble.popover = 'manual';
			bubble.showPopover();
		}
		const place = () => {
			const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
			const screen = { width: document.documentElement.clientWidth, height: innerHeight };
			const width = bubblePlace(word.getBoundingClientRect(), 0, screen, 24 * rem).width;
			bubble.style.width = `${width}px`;
			const at = bubblePlace(word.getBoundingClientRect(), bubble.offsetHeight, screen, width);
			bubble.style.left = `${at.left}px`;
			bubble.style.top = `${at.top}px`;
		};
		const outside = (target: EventTarget | null) =>
			!(target instanceof Node && (bubble.contains(target) || word.contains(target)));
		const onKey = (event: KeyboardEvent) => {
			const at = document.activeElement;
			if (event.key === 'Escape') close(!at || at === document.body || bubble.contains(at));
		};
		const onPointer = (event: Event) => outside(event.target) && close(false);
		place();
		const listeners: [Window | Document, string, EventListener][] = [
			[window, 'scroll', place],
			[window, 'resize', place],
			[document, 'keydown', onKey as EventListener],
			[document, 'pointerdown', onPointer],
			[document, 'focusin', onPointer]
		];
		for (const [target, type, listener] of listeners) {
			target.addEventListener(type, listener, { capture: true, passive: true });
		}
		return () => {
			for (const [target, type, listener] of listeners) {
				target.removeEventListener(type, listener, { capture: true });
			}
		};
	};
}
