import { describe, expect, it } from 'vitest';
import { SKILL_LABELS, SKILL_RULES, skillsOf, answerFields } from '$lib/payments';
import { generateScenario, outcomeKey } from '$lib/scenarios';
import { RULE_IDS } from '$lib/rules/titles';
import {
	LESSONS,
	introParts,
	lessonOf,
	nextLessonOf,
	stepCount,
	stepName,
	trapStep
} from './lessons';
import { LESSON_SKILLS, isLessonSkill, lessonHref } from './order';
import { STRIDE, allowedSkills, givenKeys, lessonQuestion } from './questions';

/** Every question a lesson asks in its first `tries` tries of every step. */
function questionsOf(skill: (typeof LESSON_SKILLS)[number], tries = 4) {
	const lesson = lessonOf(skill);
	return Array.from({ length: stepCount(lesson) }, (_, step) =>
		Array.from({ length: tries }, (_, t) => ({ step, t, scenario: lessonQuestion(skill, step, t) }))
	).flat();
}

describe('the path', () => {
	it('has one lesson per skill in the order of the issue, and none for high-value', () => {
		expect(LESSONS.map((l) => l.skill)).toEqual([
			'discard',
			'self-pick',
			'jokerless',
			'joker-exchange',
			'singles-and-pairs',
			'dead-hand',
			'east',
			'wall-game',
			'misnamed-discard',
			'undeclared-jokerless'
		]);
		expect(LESSONS.map((l) => l.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(isLessonSkill('high-value')).toBe(false);
		expect(isLessonSkill('east')).toBe(true);
		expect(lessonHref('east')).toBe('/learn/east');
		expect(nextLessonOf(lessonOf('discard'))?.skill).toBe('self-pick');
		expect(nextLessonOf(lessonOf('undeclared-jokerless'))).toBeNull();
	});

	it('introduces each lesson in one paragraph naming its skill’s rules, each a real rule', () => {
		for (const lesson of LESSONS) {
			expect(lesson.title).toBe(SKILL_LABELS[lesson.skill]);
			for (const rule of SKILL_RULES[lesson.skill]) expect(lesson.rules).toContain(rule);
			for (const rule of lesson.rules) expect(RULE_IDS).toContain(rule);
			const text = lesson.intro.map((p) => ('text' in p ? p.text : p.rule)).join('');
			expect(text).not.toMatch(/\[|\]|\n/);
			expect(text.length).toBeGreaterThan(120);
		}
		expect(introParts('pays [P2] once [P1].')).toEqual([
			{ text: 'pays ' },
			{ rule: 'P2' },
			{ text: ' once ' },
			{ rule: 'P1' },
			{ text: '.' }
		]);
	});

	it('has a worked example, a partly worked question and two or three practice questions', () => {
		for (const lesson of LESSONS) {
			expect(lesson.practice).toBeGreaterThanOrEqual(2);
			expect(lesson.practice).toBeLessThanOrEqual(3);
			expect(stepCount(lesson)).toBe(lesson.practice + 2);
		}
		const jokerless = lessonOf('jokerless');
		expect([0, 1, 2, 4].map((s) => stepName(jokerless, s))).toEqual([
			'Worked example',
			'Partly worked question',
			'Practice question 1 of 3',
			'Practice question 3 of 3'
		]);
	});
});

describe('the questions', () => {
	it.each(LESSON_SKILLS)('of %s exercise its skill and only skills taught so far', (skill) => {
		const allowed = allowedSkills(skill);
		for (const { scenario } of questionsOf(skill)) {
			const skills = skillsOf(scenario.outcome);
			expect(skills).toContain(skill);
			for (const s of skills) expect(allowed.has(s)).toBe(true);
			expect(scenario.skills).toEqual(skills);
		}
	});

	it('show the P8 trap in the jokerless lesson and the P4 trap in the joker-exchange lesson', () => {
		for (const [skill, rule] of [
			['jokerless', 'P8'],
			['joker-exchange', 'P4']
		] as const) {
			const step = trapStep(lessonOf(skill))!;
			expect(step).toBe(stepCount(lessonOf(skill)) - 1);
			for (let t = 0; t < 4; t++) expect(lessonQuestion(skill, step, t).trap?.rule).toBe(rule);
		}
		expect(lessonQuestion('jokerless', 4).outcome).toMatchObject({ kind: 'win', jokers: 0 });
		expect(lessonQuestion('joker-exchange', 4).outcome).toMatchObject({
			method: 'joker-exchange'
		});
		expect(trapStep(lessonOf('discard'))).toBeNull();
	});

	it('are the seeded generator’s, the same on every call', () => {
		for (const skill of LESSON_SKILLS) {
			for (const { step, scenario } of questionsOf(skill, 2)) {
				expect(scenario.seed).toBe(`lesson-${skill}`);
				expect((scenario.index - step) % STRIDE).toBe(0);
				expect(generateScenario(scenario.seed, scenario.index, [skill])).toEqual(scenario);
			}
		}
		expect(lessonQuestion('east', 2, 1)).toBe(lessonQuestion('east', 2, 1));
		expect(lessonQuestion('discard', 0).id).toBe('lesson-discard:0');
	});

	it('differ within a lesson, and a fresh try differs from the one before', () => {
		for (const skill of LESSON_SKILLS.filter((s) => s !== 'wall-game')) {
			const firsts = questionsOf(skill, 1).map((q) => outcomeKey(q.scenario.outcome));
			expect(new Set(firsts).size).toBe(firsts.length);
			for (let step = 0; step < stepCount(lessonOf(skill)); step++) {
				const tries = [0, 1, 2].map((t) => outcomeKey(lessonQuestion(skill, step, t).outcome));
				expect(tries[1]).not.toBe(tries[0]);
				expect(tries[2]).not.toBe(tries[1]);
			}
		}
		// A wall game has one outcome: its questions differ in their story.
		expect(lessonQuestion('wall-game', 2, 1).id).not.toBe(lessonQuestion('wall-game', 2, 0).id);
	});

	it('refuse a step outside the lesson', () => {
		expect(() => lessonQuestion('discard', 5)).toThrow(RangeError);
		expect(() => lessonQuestion('wall-game', 4)).toThrow(RangeError);
		expect(() => lessonQuestion('discard', 1, -1)).toThrow(RangeError);
	});
});

describe('a partly worked question', () => {
	it('gives one payer’s amount, never the total, and leaves the rest to the learner', () => {
		for (const skill of LESSON_SKILLS) {
			for (let t = 0; t < 4; t++) {
				const { outcome } = lessonQuestion(skill, 1, t);
				const given = givenKeys(outcome);
				const keys = answerFields(outcome).map((f) => f.key);
				expect(given).toHaveLength(1);
				expect(keys).toContain(given[0]);
				expect(given).not.toContain('total');
			}
		}
	});

	it('gives the discarder’s amount on a called discard, and spares East and dead hands', () => {
		const discard = lessonQuestion('discard', 1).outcome;
		expect(discard.kind === 'win' && givenKeys(discard)).toEqual([
			discard.kind === 'win' ? discard.discarder : null
		]);
		expect(
			givenKeys({
				kind: 'win',
				value: 25,
				winner: 'west',
				method: 'discard',
				discarder: 'east',
				jokers: 1,
				dead: ['south']
			})
		).toEqual(['north']);
		expect(
			givenKeys({ kind: 'misnamed-discard', value: 30, caller: 'north', misnamer: 'west' })
		).toEqual(['west']);
		expect(givenKeys({ kind: 'wall-game' })).toEqual(['south']);
	});
});
