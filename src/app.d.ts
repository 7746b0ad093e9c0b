// See https://svelte.dev/docs/kit/types#app.d.ts
import type { IncomingMessage } from 'node:http';

declare global {
	namespace App {
		// interface Error {}
		/** `refused`: the HTTP status a page's load was refused with (its `__data.json` answers it too). */
		interface Locals {
			refused?: number;
		}
		/**
		 * `scriptless`: the page ships no JavaScript (`csr = false`, the printable worksheet), so the
		 * header leaves out the controls that need it (the text size).
		 */
		interface PageData {
			scriptless?: boolean;
		}
		// interface PageState {}
		/** adapter-node passes the Node request (its socket tells whether it came over TLS). */
		interface Platform {
			req?: IncomingMessage;
		}
	}
}

export {};
