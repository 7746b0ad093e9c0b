/**
 * Diagnoses answers from the command line: `npm run --silent diagnose` reads
 * `{"outcome":..., "answer":...}` objects, one a line, and prints one diagnosis
 * (`{correct, wrong, missing, misconceptions, skills, expected}`) or `{"error":{code,message}}` a
 * line, in order (`diagnoseStrict`: `answer-invalid` for the answer, `outcome-invalid` when the
 * wrapper is missing, `field-unknown`, `outside-league-rules`). Blank lines are skipped. Exit
 * code 0 when every line was diagnosed, 1 otherwise.
 */
import { diagnoseStrict } from '../src/lib/payments/index.ts';
import { mapJsonLines } from './lines.ts';

await mapJsonLines(diagnoseStrict, 'diagnose');
