/**
 * The traps printed on the cheat sheet (/rules/cheat-sheet): each a rule id of the spec's
 * payments.md (P4, P5 to P8, P10 to P12) and what it says, in one line for the table.
 */
export const TRAPS: readonly (readonly [rule: string, text: string])[] = [
	[
		'P4',
		'Joker exchange win: paid like a self-pick, 2 × v from each. An exposure called earlier from someone changes nothing.'
	],
	[
		'P5',
		'Jokerless: no joker at mah jongg doubles every payment once more (discarder 4 × v, others 2 × v; self-pick 4 × v each).'
	],
	['P6', 'Only if declared: a winner who does not say "jokerless" is paid as if she had a joker.'],
	[
		'P7',
		'Singles and Pairs: never the jokerless bonus; the discard or self-pick double still applies.'
	],
	[
		'P8',
		"A joker taken from the winner's exposure earlier does not matter: no joker now means jokerless."
	],
	['P10', 'East pays and collects like everyone else: no double for East under League rules.'],
	['P11', 'Wall game: nobody pays anybody.'],
	[
		'P12',
		'Misnamed discard: only the player who misnamed it pays, 4 × v to the caller. Nobody else pays; no jokerless bonus.'
	]
];
