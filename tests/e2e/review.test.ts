/**
 * The tutor in Chromium: a known mistake is named, survives a reload, shows in /review as a compact
 * card that opens for its breakdown; the filters are kept in the address (Back brings the previous
 * one back, a reload keeps it); and "Practise these" starts a round of that skill.
 */
import { describe, expect, it } from 'vitest';
import {
	answerFields,
	settleValid,
	validateOutcome,
	wrongAnswerFor,
	misconception,
	type Outcome,
	type Skill
} from '$lib/payments';
import { generateRound, generateScenarios } from '$lib/scenarios';
import type { Page } from 'playwright-core';
import {
	appReady,
	launchBrowser,
	screenshot,
	seriousA11yViolations,
	useAppServer
} from './harness';

const server = useAppServer();

/** The first seed whose first self-picked question is a declared jokerless hand. */
function jokerlessQuestion() {
	for (let i = 0; ; i++) {
		const seed = `review-${i}`;
		const [scenario] = generateScenarios({ seed, count: 1, skills: ['jokerless'] });
		const o = scenario!.outcome;
		if (o.kind === 'win' && o.method === 'self-pick' && o.jokers === 0)
			return { seed, scenario: scenario! };
	}
}

function normalized(o: Outcome) {
	const v = validateOutcome(o);
	if (!v.ok) throw new Error(v.error.code);
	return v.outcome;
}

/** The headings of the mistake cards shown, and the page's filters as its address has them. */
async function shown(page: Page) {
	const cards = await page
		.getByRole('article')
		.getByRole('heading', { level: 2 })
		.allTextContents();
	const url = new URL(page.url());
	return {
		cards,
		skill: url.searchParams.get('skill'),
		select: await page.getByLabel('Skill').inputValue()
	};
}

describe('a named mistake, kept and practised again', () => {
	it('names it, keeps it after a reload, lists it in /review and drills its skill', async () => {
		const { seed, scenario } = jokerlessQuestion();
		const outcome = normalized(scenario.outcome);
		const wrong = wrongAnswerFor('jokerless-bonus-missed', outcome, settleValid(outcome))!;
		const title = misconception('jokerless-bonus-missed').title;

		const context = await launchBrowser({ width: 360, height: 740 });
		const page = await context.newPage();
		await page.goto(`${server.url}/practice?seed=${seed}&skills=jokerless&n=3`);
		for (const field of answerFields(scenario.outcome)) {
			const value = field.key === 'total' ? wrong.total : wrong.pays[field.key];
			await page.locator(`#answer-${field.key}`).fill(String(value));
		}
		await page.getByRole('button', { name: 'Check' }).click();
		await expect
			.poll(() => page.getByText(title).filter({ visible: true }).first().isVisible())
			.toBe(true);
		await screenshot(page, 'review-mistake-named');
		// A second mistake: the next question's answer shown (it counts against all its skills).
		await page.getByRole('button', { name: 'Next', exact: true }).click();
		await page.getByRole('button', { name: 'Show answer' }).click();
		await page.getByRole('button', { name: 'Next', exact: true }).waitFor();

		await page.reload();
		await page.goto(`${server.url}/review`);
		await appReady(page);
		await expect.poll(() => page.getByText(scenario.narrative).first().isVisible()).toBe(true);
		const card = page.getByRole('article').filter({ hasText: scenario.narrative });
		await expect.poll(() => card.getByRole('heading', { name: title }).isVisible()).toBe(true);
		expect(await card.getByRole('table').count()).toBe(0);
		expect(await seriousA11yViolations(page)).toEqual([]);
		await screenshot(page, 'review-page');

		// Opened: the table picture, the answers, what went wrong and the breakdown.
		await card.getByText('Show the breakdown').click();
		const breakdown = card.getByRole('heading', { name: 'How the payment adds up, rule by rule' });
		await expect.poll(() => breakdown.isVisible()).toBe(true);
		expect(await card.getByRole('img', { name: /Mah jongg table/ }).isVisible()).toBe(true);
		expect(await card.getByRole('table').isVisible()).toBe(true);
		expect(await card.getByText(`${title}.`).isVisible()).toBe(true);
		expect(await seriousA11yViolations(page)).toEqual([]);
		await screenshot(page, 'review-card-open');

		// Filters in the address: pick a skill only the shown answer counts against, then Jokerless;
		// Back brings the first one back, with its list, and a reload keeps it.
		const other = await page
			.getByLabel('Skill')
			.locator('option')
			.evaluateAll((options) =>
				options
					.map((o) => (o as HTMLOptionElement).value)
					.find((v) => v !== '' && v !== 'jokerless')
			);
		expect(other).toBeTruthy();
		await page.getByLabel('Skill').selectOption(other!);
		await page.waitForURL(new RegExp(`[?&]skill=${other}$`));
		await expect
			.poll(() => shown(page))
			.toEqual({ cards: ['Answer shown'], skill: other, select: other });
		expect(await page.getByRole('link', { name: 'Practise these' }).getAttribute('href')).toMatch(
			new RegExp(`skills=${other}&`)
		);
		await page.getByLabel('Skill').selectOption('jokerless');
		await expect
			.poll(() => shown(page))
			.toEqual({
				cards: ['Answer shown', expect.stringContaining(title)],
				skill: 'jokerless',
				select: 'jokerless'
			});
		await page.goBack();
		await expect
			.poll(() => shown(page))
			.toEqual({ cards: ['Answer shown'], skill: other, select: other });
		await page.reload();
		await appReady(page);
		await expect
			.poll(() => shown(page))
			.toEqual({ cards: ['Answer shown'], skill: other, select: other });
		await page.goBack();
		await expect
			.poll(() => shown(page))
			.toEqual({
				cards: ['Answer shown', expect.stringContaining(title)],
				skill: null,
				select: ''
			});

		await page.getByLabel('Misconception').selectOption('jokerless-bonus-missed');
		await expect
			.poll(() => shown(page).then((s) => s.cards))
			.toEqual([expect.stringContaining(title)]);

		await page.getByRole('link', { name: 'Practise these' }).click();
		await page.waitForURL(/\/practice\?/);
		const params = new URL(page.url()).searchParams;
		const skills = (params.get('skills') ?? '').split(',');
		expect(skills).toContain('jokerless');
		const [first] = generateRound({
			seed: params.get('seed')!,
			count: Number(params.get('n')),
			skills: skills as Skill[]
		}).scenarios;
		expect(first!.skills.some((s) => scenario.skills.includes(s))).toBe(true);
		await expect.poll(() => page.getByText(first!.narrative).isVisible()).toBe(true);
		await context.close();
	});
});
