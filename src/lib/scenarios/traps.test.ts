import { describe, expect, it } from 'vitest';
import { settle, type WinOutcome } from '$lib/payments';
import { generateRound, generateScenario, type Scenario } from './index';
import { trapProblems } from './problems';
import { Rand } from './random';
import { isJoker, suitTile, windTile, jokerTile } from './tiles';
import { chooseTrap } from './traps';

const questions = (skills: Parameters<typeof generateScenario>[2], n = 2000): Scenario[] =>
	Array.from({ length: n }, (_, i) => generateScenario('traps', i, skills));
const share = (list: Scenario[], rule: 'P8' | 'P4') =>
	list.filter((s) => s.trap?.rule === rule).length / list.length;

describe('the P8 trap: a joker taken out of the winner’s exposure earlier', () => {
	const jokerless = questions(['jokerless']);
	const undeclared = questions(['undeclared-jokerless'], 600);

	it('shows in about a third of jokerless questions, declared or not', () => {
		expect(share(jokerless, 'P8')).toBeGreaterThan(0.28);
		expect(share(jokerless, 'P8')).toBeLessThan(0.42);
		expect(share(undeclared, 'P8')).toBeGreaterThan(0.2);
	});

	it('keeps the hand jokerless: no joker in the rack, jokers 0, the jokerless skill', () => {
		for (const s of [...jokerless, ...undeclared].filter((q) => q.trap)) {
			expect(trapProblems(s)).toEqual([]);
			expect(s.groups.flat().some(isJoker)).toBe(false);
			expect(s.outcome).toMatchObject({ kind: 'win', jokers: 0 });
			expect(s.skills.some((k) => k === 'jokerless' || k === 'undeclared-jokerless')).toBe(true);
		}
	});

	it('tells who took the joker, with which tile, from which exposure', () => {
		const s = jokerless.find((q) => q.trap?.rule === 'P8')!;
		expect(s.narrative).toMatch(
			/ Earlier, (East|South|West|North) exchanged an? .+ for the joker in (East|South|West|North)'s exposure of .+s\. /
		);
	});

	it('never comes with jokers or Singles and Pairs', () => {
		for (const s of questions(['singles-and-pairs'], 500)) expect(s.trap).toBeUndefined();
		for (const s of questions(['discard'], 1000)) {
			if (s.trap?.rule === 'P8') expect(s.outcome).toMatchObject({ jokers: 0 });
			expect(s.trap?.rule).not.toBe('P4');
		}
	});
});

describe('the P4 trap: a called discard before a joker-exchange win', () => {
	const exchanges = questions(['joker-exchange']);

	it('shows in about a third of joker-exchange questions', () => {
		expect(share(exchanges, 'P4')).toBeGreaterThan(0.28);
		expect(share(exchanges, 'P4')).toBeLessThan(0.42);
		expect(share(exchanges, 'P8')).toBe(0);
	});

	it('is still paid as self-picked: the discarder of the called tile pays no more', () => {
		for (const s of exchanges.filter((q) => q.trap)) {
			expect(trapProblems(s)).toEqual([]);
			const settled = settle(s.outcome);
			if ('error' in settled) throw new Error(settled.error.code);
			const win = s.outcome as WinOutcome;
			const each = settled.transfers.map((t) => t.points);
			expect(new Set(each).size).toBe(1);
			expect(each[0]).toBe(2 * win.value);
		}
	});

	it('tells whose discard the winner called, and the tile', () => {
		const s = exchanges.find((q) => q.trap?.rule === 'P4')!;
		expect(s.narrative).toMatch(
			/ Earlier, (East|South|West|North) called (East|South|West|North)'s discarded .+ for an exposure\.( |$)/
		);
	});
});

describe('chooseTrap', () => {
	const base: WinOutcome = {
		kind: 'win',
		value: 30,
		winner: 'east',
		method: 'self-pick',
		jokers: 0,
		dead: ['south', 'west']
	};
	const rack = [
		[suitTile('bam', 4), suitTile('bam', 4), suitTile('bam', 4)],
		[suitTile('dot', 7), suitTile('dot', 7), suitTile('dot', 7), suitTile('dot', 7)],
		[windTile('N'), windTile('E'), windTile('W'), windTile('S')],
		[suitTile('crak', 2), suitTile('crak', 2), suitTile('crak', 2)]
	];

	it('names a live seat other than the winner, and never the group of the winning tile', () => {
		let seen = 0;
		for (let i = 0; i < 300; i++) {
			const trap = chooseTrap(new Rand(`t${i}`), base, rack, suitTile('dot', 7));
			if (!trap) continue;
			seen++;
			expect(trap).toMatchObject({ rule: 'P8', takenBy: 'north' });
			expect([0, 3]).toContain(trap.group);
		}
		expect(seen).toBeGreaterThan(60);
	});

	it('calls from a live seat for P4, on a group that leaves a joker elsewhere', () => {
		const win: WinOutcome = { ...base, method: 'joker-exchange', jokers: 1, dead: ['north'] };
		const withJoker = [rack[0]!, [...rack[1]!.slice(0, 3), jokerTile()], rack[2]!, rack[3]!];
		for (let i = 0; i < 300; i++) {
			const trap = chooseTrap(new Rand(`t${i}`), win, withJoker, null);
			if (!trap) continue;
			expect(trap.rule).toBe('P4');
			if (trap.rule === 'P4') expect(['south', 'west']).toContain(trap.calledFrom);
			expect([0, 3]).toContain(trap.group);
		}
	});

	it('shows in rounds too, next to questions without a trap', () => {
		const round = generateRound({ seed: 'trap-round', count: 60, skills: ['jokerless'] });
		const traps = round.scenarios.filter((s) => s.trap);
		expect(traps.length).toBeGreaterThan(10);
		expect(traps.length).toBeLessThan(40);
	});
});
