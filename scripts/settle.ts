/**
 * Answer keys from the command line: `npm run --silent settle` reads outcomes as JSON, one a line,
 * and prints one settlement (or `{"error":{code,message}}`) a line, in the same order.
 * Exit code 0 when every line settled, 1 otherwise.
 */
import { settle } from '../src/lib/payments/index.ts';
import { mapJsonLines } from './lines.ts';

await mapJsonLines((input) => settle(input));
