/**
 * GET /api/lesson/<skill>: what a lesson page opens with (`OpenedLesson`, drawn by
 * `src/routes/learn/[skill]/open.ts`: the lesson's words, its steps' first questions, the worked
 * example, the glossary terms). The same lesson always gives the same answer. An unknown lesson
 * answers 404 with `{error:{code:"not-found", message}}`.
 */
import { isLessonSkill } from '$lib/lessons/order';
import { errorJson, okJson } from '$lib/server/http';
import { openHere } from '../../../learn/[skill]/draw';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ params }) => {
	if (!isLessonSkill(params.skill)) return errorJson(404, 'not-found', 'There is no such lesson.');
	return okJson(await openHere(params.skill));
};
