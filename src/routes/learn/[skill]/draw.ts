/**
 * A lesson drawn here (`openHere`): by the server for `GET /api/lesson/<skill>`, and by the page
 * itself when the server cannot answer (offline). Loaded only then, with the generator, the engine
 * and the glossary it uses.
 */
import type { LessonSkill } from '$lib/lessons/order';
import type { IntroPiece, OpenedLesson } from './open';

/** Draws the lesson of `skill` here (pure: the same lesson wherever it is drawn). */
export async function openHere(skill: LessonSkill): Promise<OpenedLesson> {
	const [{ lessonOf }, { lessonQuestion }, { workedExample }, { glossaryPieces }, { stepCount }] =
		await Promise.all([
			import('$lib/lessons/lessons'),
			import('$lib/lessons/questions'),
			import('$lib/progress/worked'),
			import('$lib/glossary/terms'),
			import('$lib/lessons/steps')
		]);
	const lesson = lessonOf(skill);
	const seen = new Set<string>();
	const intro = lesson.intro.map((part): IntroPiece =>
		'rule' in part ? part : { text: part.text, pieces: glossaryPieces(part.text, seen) }
	);
	const questions = Array.from({ length: stepCount(lesson) }, (_, s) => lessonQuestion(skill, s));
	const glossary = Object.fromEntries(
		questions.map((q) => [q.narrative, glossaryPieces(q.narrative)])
	);
	return { lesson, intro, questions, worked: workedExample(questions[0]!, 'points'), glossary };
}
