/**
 * A season: the totals per player over the nights a group chooses, each player's running total
 * night by night (for the chart), and the season as CSV. A player is the same across nights when
 * her name is the same, case and spaces aside ("ann " is Ann); she is shown as first written.
 * Every night is worked out again from its hands (house rules and pie included). Names are only
 * ever own keys ("toString" is a player like any other). Pure.
 */
import { csvCell } from './export';
import type { HouseRule } from './house';
import { houseRulesUsed } from './night';
import { ledger } from './read';
import type { Night, PlayerNet } from './types';

/** One night of the season: its id, when it began (ISO) and the night. */
export interface SeasonNight {
	id: string;
	startedAt: string;
	night: Night;
}

/**
 * The season worked out: the `players` (as first written, in order of first night, then the
 * night's order), the `nights` oldest first (each with its final balance per player, absent
 * players left out, and the house rules that changed any of its hands), each player's `running`
 * total after every night (one value a night, 0 before she first played), her season `totals`,
 * the number of nights she played (`played`) and `house`, the house rules that changed any night
 * counted (H1, H2, H3 order; empty: League rules only). Points.
 */
export interface Season {
	players: string[];
	nights: {
		id: string;
		startedAt: string;
		balance: PlayerNet;
		hands: number;
		house: HouseRule[];
	}[];
	house: HouseRule[];
	running: Record<string, number[]>;
	totals: PlayerNet;
	played: Record<string, number>;
}

const keyOf = (name: string) => name.trim().toLowerCase();

/** Works out a season from its nights (any order; a night that cannot be read is left out). */
export function season(chosen: readonly SeasonNight[]): Season {
	const sorted = [...chosen].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
	const shown = new Map<string, string>();
	const nights: Season['nights'] = [];
	for (const n of sorted) {
		const result = ledger(n.night);
		if ('error' in result) continue;
		const balance = new Map<string, number>();
		for (const p of n.night.players) {
			const key = keyOf(p);
			if (!shown.has(key)) shown.set(key, p.trim());
			const name = shown.get(key)!;
			balance.set(name, (balance.get(name) ?? 0) + result.balance[p]!);
		}
		nights.push({
			id: n.id,
			startedAt: n.startedAt,
			balance: Object.fromEntries(balance),
			hands: n.night.hands.length,
			house: houseRulesUsed(result)
		});
	}
	const players = [...shown.values()];
	const at = (n: Season['nights'][number], p: string) =>
		Object.hasOwn(n.balance, p) ? n.balance[p]! : 0;
	const running = players.map((p) => {
		let total = 0;
		return [p, nights.map((n) => (total += at(n, p)))] as const;
	});
	const used = new Set(nights.flatMap((n) => n.house));
	return {
		players,
		nights,
		house: (['east-double', 'bettor', 'pie'] as const).filter((r) => used.has(r)),
		running: Object.fromEntries(running),
		totals: Object.fromEntries(running.map(([p, r]) => [p, r.at(-1) ?? 0])),
		played: Object.fromEntries(
			players.map((p) => [p, nights.filter((n) => Object.hasOwn(n.balance, p)).length])
		)
	};
}

/**
 * The season as CSV: one row a night (when it began, as YYYY-MM-DD, its hands, then each player's
 * points that night, empty when she did not play), then a row of season totals. Points; CRLF.
 */
export function seasonCsv(s: Season): string {
	const header = ['night', 'hands', ...s.players.map((p) => `${p} (points)`)];
	const rows = s.nights.map((n) => [
		n.startedAt.slice(0, 10),
		n.hands,
		...s.players.map((p) => (Object.hasOwn(n.balance, p) ? n.balance[p]! : ''))
	]);
	const total = [
		'season total',
		s.nights.reduce((a, n) => a + n.hands, 0),
		...s.players.map((p) => s.totals[p]!)
	];
	return [header, ...rows, total].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
