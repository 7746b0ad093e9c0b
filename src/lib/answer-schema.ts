/**
 * The one valibot schema of an answer (`Answer` of `$lib/payments`: what each seat pays and the
 * total, in whole points), shared by what reads answers from outside: the class API's bodies and
 * the progress files and records kept on the device.
 */
import * as v from 'valibot';
import type { Answer } from '$lib/payments';

/** The largest amount an answer may hold, in points (as `parseAmount` allows). */
export const MAX_ANSWER_POINTS = 1_000_000;

/** An amount in an answer: whole points from 0 to 1,000,000. */
export const PointsSchema = v.pipe(
	v.number('Amounts are numbers of points.'),
	v.integer('Amounts are whole points.'),
	v.minValue(0, 'Amounts are 0 or more.'),
	v.maxValue(MAX_ANSWER_POINTS, 'That amount is far too large for one hand.')
);

/** `{ pays: { seat: points, ... }, total?: points }`: a seat or the total left out was not entered. */
export const AnswerSchema = v.object({
	pays: v.object({
		east: v.optional(PointsSchema),
		south: v.optional(PointsSchema),
		west: v.optional(PointsSchema),
		north: v.optional(PointsSchema)
	}),
	total: v.optional(PointsSchema)
});

/** What the schema reads is an `Answer` (checked at compile time). */
const typesAgree = (x: v.InferOutput<typeof AnswerSchema>): Answer => x;
void typesAgree;
