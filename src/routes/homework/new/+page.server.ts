import { firstPreview } from '$lib/class/preview';
import { newSeed } from '$lib/progress/params';
import type { PageServerLoad } from './$types';

/**
 * A fresh seed filled in, and its questions at the form's first settings (issue 20): the preview
 * shows them before the teacher types anything, without the page loading the question generator
 * (it loads when she changes a setting or swaps a question).
 */
export const load: PageServerLoad = () => firstPreview(newSeed());
