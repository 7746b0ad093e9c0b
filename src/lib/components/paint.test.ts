/**
 * `afterPaint`: work that must not hold a frame back runs in an idle callback asked for only
 * after the next frame (not in the idle time before it), and cancelling at any step stops it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint';
import { beforePaint } from './before-paint';

let frames: (() => void)[] = [];
let idles: (() => void)[] = [];

beforeEach(() => {
	vi.useFakeTimers();
	frames = [];
	idles = [];
	vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frames.push(fn));
	vi.stubGlobal('cancelAnimationFrame', (n: number) => (frames[n - 1] = () => {}));
	vi.stubGlobal('requestIdleCallback', (fn: () => void) => idles.push(fn));
	vi.stubGlobal('cancelIdleCallback', (n: number) => (idles[n - 1] = () => {}));
});
afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

const runFrames = () => frames.splice(0).forEach((fn) => fn());
const runIdle = () => idles.splice(0).forEach((fn) => fn());

describe('afterPaint', () => {
	it('asks for an idle callback only after the next frame, and runs there', () => {
		const fn = vi.fn();
		afterPaint(fn);
		expect(idles).toHaveLength(0);
		runFrames();
		expect(idles).toHaveLength(0);
		vi.runAllTimers();
		expect(idles).toHaveLength(1);
		expect(fn).not.toHaveBeenCalled();
		runIdle();
		expect(fn).toHaveBeenCalledOnce();
	});

	it.each(['before the frame', 'before the timer', 'before the idle callback'])(
		'never runs once cancelled %s',
		(when) => {
			const fn = vi.fn();
			const cancel = afterPaint(fn);
			if (when !== 'before the frame') runFrames();
			if (when === 'before the idle callback') vi.runAllTimers();
			cancel();
			runFrames();
			vi.runAllTimers();
			runIdle();
			expect(fn).not.toHaveBeenCalled();
		}
	);

	it('waits 200 ms after the frame where there are no idle callbacks', () => {
		vi.stubGlobal('requestIdleCallback', undefined);
		const fn = vi.fn();
		afterPaint(fn);
		runFrames();
		vi.advanceTimersByTime(199);
		expect(fn).not.toHaveBeenCalled();
		vi.advanceTimersByTime(1);
		expect(fn).toHaveBeenCalledOnce();
	});
});

describe('beforePaint', () => {
	it('runs in the next frame unless cancelled', () => {
		const fn = vi.fn();
		beforePaint(fn);
		const cancel = beforePaint(fn);
		cancel();
		expect(fn).not.toHaveBeenCalled();
		runFrames();
		expect(fn).toHaveBeenCalledOnce();
	});
});
