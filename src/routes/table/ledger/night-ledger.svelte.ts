/**
 * The night's ledger at /table/ledger (issues 9 and 15), as the page keeps it: the night machine
 * ($lib/table/machine, loaded when a night starts or opens, or on the first sign of it), the
 * nights kept on this device (IndexedDB, read once at first), the unit, and what went wrong with
 * the storage. Every change to the open night is kept at once; the night's id goes in the address
 * (`?night=`) once the kept nights have been read, so a reload, any number of times and offline
 * too, comes back to the same night. Make it while a component initialises (it keeps effects and
 * lifecycle callbacks).
 */
import { onDestroy, onMount } from 'svelte';
import { afterNavigate } from '$app/navigation';
import { followInAddress } from '$lib/components/address';
import { page } from '$app/state';
import type { ListedHouseRule, Night } from '$lib/ledger';
import type { AmountUnit } from '$lib/payments';
import { LazyActor } from '$lib/machines/lazy-actor';
import { onDemand } from '$lib/offline/on-demand';
import type { NightEvent } from '$lib/table/machine';
import { ledgerStore, SAVED_NIGHT_VERSION, type SavedNight } from '$lib/table/store';

type NightModule = typeof import('./night-lazy');
type NightSnapshot = ReturnType<ReturnType<NightModule['createNightActor']>['getSnapshot']>;

/** What the page says when the night's code cannot load (offline, never fetched). */
export const OFFLINE_PROBLEM =
	"The night's ledger cannot load without the network here: reload once online (the nights are kept).";

const newId = () =>
	[...crypto.getRandomValues(new Uint8Array(8))]
		.map((b) => b.toString(16).padStart(2, '0'))
		.join('');
const now = () => new Date().toISOString();

/** The ledger page's nights; see the module comment. */
export class NightLedger {
	/** The night machine's snapshot, once a night started or opened. */
	snap = $state.raw<NightSnapshot | null>(null);
	/** The nights kept on this device, latest first. */
	nights: SavedNight[] = $state([]);
	unit: AmountUnit = $state('points');
	/** What went wrong with the storage or the code, or ''. */
	storeProblem = $state('');
	/** The kept nights have been read (and the night of the address opened). */
	loaded = $state(false);
	/** The night's balances and settle-up, once the ledger has loaded and a night is open. */
	readonly result = $derived.by(() => {
		const id = this.snap?.context.id;
		const r = id && this.#engine ? this.#engine.ledger(this.snap!.context.night) : null;
		return r && !('error' in r) ? r : null;
	});

	#engine = $state.raw<NightModule | null>(null);
	#routed = $state(false);
	readonly #store = ledgerStore();
	/** The reader of the kept nights, loaded once the device keeps some. */
	readonly #reader = onDemand(() => import('$lib/table/saved'));
	readonly #actor = new LazyActor<NightModule, NightEvent, NightSnapshot>({
		load: onDemand(() => import('./night-lazy')),
		create: (m) => ((this.#engine = m), m.createNightActor()),
		onsnapshot: (s) => (this.snap = s),
		onfail: () => {
			this.storeProblem = OFFLINE_PROBLEM;
		}
	});

	constructor() {
		const wantedId = page.url.searchParams.get('night');
		onDestroy(() => this.#actor.stop());
		onMount(() => this.#readKept(wantedId));
		afterNavigate(() => (this.#routed = true));
		$effect(() => this.#keep());
		$effect(() => {
			const id = this.snap?.context.id;
			const want = id ? `?night=${id}` : '';
			if (this.#routed && this.loaded) followInAddress(`/table/ledger${want}`);
		});
	}

	/** Loads the night's code ahead (the first focus or touch in the setup form). */
	preload = () => void this.#actor.preload();

	/** Sends an event to the open night. */
	send = (event: NightEvent) => this.#actor.send(event);

	/** Opens a kept night (its unit too). */
	open = (saved: SavedNight) => {
		this.unit = saved.unit ?? 'points';
		this.#actor.send({ type: 'night.open', saved });
		this.preload();
	};

	/** Starts a new night with these players, pie, house rules and unit. */
	start = (players: string[], pie: number | null, house: ListedHouseRule[], unit: AmountUnit) => {
		this.unit = unit;
		this.#actor.send({ type: 'night.start', id: newId(), players, pie, house, at: now() });
		this.preload();
	};

	/** Deletes a kept night (the list offers Undo). */
	remove = async (saved: SavedNight) => {
		try {
			await this.#store.remove(saved.id);
			this.nights = this.nights.filter((n) => n.id !== saved.id);
		} catch {
			this.storeProblem = 'That night could not be deleted here (storage blocked).';
		}
	};

	/** Puts a deleted night back. */
	undo = async (saved: SavedNight) => {
		try {
			await this.#store.put(saved);
			this.nights = (await this.#reader()).savedNights([saved, ...this.nights]);
		} catch {
			this.storeProblem = 'That night could not be put back (storage full or blocked).';
		}
	};

	/** Opens an imported night as a new one (`startedAt`: when it began, if the file says). */
	imported = (night: Night, startedAt: string | null) => {
		const at = now();
		this.open({
			version: SAVED_NIGHT_VERSION,
			id: newId(),
			createdAt: startedAt ?? at,
			updatedAt: at,
			night
		});
	};

	/** Reads the kept nights, then opens the night of the address. */
	async #readKept(wantedId: string | null) {
		try {
			const kept = await this.#store.all();
			if (kept.length > 0) this.nights = (await this.#reader()).savedNights(kept);
		} catch {
			this.storeProblem = navigator.onLine
				? 'The nights kept on this device cannot be read here (private browsing?).'
				: OFFLINE_PROBLEM;
		}
		const wanted = this.nights.find((n) => n.id === wantedId);
		if (wanted) {
			this.open(wanted);
			await this.#actor.preload();
		}
		this.loaded = true;
	}

	/** Keeps the open night on the device after every change. */
	#keep() {
		const ctx = this.snap?.context;
		if (!ctx?.id) return;
		const { id, createdAt, updatedAt, night } = ctx;
		const unit = this.unit;
		const saved: SavedNight = {
			version: SAVED_NIGHT_VERSION,
			id,
			createdAt,
			updatedAt,
			night,
			...(unit === 'money' ? { unit } : {})
		};
		this.#store.put(saved).then(
			() => (this.nights = [saved, ...this.nights.filter((n) => n.id !== id)]),
			() =>
				(this.storeProblem =
					'This night could not be kept on the device (storage full or blocked).')
		);
	}
}
