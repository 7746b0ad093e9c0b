/**
 * Reading export files back: a valibot schema of the file and of what an attempt's grade depends
 * on (the question, the answer, the unit, the `given` amounts, revealed or not, plus hints and
 * round), and checks the schema cannot express (the question must be a possible outcome, ids
 * unique). What a file says of its own grading is dropped: an import grades every attempt once,
 * with those same inputs (`regrade`). A file is either read whole or refused with a reason;
 * nothing is half-read. Records kept on the device are read by ./kept.ts (never graded again).
 */
import * as v from 'valibot';
import { OUTCOME_FIELDS, SEATS, SKILLS, validateOutcome, type Outcome } from '$lib/payments';
import { AnswerSchema } from '$lib/answer-schema';
import { regrade } from './record';
import { unknownFields } from './unknown';
import { PROGRESS_FORMAT, PROGRESS_VERSION, type AttemptRecord, type ProgressFile } from './types';

/** Files larger than this many characters (100 MB, some 80,000 questions) are refused before parsing. */
export const MAX_FILE_CHARS = 100_000_000;

const tile = v.variant('kind', [
	v.object({
		kind: v.literal('suit'),
		suit: v.picklist(['bam', 'crak', 'dot'], 'not a suit (bam, crak or dot).'),
		rank: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9))
	}),
	v.object({
		kind: v.picklist(['wind', 'dragon', 'flower', 'joker'], 'not a kind of tile.'),
		name: v.string()
	})
]);
/** An outcome with only the fields its kind has (payments.md): an unknown one is listed, not kept. */
const knownFieldsOnly = (o: Outcome): Outcome => {
	const known = Object.hasOwn(OUTCOME_FIELDS, o.kind) ? OUTCOME_FIELDS[o.kind]! : ['kind'];
	const raw = o as unknown as Record<string, unknown>;
	return Object.fromEntries(
		Object.keys(raw)
			.filter((k) => known.includes(k))
			.map((k) => [k, raw[k]])
	) as unknown as Outcome;
};
const outcome = v.pipe(
	v.custom<Outcome>(
		(x) => validateOutcome(x).ok,
		(issue) => {
			const checked = validateOutcome(issue.input);
			return checked.ok ? 'Not a possible outcome.' : checked.error.message;
		}
	),
	v.transform(knownFieldsOnly)
);
const seat = v.picklist(SEATS, 'not a seat.');
/** A seat or "total": one amount of an answer. */
export const AmountKeySchema = v.picklist([...SEATS, 'total'], 'not a seat or "total".');
const trap = v.variant('rule', [
	v.object({ rule: v.literal('P8'), takenBy: seat, tile, group: v.pipe(v.number(), v.integer()) }),
	v.object({
		rule: v.literal('P4'),
		calledFrom: seat,
		tile,
		group: v.pipe(v.number(), v.integer())
	})
]);
const scenario = v.object({
	id: v.string(),
	seed: v.string(),
	index: v.pipe(v.number(), v.integer(), v.minValue(0)),
	outcome,
	skills: v.array(v.picklist(SKILLS, 'not a skill this app knows.')),
	narrative: v.string(),
	groups: v.array(v.array(tile)),
	trap: v.optional(trap)
});

/**
 * What an attempt record keeps of its own (see `AttemptRecord`): what its grade depends on, and
 * the rules version it was graded under (`given` and `rulesVersion` may be missing from records
 * and files made before they were kept). The graded part and unknown keys are dropped.
 */
export const AttemptSchema = v.object({
	id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
	at: v.pipe(v.string(), v.isoTimestamp()),
	scenario,
	unit: v.picklist(['points', 'money'], 'the unit must be "points" or "money".'),
	answer: AnswerSchema,
	given: v.optional(v.array(AmountKeySchema)),
	rulesVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
	hintsUsed: v.pipe(v.number(), v.integer(), v.minValue(0)),
	revealed: v.boolean(),
	roundId: v.pipe(v.string(), v.maxLength(200)),
	triedAgain: v.optional(v.literal(true))
});

/** The export file (see `ProgressFile`). */
export const ProgressFileSchema = v.object({
	format: v.literal(PROGRESS_FORMAT),
	version: v.literal(PROGRESS_VERSION),
	exportedAt: v.pipe(v.string(), v.isoTimestamp()),
	attempts: v.array(AttemptSchema)
});

/** What the schema reads is what `regrade` takes (checked at compile time). */
const typesAgree = (x: v.InferOutput<typeof AttemptSchema>): AttemptRecord => regrade(x);
void typesAgree;

/**
 * How far ahead of this device's clock an attempt may be dated (10 minutes, in milliseconds: two
 * devices' clocks differ a little); later is refused as "in the future".
 */
export const FUTURE_SLACK_MS = 10 * 60 * 1000;

/**
 * A file read: its attempts (graded again), the `unknownFields` it has that this app does not
 * know (see `unknownFields`; they are not imported), and how many attempts were `regraded` to a
 * different result than the file said (`correct`, `wrong`, `misconceptions` or `skills`); or the
 * reason it was refused (plain English).
 */
export type ReadResult =
	| { ok: true; file: ProgressFile; unknownFields: string[]; regraded: number }
	| { ok: false; reason: string };

const GRADED_KEYS = ['correct', 'wrong', 'misconceptions', 'skills'] as const;

/** True when the file's own grading of an attempt (where it has one) differs from `record`'s. */
function gradedOtherwise(raw: unknown, record: AttemptRecord): boolean {
	if (typeof raw !== 'object' || raw === null) return false;
	const said = raw as Record<string, unknown>;
	return GRADED_KEYS.some(
		(k) => k in said && JSON.stringify(said[k]) !== JSON.stringify(record[k])
	);
}

/** "attempts.3.scenario.outcome" -> "question 4, scenario.outcome". */
function where(path: string | null): string {
	if (!path) return '';
	const m = /^attempts\.(\d+)\.?(.*)$/.exec(path);
	if (!m) return ` (at "${path}")`;
	return ` (question ${Number(m[1]) + 1}${m[2] ? `, field "${m[2]}"` : ''})`;
}

/**
 * Reads the text of an export file (docs/export-format.md). Refuses, with a reason, text that is
 * too large, not JSON, a file of another kind (no `format: "mahjong-payments-coach/progress"`),
 * another version, any attempt that does not match the schema or describes an impossible outcome
 * (one that does not settle), an answer that does not fit its question, an attempt dated after
 * `now` (with `FUTURE_SLACK_MS` of slack), or two attempts with the same id. Every attempt is
 * graded once, with its own inputs (`regrade`: its `given` amounts, or its lesson's for a file
 * made before they were kept): what the file says of its grading is never taken. Never throws.
 */
export function readProgressFile(text: string, now = new Date()): ReadResult {
	if (text.length > MAX_FILE_CHARS) {
		return { ok: false, reason: 'The file is too large to be a progress file from this app.' };
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return {
			ok: false,
			reason: 'The file is not JSON: it may be damaged or not an export from this app.'
		};
	}
	const head = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
	if (head.format !== PROGRESS_FORMAT) {
		return {
			ok: false,
			reason: `This is not a Mahjong Payments Coach progress file (it has no "format": "${PROGRESS_FORMAT}").`
		};
	}
	if (head.version !== PROGRESS_VERSION) {
		return {
			ok: false,
			reason: `This progress file is version ${JSON.stringify(head.version)}; this app reads version ${PROGRESS_VERSION} only.`
		};
	}
	const parsed = v.safeParse(ProgressFileSchema, json);
	if (!parsed.success) {
		const issue = parsed.issues[0];
		return {
			ok: false,
			reason: `The file is damaged${where(v.getDotPath(issue))}: ${
				issue.input === undefined ? 'something is missing there.' : issue.message
			}`
		};
	}
	const ids = new Set<string>();
	const attempts: AttemptRecord[] = [];
	const raw = (json as { attempts: unknown[] }).attempts;
	let regraded = 0;
	for (const [i, a] of parsed.output.attempts.entries()) {
		if (ids.has(a.id)) {
			return {
				ok: false,
				reason: `The file is damaged (question ${i + 1}): its id "${a.id}" is used twice.`
			};
		}
		ids.add(a.id);
		if (Date.parse(a.at) > now.getTime() + FUTURE_SLACK_MS) {
			return {
				ok: false,
				reason: `The file is damaged (question ${i + 1}): it is dated ${a.at.slice(0, 10)}, in the future, so it cannot be an answer given yet.`
			};
		}
		let record: AttemptRecord;
		try {
			record = regrade(a);
		} catch (e) {
			return {
				ok: false,
				reason: `The file is damaged (question ${i + 1}): its answer does not fit its question (${e instanceof Error ? e.message : String(e)}).`
			};
		}
		if (gradedOtherwise(raw[i], record)) regraded++;
		attempts.push(record);
	}
	return {
		ok: true,
		file: { ...parsed.output, attempts },
		unknownFields: unknownFields(json),
		regraded
	};
}
