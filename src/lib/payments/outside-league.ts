/**
 * Situations the spec names as outside League rules, by their `kind` name, with what the app says
 * of each (it computes nothing for them): `false-mah-jongg`, `fifth-player`, `pie`, `chips`,
 * `last-wall-discard`, `tournament`, `east-double` (P10; house rule H1, which only the table page
 * applies, and only when chosen). Documented in docs/outcome-json.md.
 */
export const OUTSIDE_LEAGUE: Readonly<Record<string, string>> = {
	'false-mah-jongg':
		'A false ("in error") mah jongg that leaves one player in the game is outside the League rules this app teaches: sources disagree, so no amount is computed.',
	'fifth-player':
		'A fifth player betting on a winner is a table custom outside the League rules this app teaches: no amount is computed.',
	pie: 'A "pie" (a cap on what a player can lose) is a house rule outside the League rules this app teaches: no amount is computed.',
	chips:
		'Chip values are a house arrangement outside the League rules this app teaches: no amount is computed.',
	'last-wall-discard':
		'An extra payment for a risky discard on the last wall is a house rule outside the League rules this app teaches: no amount is computed.',
	'east-double':
		'East paying and collecting double is an old or house rule (H1), outside the League rules this app teaches: under them East pays and collects like everyone else (P10). No amount is computed here; the table page applies it when the group chooses it.',
	tournament:
		'Tournament points (bonuses for self-picked or jokerless wins, wall-game points) are tournament rules, outside the League rules this app teaches: no amount is computed.'
};
