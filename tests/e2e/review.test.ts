/**
 * The tutor in Chromium: a known mistake is named, survives a reload, shows in /review, and
 * "Practise these" starts a round of that skill.
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
import { launchBrowser, screenshot, seriousA11yViolations, useAppServer } from './harness';

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

		await page.reload();
		await page.goto(`${server.url}/review`);
		await expect.poll(() => page.getByText(scenario.narrative).first().isVisible()).toBe(true);
		await expect
			.poll(() => page.getByText(title).filter({ visible: true }).first().isVisible())
			.toBe(true);
		expect(await seriousA11yViolations(page)).toEqual([]);
		await screenshot(page, 'review-page');

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
