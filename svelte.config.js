import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		adapter: adapter(),
		// The origin check is made in hooks.server.ts: host against host, whatever the protocol,
		// so form posts work from a plain-http LAN address (adapter-node takes those for https).
		csrf: { trustedOrigins: ['*'] }
	}
};

export default config;
