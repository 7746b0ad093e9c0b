/**
 * A module loaded on demand: `load()` starts the dynamic import the first time and returns the
 * same promise after that, unless it failed (offline, say): then the next call tries again. A
 * failure is marked as handled here, so a prefetch nobody awaits yet is not reported as an error.
 */
export function lazy<T>(importer: () => Promise<T>): () => Promise<T> {
	let promise: Promise<T> | undefined;
	let failed = false;
	return () => {
		if (!promise || failed) {
			failed = false;
			promise = importer();
			promise.catch(() => {
				failed = true;
			});
		}
		return promise;
	};
}
