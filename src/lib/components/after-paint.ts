/**
 * Work put off until the next frame is painted (its own module: the practice page loads it
 * first, without the components that share `before-paint.ts`).
 */
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
	const frame =
		typeof requestAnimationFrame === 'function'
			? requestAnimationFrame(() => setTimeout(whenIdle))
			: (whenIdle(), 0);
	const cancelFrame = () => frame && cancelAnimationFrame(frame);
	return () => {
		cancelled = true;
		cancelFrame();
		cancelIdle?.();
	};
}
