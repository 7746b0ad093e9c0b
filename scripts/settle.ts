/**
 * Answer keys from the command line: `npm run --silent settle` reads outcomes as JSON, one a line,
 * and prints one settlement (or `{"error":{code,message}}`) a line, in the same order. Outcomes
 * are read strictly (`settleStrict`): an unknown field is `field-unknown`, a situation outside
 * League rules `outside-league-rules`. Blank lines are skipped. Exit code 0 when every line
 * settled, 1 otherwise.
 */
import { settleStrict } from '../src/lib/payments/index.ts';
import { mapJsonLines } from './lines.ts';

await mapJsonLines(settleStrict, 'settle');
