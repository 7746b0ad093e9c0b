import { describe, expect, it } from 'vitest';
import { EDGE, bubblePlace } from './bubble';

const PHONE = { width: 360, height: 740 };

describe('bubblePlace', () => {
	it('puts the bubble under the word, as wide as the phone allows, inside the screen', () => {
		const at = bubblePlace({ left: 250, top: 200, bottom: 230 }, 120, PHONE, 24 * 18);
		expect(at.width).toBe(360 - 2 * EDGE);
		expect(at.left).toBe(EDGE);
		expect(at.top).toBe(236);
	});

	it('on a wide screen, starts under the word and keeps clear of the right edge', () => {
		const wide = { width: 1280, height: 800 };
		expect(bubblePlace({ left: 300, top: 100, bottom: 130 }, 100, wide, 400).left).toBe(300);
		expect(bubblePlace({ left: 1200, top: 100, bottom: 130 }, 100, wide, 400).left).toBe(
			1280 - EDGE - 400
		);
	});

	it('goes above the word when there is no room under it and more above', () => {
		const at = bubblePlace({ left: 20, top: 650, bottom: 680 }, 150, PHONE, 400);
		expect(at.top).toBe(650 - 6 - 150);
		// With little room either way it stays under the word (the page scrolls to it).
		expect(bubblePlace({ left: 20, top: 60, bottom: 90 }, 700, PHONE, 400).top).toBe(96);
	});

	it('never goes above the screen: too tall for above, it stays under the word', () => {
		// At a large text size a definition can be taller than the room on either side.
		const word = { left: 20, top: 400, bottom: 430 };
		expect(bubblePlace(word, 500, PHONE, 400).top).toBe(436);
		expect(bubblePlace(word, 380, PHONE, 400).top).toBe(400 - 6 - 380);
	});
});
