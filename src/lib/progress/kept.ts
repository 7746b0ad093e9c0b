/**
 * Reading a record kept on the device back: what it keeps of its own (`AttemptSchema`) and the
 * graded part shown at the check, read as it is. Reading never grades again: only a record kept
 * under older rules (`rulesVersion` below `RULES_VERSION`, or none), or whose graded part is
 * damaged, is graded again, with the same inputs (`regrade`).
 */
import * as v from 'valibot';
import { MISCONCEPTION_IDS, RULES_VERSION, SKILLS, type Graded } from '$lib/payments';
import { AnswerSchema, PointsSchema } from '$lib/answer-schema';
import { regrade } from './record';
import { AmountKeySchema, AttemptSchema } from './schema';
import type { AttemptRecord } from './types';

const skills = v.array(v.picklist(SKILLS));

/** The graded part of a kept record (`Graded` but `revealed` and `unit`, read with the inputs). */
export const GradedSchema = v.object({
	correct: v.boolean(),
	wrong: v.array(AmountKeySchema),
	missing: v.array(AmountKeySchema),
	misconceptions: v.array(v.picklist(MISCONCEPTION_IDS)),
	skills,
	expected: v.object({ pays: AnswerSchema.entries.pays, total: PointsSchema }),
	exercised: skills,
	explanations: v.array(
		v.object({
			id: v.picklist(MISCONCEPTION_IDS),
			title: v.string(),
			rule: v.string(),
			amounts: v.string(),
			text: v.string()
		})
	)
});

/** What the schemas read make a `Graded` (checked at compile time). */
const typesAgree = (
	x: v.InferOutput<typeof GradedSchema> & v.InferOutput<typeof AttemptSchema>
): Graded => x;
void typesAgree;

/**
 * A kept value read back: the `record`, and whether it was `regraded` (kept under older rules, or
 * its graded part damaged: the caller may keep the new grade); null when it is damaged past that
 * (not matching `AttemptSchema`, or an answer that does not fit its question). Never throws.
 */
export function readKept(x: unknown): { record: AttemptRecord; regraded: boolean } | null {
	const parsed = v.safeParse(AttemptSchema, x);
	if (!parsed.success) return null;
	const inputs = parsed.output;
	const { given, rulesVersion } = inputs;
	if (given && rulesVersion !== undefined && rulesVersion >= RULES_VERSION) {
		const graded = v.safeParse(GradedSchema, x);
		if (graded.success) {
			return {
				record: {
					...inputs,
					...graded.output,
					at: new Date(inputs.at).toISOString(),
					given,
					rulesVersion
				},
				regraded: false
			};
		}
	}
	try {
		return { record: regrade(inputs), regraded: true };
	} catch {
		return null;
	}
}

/**
 * A kept value read back as an attempt record, its grade as it was kept (see `readKept`); null
 * when it is damaged. Never throws.
 */
export function readRecord(x: unknown): AttemptRecord | null {
	return readKept(x)?.record ?? null;
}
