/**
 * What a lesson's question asks: the amounts a partly worked question fills in and the fields the
 * learner fills in. Apart from ./flow.ts, so a lesson page's first step (the worked example) does
 * not load the answer fields. Pure.
 */
import { answerFields, type AmountKey, type AnswerField } from '$lib/payments';
import { currentQuestion, type LessonContext } from './flow';
import { givenKeys } from './given';
import { stepKind } from './steps';

/** The amounts the current question fills in (a partly worked question), else none. */
export function givenOf(context: LessonContext): AmountKey[] {
	return stepKind(context.step) === 'partial' ? givenKeys(currentQuestion(context).outcome) : [];
}

/** The fields the learner fills in on the current question (those not given). */
export function askedFields(context: LessonContext): AnswerField[] {
	const given = givenOf(context);
	return answerFields(currentQuestion(context).outcome).filter((f) => !given.includes(f.key));
}

/** Whether `key` names a field the learner fills in on the current question. */
export function isAskedKey(context: LessonContext, key: string): key is AmountKey {
	return askedFields(context).some((f) => f.key === key);
}
