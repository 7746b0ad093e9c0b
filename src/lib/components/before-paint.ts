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

/**
 * Runs `fn` once the browser is idle after the next frame is painted, and returns a function that
 * cancels it. Work that must not hold the feedback back (keeping the round in the tab) waits here:
 * an idle callback asked for at once can run in the idle time before that frame, and a long one
 * then delays its paint. Without idle callbacks it waits 200 ms instead; without animation
 * frames (a test's DOM) it goes straight to that.
 */
export function afterPaint(fn: () => void): () => void {
	let cancelIdle: (() => void) | undefined;
	let cancelled = false;
	const whenIdle = () => {
		if (cancelled) return;
		if (typeof requestIdleCallback === 'function') {
			const handle = requestIdleCallback(() => fn());
			cancelIdle = () => cancelIdleCallback(handle);
		} else {
			const handle = setTimeout(fn, 200);
			cancelIdle = () => clearTimeout(handle);
		}
	};
	const cancelFrame = beforePaint(() => setTimeout(whenIdle));
	return () => {
		cancelled = true;
		cancelFrame();
		cancelIdle?.();
	};
}
