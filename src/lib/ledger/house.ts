/**
 * The house rules of `house-rules.md` (H1 East double, H2 the bettor, H3 the pie): what each is,
 * its source, and H1 and H2 applied to one hand the engine settled by League rules. Never League:
 * every result they change is labelled "house rule, not League" with its source. The pie (H3)
 * caps payments over a night and lives with the night (`./night.ts`). Pure.
 */
import { seatLabel, type NormalizedOutcome, type Seat, type Settlement } from '../payments/index';

/** A house rule a night (or one hand on /table) can be played with. */
export type HouseRule = 'east-double' | 'bettor' | 'pie';

/** The house rules a night names in its `house` list (the pie is its own field, `pie`). */
export const LISTED_HOUSE_RULES = ['east-double', 'bettor'] as const;
/** One of `LISTED_HOUSE_RULES`. */
export type ListedHouseRule = (typeof LISTED_HOUSE_RULES)[number];

/** What a house rule is: its id in house-rules.md, its name, what it changes and its source. */
export interface HouseRuleInfo {
	id: 'H1' | 'H2' | 'H3';
	name: string;
	what: string;
	source: string;
}

/** The words every result a house rule changed carries. */
export const NOT_LEAGUE = 'house rule, not League';

/** The three house rules, as house-rules.md defines them. */
export const HOUSE_RULES: Readonly<Record<HouseRule, HouseRuleInfo>> = {
	'east-double': {
		id: 'H1',
		name: 'East double',
		what: 'Every payment in which East pays or collects is doubled. A wall game stays 0.',
		source: 'Older Western rules (1920s and 1930s rule books). Not League: P10.'
	},
	bettor: {
		id: 'H2',
		name: 'Bettor',
		what: 'With five at the table, the one sitting out bets on one of the four. If her pick wins, everyone who pays the winner also pays the bettor the same; if another player wins, the bettor pays the winner what her pick paid.',
		source: "The League's beginner book, Mah Jongg Made Easy (2020), p. 27."
	},
	pie: {
		id: 'H3',
		name: 'Pie',
		what: 'A cap on what one player can lose in the night: a payment that would take her below minus the pie is cut to what is left; at minus the pie she pays nothing until she wins again.',
		source: 'Common table practice; no single written source.'
	}
};

/** "East double (H1)". */
export const houseRuleName = (rule: HouseRule): string =>
	`${HOUSE_RULES[rule].name} (${HOUSE_RULES[rule].id})`;

/** "East double (H1): house rule, not League. Source: Older Western rules ...". */
export const houseRuleLabel = (rule: HouseRule): string =>
	`${houseRuleName(rule)}: ${NOT_LEAGUE}. Source: ${HOUSE_RULES[rule].source}`;

/** Who takes part in a payment under house rules: a seat, or the bettor (sitting out). */
export type Party = Seat | 'bettor';

/**
 * One payment under house rules, in points (> 0): `rule` is the house rule that made it (`bettor`)
 * or changed it (`east-double`), null when it is the League's own payment.
 */
export interface HouseTransfer {
	from: Party;
	to: Party;
	points: number;
	rule: ListedHouseRule | null;
}

/** The house rules chosen for one hand: East double or not; the bettor's pick, or null (no bettor). */
export interface HouseChoice {
	eastDouble: boolean;
	bet: Seat | null;
}

/**
 * One hand under H1 and H2: the payments in order (the League's to the winner first, then the
 * bettor's, so a player who pays twice pays the winner first), the rules that changed something
 * (`changed`), and `readings`: sentences where this project reads a rule (H2 on a wall game or a
 * misnamed discard).
 */
export interface HouseHand {
	transfers: HouseTransfer[];
	changed: ListedHouseRule[];
	readings: string[];
}

/**
 * Applies H1, then H2, to a hand the engine settled (house-rules.md, "the order of work"):
 * H1 doubles every payment East makes or receives; H2, when `choice.bet` is a seat, adds the
 * bettor's payments on a win (her pick won: each payer pays her what she paid the winner; another
 * won: she pays the winner what her pick paid), and nothing on a wall game or a misnamed discard.
 */
export function applyHouseRules(
	outcome: NormalizedOutcome,
	settlement: Settlement,
	choice: HouseChoice
): HouseHand {
	const changed: ListedHouseRule[] = [];
	const transfers: HouseTransfer[] = settlement.transfers.map((t) => {
		const east = choice.eastDouble && (t.from === 'east' || t.to === 'east');
		return {
			from: t.from,
			to: t.to,
			points: east ? t.points * 2 : t.points,
			rule: east ? 'east-double' : null
		};
	});
	if (transfers.some((t) => t.rule === 'east-double')) changed.push('east-double');
	const readings: string[] = [];
	const pick = choice.bet;
	if (pick !== null) {
		if (outcome.kind === 'win') {
			const winner = outcome.winner;
			const toWinner = transfers.filter((t) => t.to === winner);
			const bets: HouseTransfer[] =
				pick === winner
					? toWinner.map((t) => ({ from: t.from, to: 'bettor', points: t.points, rule: 'bettor' }))
					: toWinner
							.filter((t) => t.from === pick)
							.map((t) => ({ from: 'bettor', to: winner, points: t.points, rule: 'bettor' }));
			transfers.push(...bets);
			if (bets.length > 0) changed.push('bettor');
		} else {
			const what = outcome.kind === 'wall-game' ? 'a wall game' : 'a misnamed discard';
			readings.push(
				`On ${what} the bettor neither pays nor collects (this project's reading of ${houseRuleName('bettor')}).`
			);
		}
	}
	return { transfers, changed, readings };
}

/** A party in words: "East", or "the bettor". */
export const partyLabel = (party: Party): string =>
	party === 'bettor' ? 'the bettor' : seatLabel(party);
