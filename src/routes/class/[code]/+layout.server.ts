import { reachableOrigin } from '$lib/server/origin';
import type { LayoutServerLoad } from './$types';

/**
 * Every class page (student, projector, control) gets `joinOrigin`: the address phones can
 * reach (the laptop's LAN address when the page was opened on localhost), for the join link and
 * its QR code (issue 11).
 */
export const load: LayoutServerLoad = ({ url, platform }) => ({
	joinOrigin: reachableOrigin({ url, platform })
});
