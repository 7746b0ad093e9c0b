/**
 * Accessibility and comfort on every page (issues 5 and 10), on a 360 x 740 phone screen in the
 * light and dark schemes, at the app's largest text size (set before load, as a returning learner
 * has it) and at a 24 px browser base font (Chromium's own font size setting): axe-core finds no
 * serious or critical violation; every control is at least 44 x 44 px (links and glossary terms
 * inside a sentence excepted); nothing makes the page scroll sideways (WCAG 1.4.10, reflow), no text runs past the
 * screen's edge and no box cuts its text (tests/e2e/fit.ts); the keyboard focus is always visible.
 * Pages are also seen in their working states: a question, its feedback after a right and after a
 * wrong answer (in points; in money too at the large sizes), a round's summary, a lesson (worked example, partly worked
 * question, feedback), /review and /progress with answers kept, /table with a claim named, the
 * night's ledger with a hand and its settle-up, and a live class (teacher, projector, student).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateScenarios } from '$lib/scenarios';
import type { Scenario } from '$lib/scenarios/types';
import { practiceAnswers } from '../../scripts/bench-feedback';
import { appPages } from '../../scripts/measure';
import { rootFontSize, unfitText } from './fit';
import {
	appReady,
	launchBrowser,
	screenshot,
	seriousA11yViolations,
	useAppServer,
	workedSteps
} from './harness';

const server = useAppServer();

/** Controls smaller than 44 x 44 px that are visible on the page, as `tag "name" WxH`. */
function smallTargets(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const selector =
			'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]';
		const small: string[] = [];
		for (const el of document.querySelectorAll<HTMLElement>(selector)) {
			const style = getComputedStyle(el);
			let box = el.getBoundingClientRect();
			if (style.visibility === 'hidden' || box.width <= 1 || box.height <= 1) continue;
			if (box.right <= 0 || box.bottom <= 0) continue; // off screen until focused (skip link)
			// WCAG 2.5.5 and 2.5.8: a target inside a sentence is exempt (a link, or a glossary
			// term's button: `display: inline`, its height the line's).
			if ((el.tagName === 'A' || el.tagName === 'BUTTON') && style.display === 'inline') continue;
			if (el.matches('input[type="checkbox"], input[type="radio"]')) {
				const label =
					el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
				if (label) box = label.getBoundingClientRect();
			}
			if (box.width < 43.5 || box.height < 43.5) {
				const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
				small.push(
					`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`
				);
			}
		}
		return small;
	});
}

/** Tabs through up to `steps` controls; returns those whose focus shows no outline or shadow. */
async function invisibleFocus(page: Page, steps = 12): Promise<string[]> {
	await page.evaluate(() => {
		(document.activeElement as HTMLElement | null)?.blur();
		window.scrollTo(0, 0);
	});
	const invisible: string[] = [];
	for (let i = 0; i < steps; i++) {
		await page.keyboard.press('Tab');
		const found = await page.evaluate(() => {
			const el = document.activeElement as HTMLElement | null;
			if (!el || el === document.body) return null;
			const style = getComputedStyle(el);
			const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
			const shadow = style.boxShadow !== 'none';
			const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.id).trim().slice(0, 30);
			return { visible: outline || shadow, name: `${el.tagName.toLowerCase()} "${name}"` };
		});
		if (found && !found.visible) invisible.push(found.name);
	}
	return [...new Set(invisible)];
}

interface Variant {
	name: string;
	colorScheme: 'light' | 'dark';
	textSize: 'normal' | 'x-large';
	/** The browser's base font size in px (16 unless set). */
	baseFont?: number;
	/**
	 * Whether axe-core runs: not at the 24 px base font, where the same pages in the same colours
	 * are only laid out larger (and axe would count nearly all text as large, so check less).
	 */
	axe: boolean;
}
const VARIANTS: Variant[] = [
	{ name: 'light', colorScheme: 'light', textSize: 'normal', axe: true },
	{ name: 'dark', colorScheme: 'dark', textSize: 'normal', axe: true },
	{ name: 'x-large', colorScheme: 'light', textSize: 'x-large', axe: true },
	{ name: 'base-24px', colorScheme: 'light', textSize: 'normal', baseFont: 24, axe: false }
];
/** The root font size a variant should get: 112.5% of the browser's base, times the text size. */
const expectedRoot = (v: Variant) =>
	(v.baseFont ?? 16) * 1.125 * (v.textSize === 'x-large' ? 1.4 : 1);

/** Answers a question of a practice round (a wrong amount when `wrong`) and waits for its feedback. */
async function answer(page: Page, scenario: Scenario, wrong: boolean) {
	for (const { key, text } of practiceAnswers(scenario, wrong)) {
		await page.locator(`#answer-${key}`).fill(text);
	}
	await page.getByRole('button', { name: 'Check', exact: true }).click();
	await page.locator('#feedback-heading').waitFor();
}

/**
 * Walks every page of a fresh browser in `variant` and returns what is wrong, per page state
 * (e.g. `{ "/practice feedback": ["color-contrast: ..."] }`); empty when all is well.
 */
async function problemsIn(variant: Variant): Promise<Record<string, string[]>> {
	const problems: Record<string, string[]> = {};
	const context = await launchBrowser(
		{ width: 360, height: 740 },
		{ colorScheme: variant.colorScheme, hasTouch: true, defaultFontSize: variant.baseFont }
	);
	if (variant.textSize !== 'normal') {
		await context.addInitScript(
			(size) => localStorage.setItem('text-size', size),
			variant.textSize
		);
	}
	/**
	 * Checks `page` as it is now; keeps what is wrong under `state`. The focus ring is the same in
	 * every scheme and size, so `focus` is only walked in the light scheme at normal size.
	 */
	async function check(page: Page, state: string, focus = false) {
		await page.waitForLoadState('load');
		await appReady(page);
		const size = await page.evaluate(() => document.documentElement.dataset.textSize ?? 'normal');
		const root = await rootFontSize(page);
		const found = [
			...(size === variant.textSize ? [] : [`text size ${size}, not ${variant.textSize}`]),
			...(Math.abs(root - expectedRoot(variant)) < 0.1
				? []
				: [`root font ${root} px, not ${expectedRoot(variant)} px`]),
			...(variant.axe ? await seriousA11yViolations(page) : []),
			...(await smallTargets(page)).map((t) => `target under 44 px: ${t}`),
			...(await unfitText(page)),
			...(focus && variant.name === 'light'
				? (await invisibleFocus(page)).map((f) => `focus not visible: ${f}`)
				: [])
		];
		if (found.length > 0) problems[state] = found;
		if (variant.name !== 'light') {
			await screenshot(page, `a11y-${variant.name}-${state.replace(/[^a-z0-9]+/gi, '-')}`);
		}
	}

	try {
		const page = await context.newPage();
		const pages = appPages();
		for (const path of pages.filter((p) => !['/practice', '/review', '/progress'].includes(p))) {
			await page.goto(server.url + path, { waitUntil: 'networkidle' });
			await check(page, path, true);
		}

		// A round in points: a right answer's feedback, a wrong answer's, a shown answer, the summary.
		const seed = `a11y-${variant.name}`;
		const scenarios = generateScenarios({ seed, count: 3 });
		await page.goto(`${server.url}/practice?seed=${seed}&n=3`);
		await page.getByText('Question 1 of 3').waitFor();
		await check(page, '/practice question', true);
		await answer(page, scenarios[0]!, false);
		await check(page, '/practice feedback');
		await page.getByRole('button', { name: 'Next', exact: true }).click();
		await answer(page, scenarios[1]!, true);
		await check(page, '/practice feedback after a wrong answer');
		await page.getByRole('button', { name: 'Next', exact: true }).click();
		await page.getByRole('button', { name: 'Show answer' }).click();
		await page.getByRole('button', { name: 'Next', exact: true }).click();
		await page.getByRole('heading', { name: /Round done/ }).waitFor();
		await check(page, '/practice summary');
		// A question in money, and its feedback after a wrong answer: its longer amounts ("$0.50",
		// "Type cents or dollars") are walked where they could run out of room, at large text.
		const large = variant.textSize !== 'normal' || variant.baseFont !== undefined;
		if (large) {
			const [inMoney] = generateScenarios({ seed: `${seed}-money`, count: 1 });
			await page.goto(`${server.url}/practice?seed=${seed}-money&n=1&unit=money`);
			await page.getByText('Question 1 of 1').waitFor();
			await check(page, '/practice question in money');
			await answer(page, inMoney!, true);
			await check(page, '/practice feedback in money after a wrong answer');
		}

		if (pages.includes('/review')) {
			await page.goto(`${server.url}/review`);
			await page.getByRole('link', { name: 'Practise these' }).first().waitFor();
			await check(page, '/review with answers', true);
		}
		if (pages.includes('/progress')) {
			await page.goto(`${server.url}/progress`);
			await page.getByText(`${large ? 4 : 3} questions answered`).waitFor();
			await check(page, '/progress with answers', true);
		}

		// A lesson: its worked example, the partly worked question, and a wrong answer's feedback.
		await page.goto(`${server.url}/learn/discard`);
		await page.getByRole('heading', { name: 'Worked example' }).waitFor();
		await check(page, '/learn/discard worked example', true);
		await (await workedSteps(page)).click();
		await page.getByRole('button', { name: 'Now try one yourself' }).click();
		await page.getByRole('heading', { name: 'Partly worked question' }).waitFor();
		await check(page, '/learn/discard partly worked', true);
		for (const input of await page.locator('#answer-heading ~ .fields input').all()) {
			await input.fill('1');
		}
		await page.getByRole('button', { name: 'Check', exact: true }).click();
		await page.locator('#feedback-heading').waitFor();
		await check(page, '/learn/discard feedback');

		// At the table: a settled hand with a wrong claim named; a night's ledger with a pie, a
		// hand and its balances, then its settle-up.
		await page.goto(
			`${server.url}/table?value=25&winner=south&method=discard&discarder=west&jokers=0&says=east:0,west:200,north:0`
		);
		await page.getByRole('heading', { name: 'What that claim shows' }).waitFor();
		await check(page, '/table with a claim named', true);
		await page.goto(`${server.url}/table/ledger`);
		await appReady(page);
		for (const [i, name] of ['Ann', 'Bea', 'Cy', 'Di'].entries()) {
			await page.getByLabel(`Player ${i + 1}`).fill(name);
		}
		await page.getByLabel(/Pie \(H3\): a cap/).check();
		await page.getByRole('button', { name: 'Start the night' }).click();
		await page.locator('#entry-value').fill('25');
		await page.getByLabel('Self-picked').check();
		await page.getByRole('button', { name: 'Add the hand' }).click();
		await page.getByTestId('hand').waitFor();
		await check(page, '/table/ledger with a hand', true);
		await page.getByRole('button', { name: 'Settle up' }).click();
		await page.getByRole('heading', { name: 'Settle up' }).waitFor();
		await check(page, '/table/ledger settle-up');

		// A live class: the teacher's control view, a student's phone and the projector.
		await page.goto(`${server.url}/class/new`);
		await appReady(page);
		await page.getByLabel('Questions', { exact: true }).fill('1');
		await page.getByRole('button', { name: 'Create the session' }).click();
		await page.waitForURL(/\/class\/[A-Z2-9]{6}\/control$/);
		const code = new URL(page.url()).pathname.split('/')[2]!;
		const student = await context.newPage();
		await student.goto(`${server.url}/join?code=${code}`);
		await appReady(student);
		await student.getByLabel(/^Your name/).fill('Ada');
		await student.getByRole('button', { name: 'Join' }).click();
		await student.waitForURL(`${server.url}/class/${code}`);
		await page.getByRole('button', { name: 'Start question 1' }).click();
		await page.getByRole('button', { name: 'Close answers' }).waitFor();
		await check(page, 'class control', true);
		await student.getByText('Who pays what?').first().waitFor();
		await check(student, 'class student question', true);
		await page.goto(`${server.url}/class/${code}/screen`);
		await page.getByText('Question 1 of 1').first().waitFor();
		await check(page, 'class screen');
		return problems;
	} finally {
		await context.close();
	}
}

describe('every page on a phone', () => {
	it('walks the pages without parameters, the rules page among them', () => {
		expect(appPages()).toEqual(expect.arrayContaining(['/', '/join', '/rules']));
	});

	// One walk at a time: three Chromiums at once starve a 2-core machine.
	it.for(VARIANTS)(
		'$name: no serious axe violation, small target, sideways scroll, cut text or hidden focus',
		{ timeout: 300_000 },
		async (variant, { expect }) => {
			expect(await problemsIn(variant)).toEqual({});
		}
	);
});

describe('the text-size control', () => {
	it('applies extra large text at once and keeps it after a reload', async () => {
		const context = await launchBrowser({ width: 360, height: 740 });
		const page = await context.newPage();
		await page.goto(`${server.url}/`);
		await appReady(page);
		const rootSize = () =>
			page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
		const normal = await rootSize();
		// On a phone the text size is in the menu.
		await page.getByRole('button', { name: 'Menu' }).click();
		await page.getByRole('button', { name: 'A++: Extra large text' }).click();
		expect(await rootSize()).toBeCloseTo(normal * 1.4, 1);
		await page.reload();
		await appReady(page);
		expect(await page.evaluate(() => document.documentElement.dataset.textSize)).toBe('x-large');
		await page.getByRole('button', { name: 'Menu' }).click();
		expect(
			await page.getByRole('button', { name: 'A++: Extra large text' }).getAttribute('aria-pressed')
		).toBe('true');
		await page.getByRole('button', { name: 'A: Normal text' }).click();
		expect(await rootSize()).toBeCloseTo(normal, 1);
		await context.close();
	});
});
