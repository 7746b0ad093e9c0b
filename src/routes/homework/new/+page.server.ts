import { newSeed } from '$lib/progress/params';
import type { PageServerLoad } from './$types';

/** A fresh seed filled in, so the preview shows questions before the teacher types one (issue 20). */
export const load: PageServerLoad = () => ({ seed: newSeed() });
