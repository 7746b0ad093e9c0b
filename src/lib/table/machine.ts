/**
 * The night's ledger as a flow (XState v5): `setup` (4 or 5 players, the house rules played, or a
 * night kept on the device reopened) -> `hands` (add, edit and delete hands; balances redone from
 * the hands each time) -> `settled` (the settle-up; back to `hands` to change anything). Every
 * change is checked by reading the whole night as it would be with the ledger's strict reader
 * (seats, the bettor's pick, the engine's own validation): a refused event changes nothing. A
 * hand without seats of its own sits as the deal passes (house-rules.md); deleting a hand keeps
 * the seats of the one after it where they were. Time comes in events (`at`, ISO), so paths can
 * be tested.
 */
import { and, assertEvent, assign, createActor, setup } from 'xstate';
import {
	readNight,
	seatsOfHands,
	type LedgerHand,
	type ListedHouseRule,
	type Night
} from '$lib/ledger';
import type { SavedNight } from './store';

/** The machine's context: the night being kept, its id and times, and the hand being edited. */
export interface NightContext {
	id: string;
	createdAt: string;
	updatedAt: string;
	night: Night;
	editing: number | null;
}

/** What the ledger page sends. */
export type NightEvent =
	| {
			type: 'night.start';
			id: string;
			players: string[];
			pie: number | null;
			house: ListedHouseRule[];
			at: string;
	  }
	| { type: 'night.open'; saved: SavedNight }
	| { type: 'night.close' }
	| { type: 'night.settle' }
	| { type: 'night.resume' }
	| { type: 'hand.add'; hand: LedgerHand; at: string }
	| { type: 'hand.edit'; index: number }
	| { type: 'hand.save'; index: number; hand: LedgerHand; at: string }
	| { type: 'hand.cancel' }
	| { type: 'hand.delete'; index: number; at: string };

const emptyContext = (): NightContext => ({
	id: '',
	createdAt: '',
	updatedAt: '',
	night: { players: [], pie: null, house: [], hands: [] },
	editing: null
});

/** True when `night` reads as a possible night (the ledger's strict reader, the engine's checks). */
export const nightFits = (night: Night): boolean => !('error' in readNight(night));

/**
 * Why `hand` cannot be hand `index` (from 0) of `night` ('' when it can): the night's own strict
 * reading with it in place (`replacing` hands[index], or added there). The entered hand's own
 * problem is said without its number; a problem it makes in a later hand (seats set by hand
 * pass on, and a later bettor's pick may then sit out) names that hand: "These seats would change
 * hand 3: ...".
 */
export function handProblem(night: Night, index: number, hand: LedgerHand, replacing = true) {
	const hands = [...night.hands];
	hands.splice(index, replacing ? 1 : 0, hand);
	const read = readNight({ ...night, hands });
	if (!('error' in read)) return '';
	const { message, hand: at } = read.error;
	if (at === null || at === index) return message.replace(/^Hand \d+: /, '');
	return `These seats would change hand ${at + 1}: ${message.replace(/^Hand \d+: /, '')}`;
}

/**
 * The hands without the one at `index`; the hand after it, when it had no seats of its own,
 * keeps the seats it had (they were passed on from the deleted hand).
 */
export function withoutHand(night: Night, index: number): LedgerHand[] {
	const seats = seatsOfHands(night.hands, night.players);
	return night.hands.flatMap((h, i) => {
		if (i === index) return [];
		if (i === index + 1 && !h.seats) return [{ ...h, seats: seats[i]! }];
		return [h];
	});
}

export const nightMachine = setup({
	types: {} as { context: NightContext; events: NightEvent },
	actions: {
		startNight: assign(({ event }) => {
			assertEvent(event, 'night.start');
			const night = {
				players: [...event.players],
				pie: event.pie,
				house: [...event.house],
				hands: []
			};
			return { id: event.id, createdAt: event.at, updatedAt: event.at, night, editing: null };
		}),
		openNight: assign(({ event }) => {
			assertEvent(event, 'night.open');
			const { id, createdAt, updatedAt, night } = event.saved;
			return { id, createdAt, updatedAt, night, editing: null };
		}),
		closeNight: assign(() => emptyContext()),
		addHand: assign(({ context, event }) => {
			assertEvent(event, 'hand.add');
			return {
				night: { ...context.night, hands: [...context.night.hands, event.hand] },
				updatedAt: event.at
			};
		}),
		editHand: assign(({ event }) => {
			assertEvent(event, 'hand.edit');
			return { editing: event.index };
		}),
		saveHand: assign(({ context, event }) => {
			assertEvent(event, 'hand.save');
			const hands = context.night.hands.map((h, i) => (i === event.index ? event.hand : h));
			return { night: { ...context.night, hands }, editing: null, updatedAt: event.at };
		}),
		stopEditing: assign({ editing: null }),
		deleteHand: assign(({ context, event }) => {
			assertEvent(event, 'hand.delete');
			const hands = withoutHand(context.night, event.index);
			return { night: { ...context.night, hands }, editing: null, updatedAt: event.at };
		})
	},
	guards: {
		nightFits: ({ event }) => {
			assertEvent(event, 'night.start');
			return nightFits({ players: event.players, pie: event.pie, house: event.house, hands: [] });
		},
		handFits: ({ context, event }) => {
			assertEvent(event, ['hand.add', 'hand.save']);
			const hands =
				event.type === 'hand.add'
					? [...context.night.hands, event.hand]
					: context.night.hands.map((h, i) => (i === event.index ? event.hand : h));
			return nightFits({ ...context.night, hands });
		},
		handExists: ({ context, event }) => {
			assertEvent(event, ['hand.edit', 'hand.save', 'hand.delete']);
			return (
				Number.isInteger(event.index) &&
				event.index >= 0 &&
				event.index < context.night.hands.length
			);
		},
		hasHands: ({ context }) => context.night.hands.length > 0
	}
}).createMachine({
	id: 'night',
	context: emptyContext,
	initial: 'setup',
	states: {
		setup: {
			on: {
				'night.start': { guard: 'nightFits', target: 'hands', actions: 'startNight' },
				'night.open': { target: 'hands', actions: 'openNight' }
			}
		},
		hands: {
			on: {
				'hand.add': { guard: 'handFits', actions: 'addHand' },
				'hand.edit': { guard: 'handExists', actions: 'editHand' },
				'hand.save': {
					guard: and(['handExists', 'handFits']),
					actions: 'saveHand'
				},
				'hand.cancel': { actions: 'stopEditing' },
				'hand.delete': { guard: 'handExists', actions: 'deleteHand' },
				'night.settle': { guard: 'hasHands', target: 'settled', actions: 'stopEditing' },
				'night.close': { target: 'setup', actions: 'closeNight' }
			}
		},
		settled: {
			on: {
				'night.resume': { target: 'hands' },
				'night.close': { target: 'setup', actions: 'closeNight' }
			}
		}
	}
});

/** A night's actor, not started (the ledger page loads this module on demand). */
export const createNightActor = () => createActor(nightMachine);
