import { classService } from '$lib/server/service';
import { orError } from '$lib/server/pages';
import type { PageServerLoad } from './$types';

/** The projector view: public, with no names and, before reveal, no amounts. */
export const load: PageServerLoad = ({ params }) => ({
	view: orError(() => classService().screenView(params.code))
});
