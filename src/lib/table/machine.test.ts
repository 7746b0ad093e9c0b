/**
 * The night machine: a night is started only with four or five distinct players and a whole-point pie,
 * hands are added, changed and deleted only when possible (the engine's own checks), the
 * settle-up needs a hand, and a closed night leaves nothing behind.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LedgerHand } from '$lib/ledger';
import { handProblem, nightMachine } from './machine';

const at = '2026-12-01T20:00:00.000Z';
const seats = { east: 'Ann', south: 'Bea', west: 'Cy', north: 'Di' };
const hand = (value: number): LedgerHand => ({
	seats,
	outcome: { kind: 'win', value, winner: 'south', method: 'self-pick', jokers: 1 }
});

function started() {
	const actor = createActor(nightMachine).start();
	actor.send({
		type: 'night.start',
		id: 'n1',
		players: ['Ann', 'Bea', 'Cy', 'Di'],
		pie: 500,
		house: [],
		at
	});
	return actor;
}

describe('nightMachine', () => {
	it('refuses a night without four distinct players or with a bad pie', () => {
		const actor = createActor(nightMachine).start();
		actor.send({
			type: 'night.start',
			id: 'n',
			players: ['Ann', 'Bea', 'Cy'],
			pie: null,
			house: [],
			at
		});
		actor.send({
			type: 'night.start',
			id: 'n',
			players: ['Ann', 'Ann', 'Cy', 'Di'],
			pie: null,
			house: [],
			at
		});
		actor.send({
			type: 'night.start',
			id: 'n',
			players: ['Ann', 'Bea', 'Cy', 'Di'],
			pie: 0,
			house: [],
			at
		});
		expect(actor.getSnapshot().value).toBe('setup');
		expect(started().getSnapshot().value).toBe('hands');
	});

	it('adds, changes and deletes hands, refusing what cannot be', () => {
		const actor = started();
		actor.send({ type: 'night.settle' });
		expect(actor.getSnapshot().value).toBe('hands');
		actor.send({ type: 'hand.add', hand: hand(25), at });
		actor.send({ type: 'hand.add', hand: { ...hand(25), seats: { ...seats, north: 'Ann' } }, at });
		actor.send({
			type: 'hand.add',
			hand: { ...hand(25), outcome: { kind: 'wall-game', extra: 1 } as never },
			at
		});
		actor.send({ type: 'hand.add', hand: hand(30), at });
		expect(actor.getSnapshot().context.night.hands).toEqual([hand(25), hand(30)]);
		actor.send({ type: 'hand.edit', index: 5 });
		expect(actor.getSnapshot().context.editing).toBeNull();
		actor.send({ type: 'hand.edit', index: 0 });
		expect(actor.getSnapshot().context.editing).toBe(0);
		actor.send({
			type: 'hand.save',
			index: 0,
			hand: {
				seats,
				outcome: { kind: 'win', value: 0, winner: 'south', method: 'self-pick', jokers: 1 }
			},
			at
		});
		expect(actor.getSnapshot().context.night.hands[0]).toEqual(hand(25));
		actor.send({ type: 'hand.save', index: 0, hand: hand(40), at });
		expect(actor.getSnapshot().context).toMatchObject({
			editing: null,
			night: { hands: [hand(40), hand(30)] }
		});
		actor.send({ type: 'hand.delete', index: 1, at: '2026-12-01T21:00:00.000Z' });
		expect(actor.getSnapshot().context).toMatchObject({
			updatedAt: '2026-12-01T21:00:00.000Z',
			night: { hands: [hand(40)] }
		});
	});

	it('settles up, goes back to the hands, and closes the night', () => {
		const actor = started();
		actor.send({ type: 'hand.add', hand: hand(25), at });
		actor.send({ type: 'night.settle' });
		expect(actor.getSnapshot().value).toBe('settled');
		actor.send({ type: 'hand.add', hand: hand(25), at });
		expect(actor.getSnapshot().context.night.hands).toHaveLength(1);
		actor.send({ type: 'night.resume' });
		expect(actor.getSnapshot().value).toBe('hands');
		actor.send({ type: 'night.close' });
		expect(actor.getSnapshot()).toMatchObject({
			value: 'setup',
			context: { id: '', night: { hands: [] } }
		});
	});

	it('reopens a kept night', () => {
		const actor = createActor(nightMachine).start();
		const night = { players: ['Ann', 'Bea', 'Cy', 'Di'], pie: null, house: [], hands: [hand(25)] };
		actor.send({
			type: 'night.open',
			saved: { version: 1, id: 'k', createdAt: at, updatedAt: at, night }
		});
		expect(actor.getSnapshot()).toMatchObject({ value: 'hands', context: { id: 'k', night } });
	});

	it("starts a five-player night with house rules, passes the seats, and wants the bettor's pick", () => {
		const actor = createActor(nightMachine).start();
		const players = ['Ann', 'Bea', 'Cy', 'Di', 'Ed'];
		actor.send({
			type: 'night.start',
			id: 'f',
			players,
			pie: null,
			house: ['bettor', 'bettor'],
			at
		});
		expect(actor.getSnapshot().value).toBe('setup');
		actor.send({ type: 'night.start', id: 'f', players, pie: null, house: ['bettor'], at });
		expect(actor.getSnapshot().value).toBe('hands');
		const win = hand(25).outcome;
		actor.send({ type: 'hand.add', hand: { seats, outcome: win }, at });
		expect(actor.getSnapshot().context.night.hands).toHaveLength(0);
		actor.send({ type: 'hand.add', hand: { seats, bet: 'Ed', outcome: win }, at });
		expect(actor.getSnapshot().context.night.hands).toHaveLength(0);
		actor.send({ type: 'hand.add', hand: { seats, bet: 'Bea', outcome: win }, at });
		// The next hand's seats pass on: Bea East, Cy South, Di West, Ed North; Ann sits out.
		actor.send({ type: 'hand.add', hand: { bet: 'Ann', outcome: win }, at });
		expect(actor.getSnapshot().context.night.hands).toHaveLength(1);
		actor.send({ type: 'hand.add', hand: { bet: 'Ed', outcome: win }, at });
		actor.send({ type: 'hand.add', hand: { bet: 'Ann', outcome: win }, at });
		expect(actor.getSnapshot().context.night.hands).toEqual([
			{ seats, bet: 'Bea', outcome: win },
			{ bet: 'Ed', outcome: win },
			{ bet: 'Ann', outcome: win }
		]);
		// Deleting hand 1 keeps where everyone sat in hand 2.
		actor.send({ type: 'hand.delete', index: 0, at });
		expect(actor.getSnapshot().context.night.hands).toEqual([
			{ seats: { east: 'Bea', south: 'Cy', west: 'Di', north: 'Ed' }, bet: 'Ed', outcome: win },
			{ bet: 'Ann', outcome: win }
		]);
	});
});

describe('handProblem', () => {
	const five = ['Ann', 'Bea', 'Cy', 'Di', 'Ed'];
	const wall = { kind: 'wall-game' } as const;
	// Hand 2 passes to East Bea, South Cy, West Di, North Ed (Ann out); hand 3 to East Cy, South
	// Di, West Ed, North Ann (Bea out), and Ann is bet on.
	const night = {
		players: five,
		pie: null,
		house: ['bettor' as const],
		hands: [
			{ seats, bet: 'Bea', outcome: wall },
			{ bet: 'Cy', outcome: wall },
			{ bet: 'Ann', outcome: wall }
		]
	};

	it("names the entered hand's own problem without its number", () => {
		expect(handProblem(night, 1, { bet: 'Ann', outcome: wall })).toBe(
			'"bet" is "Ann", but the bettor bets on one of the four at the table: Bea, Cy, Di, Ed.'
		);
		expect(handProblem(night, 1, { bet: 'Cy', outcome: wall })).toBe('');
		expect(handProblem(night, 3, { bet: 'Di', outcome: wall }, false)).toBe('');
	});

	it('names the later hand a change of seats would break, by its number', () => {
		// Hand 2 with Bea sitting out instead of Ed: hand 3 would then have Ann sitting out, but
		// Ann is her bettor's pick.
		const changed = {
			seats: { east: 'Ann', south: 'Cy', west: 'Di', north: 'Ed' },
			bet: 'Cy',
			outcome: wall
		};
		const problem = handProblem(night, 1, changed);
		expect(problem).toMatch(/^These seats would change hand 3: /);
		expect(problem).toContain('"bet" is "Ann"');
	});
});
