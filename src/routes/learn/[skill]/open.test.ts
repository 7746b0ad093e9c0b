import { describe, expect, it } from 'vitest';
import { questionAt, knownWorked } from '$lib/lessons/known';
import { lessonQuestion } from '$lib/lessons/questions';
import { LESSON_SKILLS, type LessonSkill } from '$lib/lessons/order';
import { stepCount } from '$lib/lessons/steps';
import { GET } from '../../api/lesson/[skill]/+server';
import { openHere } from './draw';
import { keepOpened, openLesson } from './open';

/** The server's endpoint as a fetch: what the page gets online. */
const server: typeof fetch = async (input) => {
	const skill = String(input).split('/').at(-1)!;
	return GET({ params: { skill } } as never);
};

describe('a lesson, opened by the server or here', () => {
	it('gives the same lesson online (through JSON) as drawn here offline', async () => {
		for (const skill of LESSON_SKILLS) {
			const here = await openHere(skill);
			expect(await openLesson(skill, server)).toEqual(JSON.parse(JSON.stringify(here)));
			const offline = await openLesson(skill, async () => {
				throw new TypeError('Failed to fetch');
			});
			expect(offline).toEqual(here);
		}
	});

	it("brings each step's first question and the worked example of the first", async () => {
		const opened = await openHere('jokerless');
		expect(opened.questions).toHaveLength(stepCount(opened.lesson));
		opened.questions.forEach((q, step) => expect(q).toEqual(lessonQuestion('jokerless', step)));
		expect(opened.worked.scenario).toEqual(opened.questions[0]);
		expect(opened.intro.some((p) => 'rule' in p && p.rule === 'P5')).toBe(true);
		expect(opened.glossary[opened.questions[1]!.narrative]?.some((p) => p.term)).toBe(true);
		keepOpened(opened);
		expect(questionAt('jokerless', 2, 0)).toBe(opened.questions[2]);
		expect(knownWorked(opened.questions[0]!)).toBe(opened.worked);
	});

	it('answers 404 for a lesson that does not exist', async () => {
		const response = await GET({ params: { skill: 'no-such' as LessonSkill } } as never);
		expect(response.status).toBe(404);
	});
});
