/**
 * Vitest global setup (issue 19): where the PostgreSQL tests find PostgreSQL. `TEST_DATABASE_URL`
 * when set (`.ci/run` starts a throwaway cluster and sets it); else, when PostgreSQL is installed,
 * a throwaway cluster of this run's own, stopped at the end; else nothing, and every PostgreSQL
 * test fails saying so (`POSTGRES_MISSING`): a suite that cannot run is not a pass.
 */
import type { TestProject } from 'vitest/node';
import { POSTGRES_MISSING, postgresBinDir, startCluster, type Cluster } from './postgres-cluster';

declare module 'vitest' {
	export interface ProvidedContext {
		/** The admin URL of the PostgreSQL the tests may use, or null when there is none. */
		postgresUrl: string | null;
		/** Why there is none. */
		postgresProblem: string;
	}
}

export default async function setup(project: TestProject): Promise<() => void> {
	let url = process.env.TEST_DATABASE_URL?.trim() || null;
	let problem = '';
	let cluster: Cluster | null = null;
	if (!url) {
		const bin = postgresBinDir();
		if (bin) {
			try {
				cluster = await startCluster(bin);
				url = cluster.url;
			} catch (error) {
				problem = `A throwaway PostgreSQL cluster did not start (${String(error)}). ${POSTGRES_MISSING}`;
			}
		} else problem = POSTGRES_MISSING;
	}
	if (problem) console.warn(`\n[postgres] ${problem}\n`);
	project.provide('postgresUrl', url);
	project.provide('postgresProblem', problem);
	return () => cluster?.stop();
}
