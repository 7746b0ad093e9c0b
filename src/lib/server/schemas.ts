/**
 * valibot schemas of the class API's request bodies (issue 4; see docs/class-api.md). Amounts are
 * whole points from 0 to 1 000 000.
 */
import * as v from 'valibot';
import { SKILLS } from '$lib/payments';
import { AnswerSchema, PointsSchema } from '$lib/answer-schema';
import { TEACHER_ACTIONS } from '$lib/class/decide';

/**
 * The preview's swaps (issue 20): question index (0-based, as text) to swap number (1..999), as
 * `roundWithSwaps` reads them. A body's `swapsFit` check keeps every index below its question count.
 */
const SwapsSchema = v.optional(
	v.pipe(
		v.custom<object>(
			(x) => typeof x === 'object' && x !== null && !Array.isArray(x),
			'Swaps are an object: question index to swap number, as {"2": 1}.'
		),
		v.record(
			v.pipe(
				v.string(),
				v.regex(/^\d{1,2}$/, 'A swapped question is named by its index (0 to 49).')
			),
			v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999))
		)
	),
	{}
);

/** The body's swaps name only questions it has (an index below `questionCount`). */
const swapsFit = (body: { questionCount: number; swaps: Record<string, number> }) =>
	Object.keys(body.swaps).every((i) => Number(i) < body.questionCount);
const SWAPS_PAST_END = 'A swapped question is past the last question (indexes start at 0).';

/**
 * POST /api/class: skills (default all), 1..50 questions (default 10), unit (default points),
 * seed (optional, up to 64 characters; blank = random), time limit 10..600 s or null, and the
 * preview's swaps (question index from 0: swap number; default none).
 */
export const CreateBody = v.pipe(
	v.object({
		skills: v.optional(v.pipe(v.array(v.picklist(SKILLS)), v.maxLength(SKILLS.length)), []),
		questionCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 10),
		unit: v.optional(v.picklist(['points', 'money']), 'points'),
		seed: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64)), ''),
		limitSeconds: v.optional(
			v.nullable(v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(600))),
			null
		),
		swaps: SwapsSchema
	}),
	v.forward(
		v.check((body) => swapsFit(body), SWAPS_PAST_END),
		['swaps']
	)
);

/** POST /api/class/[code]/join: the display name (cleaned and checked by the service). */
export const JoinBody = v.object({ name: v.pipe(v.string(), v.maxLength(200)) });

/** POST /api/class/[code]/answers: the question's index, what each paying seat pays, the total. */
export const AnswerBody = v.object({
	question: v.pipe(v.number(), v.integer(), v.minValue(0)),
	pays: v.strictObject(AnswerSchema.entries.pays.entries),
	total: PointsSchema
});

/** POST /api/class/[code]/actions: one teacher action. */
export const ActionBody = v.object({ type: v.picklist(TEACHER_ACTIONS) });

/** One answer of a homework batch: the question's index, the amounts, when it was answered (ms). */
const HomeworkAnswer = v.object({
	question: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(49)),
	pays: v.strictObject(AnswerSchema.entries.pays.entries),
	total: PointsSchema,
	answeredAt: v.pipe(v.number(), v.integer(), v.minValue(0))
});

/**
 * POST /api/homework: as a class (skills, 1..50 questions, unit, seed), plus `dueAt` (ms since the
 * epoch), an optional title (up to 80 characters) and the preview's swaps (question index: swap number).
 */
export const HomeworkBody = v.pipe(
	v.object({
		skills: v.optional(v.pipe(v.array(v.picklist(SKILLS)), v.maxLength(SKILLS.length)), []),
		questionCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 10),
		unit: v.optional(v.picklist(['points', 'money']), 'points'),
		seed: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64)), ''),
		title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80)), ''),
		dueAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
		swaps: SwapsSchema
	}),
	v.forward(
		v.check((body) => swapsFit(body), SWAPS_PAST_END),
		['swaps']
	)
);

/** POST /api/homework/[code]/answers: up to 50 answers sent together (a phone back online). */
export const HomeworkAnswersBody = v.object({
	answers: v.pipe(v.array(HomeworkAnswer), v.maxLength(50))
});
