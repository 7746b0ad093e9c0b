/**
 * The `use:enhance` callback of the class forms (/join, /class/new): SvelteKit form actions that
 * also work before and without JavaScript. Busy while sending; the action's answer is applied as
 * usual, keeping what was typed; a request that never reached the server (no network) says
 * `CLASS_OFFLINE` in `offline` instead of SvelteKit's error page, and keeps every field as typed.
 */
import type { SubmitFunction } from '@sveltejs/kit';
import { CLASS_OFFLINE } from './live.svelte';

/** What a class form shows while it sends: `busy`, and the offline message ('' when none). */
export interface ClassFormState {
	busy: boolean;
	offline: string;
}

/** Builds the `use:enhance` callback for a form whose state is `state` (a `$state` object). */
export function classFormSubmit(state: ClassFormState): SubmitFunction {
	return () => {
		state.busy = true;
		state.offline = '';
		return async ({ result, update }) => {
			// A network failure gives an error result with no HTTP status (the server never answered).
			if (result.type === 'error' && result.status === undefined) state.offline = CLASS_OFFLINE;
			else await update({ reset: false });
			state.busy = false;
		};
	};
}
