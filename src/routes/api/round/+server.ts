/**
 * GET /api/round?seed=S&n=N[&skills=a,b][&worked=skill]: a practice round's questions, drawn by
 * the seeded generator (`src/routes/practice/draw.ts`): `{scenarios, shortReason, worked}`. The
 * same query always gives the same round. A bad query answers 400
 * with `{error:{code:"bad-request", message}}`.
 */
import { drawHere, readRoundRequest } from '../../practice/draw';
import { errorJson, okJson } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ url }) => {
	const request = readRoundRequest(url.searchParams);
	if (typeof request === 'string') return errorJson(400, 'bad-request', request);
	return okJson(await drawHere(request));
};
