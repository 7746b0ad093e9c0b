/**
 * Types of the class mode (issue 4): a session's settings, its stored answers and the three
 * per-audience views (teacher, projector screen, student). Every amount is in whole points (P13).
 * Views are plain JSON: they travel as Server-Sent Events and page data.
 */
import type { Skill } from '$lib/payments';
import type {
	AmountUnit,
	Answer,
	AnswerField,
	AnswerKey,
	Graded,
	MisconceptionId,
	Outcome,
	Settlement
} from '$lib/payments';
import type { Swaps } from '$lib/scenarios/swaps';
import type { Scenario, ScenarioTrap, Tile } from '$lib/scenarios/types';
import type { TeacherAction } from './decide';
import type { ClassState } from './evolve';
import type { ClassContext, ClassPhase } from './context';
import type { ClassReport, ReportQuestion } from './report-types';

/**
 * What the teacher chose at creation: the `skills` to draw questions from (empty = all), how
 * many questions (1..50), points or money, the scenario `seed`, an optional time limit per
 * question in seconds (10..600; null = none), and the questions swapped out in /class/new's
 * preview (`swaps`, see `roundWithSwaps`; absent in sessions made before it = none).
 */
export interface ClassConfig {
	skills: Skill[];
	questionCount: number;
	unit: AmountUnit;
	seed: string;
	limitSeconds: number | null;
	swaps?: Swaps;
}

/**
 * A student's answer to question `question` (its index), given at `at` (ms), with its `graded`
 * result: graded once, when it is taken (and again from the stored amounts after a restart), and
 * shown only after reveal. The amounts are points.
 */
export interface StoredAnswer {
	studentId: string;
	question: number;
	at: number;
	answer: Answer;
	graded: Graded;
}

/**
 * Everything the server knows of a session, as the pure view functions read it: the machine's
 * `state` (and its `phase` and `context`, kept beside it for the views), the questions
 * (scenarios), the last event id `seq`, and the answers by question index then student id.
 */
export interface ClassData {
	code: string;
	config: ClassConfig;
	createdAt: number;
	questions: Scenario[];
	seq: number;
	state: ClassState;
	phase: ClassPhase;
	context: ClassContext;
	answers: Map<number, Map<string, StoredAnswer>>;
}

/**
 * A question as asked: the outcome, the story, the rack (with the rules' trap it shows, if any)
 * and the answer fields. Never an amount.
 */
export interface QuestionView {
	index: number;
	outcome: Outcome;
	narrative: string;
	groups: Tile[][];
	trap?: ScenarioTrap;
	skills: Skill[];
	fields: AnswerField[];
}

/**
 * The answer key of a question: the engine's settlement (with its breakdown; its sentences show
 * amounts in the session's unit) and the right amounts.
 */
export interface RevealView {
	settlement: Settlement;
	expected: AnswerKey;
}

/** Key of an answer group: right answers, a catalog misconception, or `other` (a wrong answer showing none). */
export type GroupKey = 'right' | MisconceptionId | 'other';

/**
 * Answers sharing a diagnosis: `count` answers (an answer showing several misconceptions counts in
 * each), `share` of all answers (0..1). `names` only in the teacher's view.
 */
export interface AnswerGroup {
	key: GroupKey;
	title: string;
	count: number;
	share: number;
	names?: string[];
}

/** Answers to one question: how many answered, how many right, the share right (null if none answered), the groups. */
export interface AnswerSummary {
	answered: number;
	right: number;
	shareRight: number | null;
	groups: AnswerGroup[];
}

/**
 * What every audience sees of the session's progress. `now` is the server time (ms), for the
 * timer; `locked` is true while the teacher keeps new students from joining.
 */
export interface ProgressView {
	code: string;
	seq: number;
	now: number;
	phase: ClassPhase;
	index: number;
	questionCount: number;
	unit: AmountUnit;
	limitSeconds: number | null;
	deadline: number | null;
	endReason: 'teacher' | 'idle' | null;
	locked: boolean;
	/** The questions the teacher skipped (they count in no score). */
	skipped: number[];
	/** The questions asked again after the last: question `questionCount - again.length + i` repeats `again[i]`. */
	again: number[];
	/** The question the session ended on before its reveal: left out of every score (null if none). */
	unrevealed: number | null;
}

/**
 * The projector: progress, the student and answer counts, the question, and only after reveal the
 * answer key and the grouped answers (never a name); at the end the per-question report.
 */
export interface ScreenView extends ProgressView {
	audience: 'screen';
	students: number;
	answered: number;
	question: QuestionView | null;
	reveal: RevealView | null;
	summary: AnswerSummary | null;
	report: ReportQuestion[] | null;
}

/** A student as the teacher sees them. */
export interface RosterEntry {
	id: string;
	name: string;
	answered: boolean;
	right: number;
}

/** One answer to the current question as the teacher sees it. */
export interface TeacherAnswer {
	studentId: string;
	name: string;
	answer: Answer;
	correct: boolean;
	misconceptions: MisconceptionId[];
}

/**
 * The teacher's control view: everything, including the answer key before reveal, and
 * `actions`, the teacher's actions the server would accept now (from `decide`, in
 * `TEACHER_ACTIONS` order): the control bar shows exactly those. The students' names only while
 * `names` (the teacher chose Show names); else every name is ''. `removed`: the students removed
 * (to let back in).
 */
export interface TeacherView extends ProgressView {
	audience: 'teacher';
	actions: TeacherAction[];
	/** The questions `questions.again` would ask now (`mostMissed`: fewer than half right). */
	askAgain: number[];
	names: boolean;
	removed: RosterEntry[];
	config: ClassConfig;
	students: number;
	answered: number;
	question: QuestionView | null;
	reveal: RevealView | null;
	summary: AnswerSummary | null;
	roster: RosterEntry[];
	answers: TeacherAnswer[];
	report: ClassReport;
}

/** What every student sees alike: progress, the question, and the answer key only after reveal. */
export interface StudentSharedView extends ProgressView {
	question: QuestionView | null;
	reveal: RevealView | null;
}

/**
 * What only this student sees: their name, whether they were removed, their answer to the current
 * question (locked once given), their result once revealed, their score over the revealed
 * questions and the per-question history (null = no answer).
 */
export interface StudentOwnView {
	id: string;
	name: string;
	removed: boolean;
	answer: Answer | null;
	result: Graded | null;
	score: number;
	scored: number;
	history: { index: number; correct: boolean | null }[];
}

/** The student's page: the shared part and their own part. */
export interface StudentView {
	audience: 'student';
	shared: StudentSharedView;
	me: StudentOwnView;
}

/** Any of the three views. */
export type AnyView = TeacherView | ScreenView | StudentView;
