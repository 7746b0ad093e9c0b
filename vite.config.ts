import { sveltekit } from '@sveltejs/kit/vite';
import { svelteTesting } from '@testing-library/svelte/vite';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';

/**
 * The code every page loads first (the Svelte runtime, SvelteKit's client and their helpers), in
 * one chunk on the client: gzipped as one file it is smaller than as ten (one dictionary, no
 * imports and exports between them), and no page loads anything it did not load before.
 */
const BASE_CHUNK =
	/\/node_modules\/(svelte\/src|@sveltejs\/kit\/src\/(runtime|exports|utils)|devalue|clsx|esm-env)\/|^\0vite\/preload-helper|\/src\/lib\/components\/Icon\.svelte$/;

const clientChunks: Plugin = {
	name: 'client-chunks',
	apply: 'build',
	config: (_config, env) =>
		env.isSsrBuild
			? undefined
			: {
					build: {
						rolldownOptions: {
							output: { codeSplitting: { groups: [{ name: 'base', test: BASE_CHUNK }] } }
						}
					}
				}
};

export default defineConfig({
	plugins: [sveltekit(), clientChunks],
	build: {
		// What a page's code needs is listed once for every page in the app's entry, so that a
		// client-side visit fetches it all at once. Only the stylesheets stay listed (a page must
		// not show unstyled): the scripts come with the page's own module, and after the first
		// visit the service worker serves them all from its cache.
		modulePreload: {
			resolveDependencies: (_file, deps, { hostId }) =>
				/(^|\/)entry\/app\./.test(hostId) ? deps.filter((d) => d.endsWith('.css')) : deps
		},
		rolldownOptions: {
			// The payments engine and the progress modules are pure (no module runs anything on
			// import), so a page that only settles does not also pull in the diagnosis through the
			// engine's index, nor a page that lists progress the spaced repetition. The ledger's and
			// the table's modules are pure too, so a table page takes only the parts it uses.
			treeshake: {
				moduleSideEffects: [
					{
						test: /\/src\/lib\/(payments|progress|ledger|table)\/[^/]+\.ts$/,
						sideEffects: false
					}
				]
			}
		}
	},
	test: {
		expect: { requireAssertions: true },
		// A guard against a hang, not a speed goal (those are in `npm run bench`): property tests
		// that take about a second here can take several on a busy two-core CI machine.
		testTimeout: 30_000,
		projects: [
			{
				extends: './vite.config.ts',
				plugins: [svelteTesting()],
				resolve: { conditions: ['module', 'browser', 'development|production'] },
				test: {
					name: 'client',
					environment: 'jsdom',
					include: ['src/**/*.svelte.{test,spec}.ts'],
					setupFiles: ['./src/vitest-setup-client.ts']
				}
			},
			{
				extends: './vite.config.ts',
				test: {
					name: 'server',
					environment: 'node',
					globalSetup: ['./tests/postgres-setup.ts'],
					include: ['src/**/*.{test,spec}.ts'],
					exclude: ['src/**/*.svelte.{test,spec}.ts']
				}
			},
			{
				extends: './vite.config.ts',
				test: {
					name: 'e2e',
					environment: 'node',
					globalSetup: ['./tests/postgres-setup.ts'],
					expect: { poll: { timeout: 10_000, interval: 100 } },
					include: ['tests/e2e/**/*.test.ts'],
					testTimeout: 120_000,
					hookTimeout: 120_000,
					fileParallelism: false
				}
			}
		]
	}
});
