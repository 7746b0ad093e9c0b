import { rulesPageText } from './examples';
import type { PageServerLoad } from './$types';

// The examples' amounts come from the engine on the server, so the page's code ships without it.
// The service worker keeps this page's data too (`/rules/__data.json`), so it opens offline.
export const load: PageServerLoad = () => rulesPageText();
