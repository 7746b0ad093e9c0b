/**
 * Reading a night's file back (the ledger's "Import a night"): the JSON the ledger exports
 * (`nightJson`: `{night, startedAt, hands, balance, settleUp}`) or a bare night as `npm run ledger`
 * reads it. Every field must be known, at any depth: the paths of those that are not
 * ("night.hands[2].outcome.pie", a built-in name such as "constructor" included) are all named
 * and nothing is imported. Then the night is read strictly (`readNight`); what the file says of its
 * own nets, balances and settle-up is never taken: they are worked out again. Pure; never throws.
 */
import { OUTCOME_FIELDS, SEATS } from '../payments/index';
import { HAND_FIELDS, NIGHT_FIELDS } from './parts';
import { readNight } from './read';
import type { LedgerError, Night } from './types';

/** The most characters a night's file may have (5 MB). */
export const MAX_NIGHT_FILE_CHARS = 5_000_000;

const FILE_FIELDS = ['night', 'startedAt', 'hands', 'balance', 'settleUp'];
const TRANSFER_FIELDS = ['from', 'to', 'points'];

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

/** The keys of `x` (an object) not in `known`, as paths under `at`. */
function extra(x: unknown, known: readonly string[], at: string, out: string[]) {
	if (!isRecord(x)) return;
	for (const key of Object.keys(x)) if (!known.includes(key)) out.push(at ? `${at}.${key}` : key);
}

/** Each element of `x` (a list), with its path under `at`. */
const each = (x: unknown, at: string): [unknown, string][] =>
	Array.isArray(x) ? x.map((item, i) => [item, `${at}[${i}]`]) : [];

/** The paths of the unknown fields of a night (`at`: its path, '' for a bare night). */
function nightUnknown(night: unknown, at: string, out: string[]) {
	extra(night, NIGHT_FIELDS, at, out);
	if (!isRecord(night)) return;
	const under = at ? `${at}.hands` : 'hands';
	for (const [hand, path] of each(night.hands, under)) {
		extra(hand, HAND_FIELDS, path, out);
		if (!isRecord(hand)) continue;
		extra(hand.seats, SEATS, `${path}.seats`, out);
		const o = hand.outcome;
		const kind = isRecord(o) && typeof o.kind === 'string' ? o.kind : '';
		const fields = Object.hasOwn(OUTCOME_FIELDS, kind) ? OUTCOME_FIELDS[kind]! : null;
		if (fields) extra(o, fields, `${path}.outcome`, out);
	}
}

/**
 * The paths of the fields of a night's file (parsed JSON) that the ledger does not know, in file
 * order: "colour", "night.hands[2].outcome.pie", "hands[0].net" is known, ... Empty when none.
 */
export function nightFileUnknownFields(json: unknown): string[] {
	const out: string[] = [];
	if (isRecord(json) && !('night' in json)) {
		nightUnknown(json, '', out);
		return out;
	}
	extra(json, FILE_FIELDS, '', out);
	if (!isRecord(json)) return out;
	nightUnknown(json.night, 'night', out);
	const players =
		isRecord(json.night) && Array.isArray(json.night.players) ? json.night.players : [];
	const names = players.filter((p): p is string => typeof p === 'string');
	for (const [hand, path] of each(json.hands, 'hands')) {
		extra(hand, ['net'], path, out);
		if (isRecord(hand)) extra(hand.net, names, `${path}.net`, out);
	}
	extra(json.balance, names, 'balance', out);
	for (const [t, path] of each(json.settleUp, 'settleUp')) extra(t, TRANSFER_FIELDS, path, out);
	return out;
}

/** A night's file read back: the night, and when it began when the file says (ISO). */
export interface ImportedNight {
	night: Night;
	startedAt: string | null;
}

/**
 * Reads a night's file (its text; see the module's docstring): the night, or the first reason it
 * is refused: `json-invalid` (not JSON, or too large), `field-unknown` (every unknown field named
 * by its path), or `readNight`'s codes (with the hand, from 0).
 */
export function importNight(text: string): ImportedNight | { error: LedgerError } {
	const fail = (code: LedgerError['code'], message: string, hand: number | null = null) => ({
		error: { code, message, hand }
	});
	if (text.length > MAX_NIGHT_FILE_CHARS)
		return fail('json-invalid', 'This file is far too large to be one night.');
	let json: unknown;
	try {
		json = JSON.parse(text.replace(/^\uFEFF/, ''));
	} catch {
		return fail('json-invalid', 'This file is not a night: it is not JSON.');
	}
	const unknown = nightFileUnknownFields(json);
	if (unknown.length > 0) {
		const shown = unknown.slice(0, 8).join(', ') + (unknown.length > 8 ? ', ...' : '');
		return fail(
			'field-unknown',
			`Nothing was imported: this file has ${unknown.length === 1 ? 'a field' : 'fields'} the ledger does not know: ${shown}.`
		);
	}
	const file = isRecord(json) && 'night' in json ? json : { night: json };
	const read = readNight(file.night);
	if ('error' in read) return read;
	const started = file.startedAt;
	const startedAt =
		typeof started === 'string' && !Number.isNaN(Date.parse(started))
			? new Date(started).toISOString()
			: null;
	return { night: read.night, startedAt };
}
