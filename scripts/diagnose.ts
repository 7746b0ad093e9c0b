/**
 * Diagnoses answers from the command line: `npm run --silent diagnose` reads
 * `{"outcome":..., "answer":...}` objects, one a line, and prints one diagnosis
 * (`{correct, wrong, misconceptions, expected}`) or `{"error":{code,message}}` a line, in order.
 * Exit code 0 when every line was diagnosed, 1 otherwise.
 */
import { diagnose } from '../src/lib/payments/index.ts';
import { mapJsonLines } from './lines.ts';

await mapJsonLines((input) => {
	if (typeof input !== 'object' || input === null || Array.isArray(input)) {
		return {
			error: {
				code: 'outcome-invalid',
				message: 'Each line must be {"outcome":..., "answer":...}.'
			}
		};
	}
	const line = input as Record<string, unknown>;
	return diagnose(line.outcome, line.answer);
});
