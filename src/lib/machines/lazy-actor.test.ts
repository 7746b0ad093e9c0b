import { describe, expect, it, vi } from 'vitest';
import { LazyActor, type RunnableActor } from './lazy-actor';

/** An actor whose snapshot is the list of events it took. */
function fakeActor(): RunnableActor<string, string[]> & { running: boolean } {
	let taken: string[] = [];
	const listeners = new Set<(s: string[]) => void>();
	const emit = () => listeners.forEach((l) => l(taken));
	return {
		running: false,
		start() {
			this.running = true;
			emit();
		},
		stop() {
			this.running = false;
		},
		send(event) {
			taken = [...taken, event];
			emit();
		},
		getSnapshot: () => taken,
		subscribe(next) {
			listeners.add(next);
			return { unsubscribe: () => listeners.delete(next) };
		}
	};
}

describe('LazyActor', () => {
	it('keeps the events sent before the machine loads and replays them in order', async () => {
		const seen: string[][] = [];
		const actor = new LazyActor({
			load: async () => 'module',
			create: () => fakeActor(),
			onsnapshot: (s: string[]) => seen.push(s),
			onstart: (a) => a.send('start'),
			onfail: () => {}
		});
		expect(actor.send('a')).toBe(false);
		expect(actor.send('b')).toBe(false);
		expect(actor.waiting).toEqual(['a', 'b']);
		await expect(actor.preload()).resolves.toBe(true);
		expect(actor.running).toBe(true);
		expect(seen.at(-1)).toEqual(['start', 'a', 'b']);
		expect(actor.send('c')).toBe(true);
		expect(seen.at(-1)).toEqual(['start', 'a', 'b', 'c']);
	});

	it('keeps the events through a failed load, says why, and starts on the next try', async () => {
		const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
		const onfail = vi.fn();
		const seen: string[][] = [];
		const actor = new LazyActor({
			load,
			create: () => fakeActor(),
			onsnapshot: (s: string[]) => seen.push(s),
			onfail
		});
		actor.send('a');
		await expect(actor.preload()).resolves.toBe(false);
		expect(onfail).toHaveBeenCalledWith(new Error('offline'), ['a']);
		expect(actor.running).toBe(false);
		await expect(actor.preload()).resolves.toBe(true);
		expect(seen.at(-1)).toEqual(['a']);
	});

	it('loads once, ignores everything after stop, and restarts from the loaded module', async () => {
		const load = vi.fn(async () => 'module');
		const actors: ReturnType<typeof fakeActor>[] = [];
		const actor = new LazyActor({
			load,
			create: () => actors[actors.push(fakeActor()) - 1]!,
			onsnapshot: () => {},
			onfail: () => {}
		});
		await Promise.all([actor.preload(), actor.preload()]);
		expect(load).toHaveBeenCalledTimes(1);
		expect(actor.restart()).toBe(true);
		expect(actors.map((a) => a.running)).toEqual([false, true]);
		actor.stop();
		expect(actors[1]!.running).toBe(false);
		expect(actor.send('late')).toBe(false);
		expect(actor.waiting).toEqual([]);
	});
});
