/**
 * Reading an export file back: a valibot schema of the file and of every attempt, plus checks the
 * schema cannot express (the question must be a possible outcome, ids unique). A file is either
 * read whole or refused with a reason; nothing is half-read.
 */
import * as v from 'valibot';
import { MISCONCEPTION_IDS, SEATS, validateOutcome, type Outcome, SKILLS } from '$lib/payments';
import { PROGRESS_FORMAT, PROGRESS_VERSION, type AttemptRecord, type ProgressFile } from './types';

/** Files larger than this many characters (100 MB, some 80,000 questions) are refused before parsing. */
export const MAX_FILE_CHARS = 100_000_000;

const points = v.pipe(v.number(), v.finite());
const seatPoints = v.object({
	east: v.optional(points),
	south: v.optional(points),
	west: v.optional(points),
	north: v.optional(points)
});
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
const outcome = v.custom<Outcome>(
	(x) => validateOutcome(x).ok,
	(issue) => {
		const checked = validateOutcome(issue.input);
		return checked.ok ? 'Not a possible outcome.' : checked.error.message;
	}
);
const scenario = v.object({
	id: v.string(),
	seed: v.string(),
	index: v.pipe(v.number(), v.integer(), v.minValue(0)),
	outcome,
	skills: v.array(v.picklist(SKILLS, 'not a skill this app knows.')),
	narrative: v.string(),
	groups: v.array(v.array(tile))
});

/** One attempt record (see `AttemptRecord`); unknown keys are dropped. */
export const AttemptSchema = v.object({
	id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
	at: v.pipe(v.string(), v.isoTimestamp()),
	scenario,
	unit: v.picklist(['points', 'money'], 'the unit must be "points" or "money".'),
	answer: v.object({ pays: seatPoints, total: v.optional(points) }),
	expected: v.object({ pays: seatPoints, total: points }),
	correct: v.boolean(),
	wrong: v.array(v.picklist([...SEATS, 'total'], 'not a seat or "total".')),
	misconceptions: v.array(v.picklist(MISCONCEPTION_IDS, 'not a misconception this app knows.')),
	hintsUsed: v.pipe(v.number(), v.integer(), v.minValue(0)),
	revealed: v.boolean(),
	roundId: v.pipe(v.string(), v.maxLength(200))
});

/** The export file (see `ProgressFile`). */
export const ProgressFileSchema = v.object({
	format: v.literal(PROGRESS_FORMAT),
	version: v.literal(PROGRESS_VERSION),
	exportedAt: v.pipe(v.string(), v.isoTimestamp()),
	attempts: v.array(AttemptSchema)
});

/** An attempt as the schema reads it is an `AttemptRecord` (checked at compile time). */
const typesAgree = (x: v.InferOutput<typeof AttemptSchema>): AttemptRecord => x;
void typesAgree;

/** A file read: its attempts, or the reason it was refused (plain English). */
export type ReadResult = { ok: true; file: ProgressFile } | { ok: false; reason: string };

/** "attempts.3.scenario.outcome" -> "question 4, scenario.outcome". */
function where(path: string | null): string {
	if (!path) return '';
	const m = /^attempts\.(\d+)\.?(.*)$/.exec(path);
	if (!m) return ` (at "${path}")`;
	return ` (question ${Number(m[1]) + 1}${m[2] ? `, field "${m[2]}"` : ''})`;
}

/**
 * Reads the text of an export file. Refuses, with a reason, text that is too large, not JSON, a
 * file of another kind (no `format: "mahjong-payments-coach/progress"`), another version, any
 * attempt that does not match the schema or describes an impossible outcome, or two attempts with
 * the same id. Never throws.
 */
export function readProgressFile(text: string): ReadResult {
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
	for (const [i, a] of parsed.output.attempts.entries()) {
		if (ids.has(a.id)) {
			return {
				ok: false,
				reason: `The file is damaged (question ${i + 1}): its id "${a.id}" is used twice.`
			};
		}
		ids.add(a.id);
	}
	return { ok: true, file: parsed.output };
}

/** True when `x` is a well-formed attempt record (used to skip damaged records in storage). */
export function isAttemptRecord(x: unknown): x is AttemptRecord {
	return v.is(AttemptSchema, x);
}
