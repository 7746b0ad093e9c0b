import { classService } from '$lib/server/service';
import { orError } from '$lib/server/pages';
import { reachableOrigin } from '$lib/server/origin';
import type { PageServerLoad } from './$types';

/**
 * The projector view: public, with no names and, before reveal, no amounts; `joinOrigin`, the
 * address phones can reach (the laptop's LAN address when opened on localhost), for the join
 * link and its QR code (issue 11).
 */
export const load: PageServerLoad = async ({ params, url, platform }) => ({
	view: await orError(() => classService().screenView(params.code)),
	joinOrigin: reachableOrigin({ url, platform })
});
