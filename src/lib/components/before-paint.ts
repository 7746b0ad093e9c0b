/**
 * Runs `fn` in the next animation frame, just before the browser lays the page out and paints
 * it, and returns a function that cancels it (for an effect's or `onMount`'s cleanup).
 *
 * What needs the layout (scrolling a heading into view, focusing a button, measuring the table's
 * plates) done there shares the frame's one layout, instead of each forcing its own while the
 * feedback is still being built: the feedback shows sooner and looks the same, since nothing is
 * painted in between. Where there are no animation frames (a test's DOM), `fn` runs at once.
 */
export function beforePaint(fn: () => void): () => void {
	if (typeof requestAnimationFrame !== 'function') {
		fn();
		return () => {};
	}
	const frame = requestAnimationFrame(() => fn());
	return () => cancelAnimationFrame(frame);
}
