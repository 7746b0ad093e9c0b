/**
 * A model-based test of the class service (issue 11, fast-check `fc.commands`; issue 19: on both
 * stores; issue 20: pacing): random runs of joins, answers (right or wrong), close, reveal, next,
 * remove, let back in, lock, unlock, add time, reopen, skip, ask again, end and restart go to the
 * real service (its store included) and to a tiny model of the rules; after every command both
 * agree on whether it was accepted (and, refused, on the code) and on the phase, question, number
 * of questions, roster, the answered count and the lock, also after a restart.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { rightAnswer } from '$lib/class/fixtures';
import { nameKey } from '$lib/class/rules';
import type { ClassPhase } from '$lib/class/machine';
import { ClassError } from './errors';
import { STORE_KINDS, testService, type TestService } from './testing';

interface Model {
	phase: ClassPhase;
	index: number;
	questionCount: number;
	locked: boolean;
	/** Joined students in order: their name key and removal. */
	students: { key: string; removed: boolean }[];
	answered: Set<number>;
	/** Per question asked: the question it repeats (itself unless asked again) and who answered, right or not. */
	asked: { source: number; answers: Map<number, boolean> }[];
	skipped: Set<number>;
}

/** How many questions "ask again" takes: the distinct sources of those fewer than half got right (at most 5). */
function missed(m: Model): number {
	const sources = new Set<number>();
	for (const [q, { source, answers }] of m.asked.entries()) {
		if (m.skipped.has(q)) continue;
		const active = [...answers].filter(([i]) => !m.students[i]!.removed);
		const right = active.filter(([, ok]) => ok).length;
		if (active.length > 0 && right / active.length < 0.5) sources.add(source);
	}
	return Math.min(5, sources.size);
}

/** Opens the next question in the model. */
function openNext(m: Model) {
	m.index += 1;
	m.answered = new Set();
	m.phase = 'open';
	if (!m.asked[m.index]) m.asked[m.index] = { source: m.index, answers: new Map() };
}

interface Real {
	t: TestService;
	code: string;
	secret: string;
	/** Tokens of the joined students, in joining order (the model's indexes). */
	tokens: string[];
	ids: string[];
}

/** Runs `fn` on the real service: null when accepted, else the refusal's code. */
async function attempt(fn: () => unknown): Promise<string | null> {
	try {
		await fn();
		return null;
	} catch (error) {
		if (error instanceof ClassError) return error.code;
		throw error;
	}
}

async function agree(m: Model, r: Real): Promise<void> {
	const view = await r.t.service.teacherView(r.code, r.secret);
	expect(view.phase).toBe(m.phase);
	expect(view.index).toBe(m.index);
	expect(view.locked).toBe(m.locked);
	expect(view.questionCount).toBe(m.questionCount);
	const active = m.students.filter((s) => !s.removed).length;
	expect(view.students).toBe(active);
	if (m.phase !== 'lobby' && m.phase !== 'ended') {
		const answered = [...m.answered].filter((i) => !m.students[i]!.removed).length;
		expect(view.answered).toBe(answered);
	}
}

/** A command: what the model says (null = accepted, else the refusal code) and what it changes. */
abstract class ClassCmd implements fc.AsyncCommand<Model, Real> {
	check: (m: Readonly<Model>) => boolean = () => true;
	abstract expected(m: Model): string | null;
	abstract apply(m: Model): void;
	abstract perform(r: Real): Promise<void>;
	async run(m: Model, r: Real): Promise<void> {
		const want = this.expected(m);
		const got = await attempt(() => this.perform(r));
		expect(got, this.toString()).toBe(want);
		if (want === null) this.apply(m);
		await agree(m, r);
	}
	abstract toString(): string;
}

const ended = (m: Model) => m.phase === 'ended';

class Join extends ClassCmd {
	constructor(readonly name: string) {
		super();
	}
	expected(m: Model) {
		if (ended(m)) return 'session-ended';
		if (m.locked) return 'session-locked';
		const key = nameKey(this.name);
		return m.students.some((s) => !s.removed && s.key === key) ? 'name-taken' : null;
	}
	apply(m: Model) {
		m.students.push({ key: nameKey(this.name), removed: false });
	}
	async perform(r: Real) {
		const joined = await r.t.service.join(r.code, this.name, '10.0.0.1');
		r.tokens.push(joined.token);
		r.ids.push(joined.studentId);
	}
	toString = () => `join(${this.name})`;
}

class Answer extends ClassCmd {
	constructor(
		readonly k: number,
		readonly right = true
	) {
		super();
	}
	private who(m: Model) {
		return m.students.length === 0 ? -1 : this.k % m.students.length;
	}
	check = (m: Readonly<Model>) => m.students.length > 0;
	expected(m: Model) {
		const i = this.who(m);
		if (m.students[i]!.removed) return 'removed';
		if (ended(m)) return 'session-ended';
		if (m.phase !== 'open') return 'answers-closed';
		return m.answered.has(i) ? 'already-answered' : null;
	}
	apply(m: Model) {
		m.answered.add(this.who(m));
		m.asked[m.index]!.answers.set(this.who(m), this.right);
	}
	async perform(r: Real) {
		const i = this.k % r.tokens.length;
		const view = await r.t.service.teacherView(r.code, r.secret);
		const outcome = view.question?.outcome ?? { kind: 'wall-game' };
		const given = rightAnswer({ outcome } as never);
		if (!this.right) given.total = (given.total ?? 0) + 10;
		await r.t.service.submit(r.code, r.tokens[i], { question: Math.max(0, view.index), ...given });
	}
	toString = () => `answer(${this.k}, ${this.right ? 'right' : 'wrong'})`;
}

class Remove extends ClassCmd {
	constructor(readonly k: number) {
		super();
	}
	check = (m: Readonly<Model>) => m.students.length > 0;
	expected(m: Model) {
		if (ended(m)) return 'session-ended';
		return m.students[this.k % m.students.length]!.removed ? 'student-not-found' : null;
	}
	apply(m: Model) {
		m.students[this.k % m.students.length]!.removed = true;
	}
	async perform(r: Real) {
		await r.t.service.removeStudent(r.code, r.secret, r.ids[this.k % r.ids.length]!);
	}
	toString = () => `remove(${this.k})`;
}

class Readmit extends ClassCmd {
	constructor(readonly k: number) {
		super();
	}
	check = (m: Readonly<Model>) => m.students.length > 0;
	expected(m: Model) {
		if (ended(m)) return 'session-ended';
		const student = m.students[this.k % m.students.length]!;
		if (!student.removed) return 'student-not-found';
		const taken = m.students.some((s) => !s.removed && s.key === student.key);
		return taken ? 'name-taken' : null;
	}
	apply(m: Model) {
		m.students[this.k % m.students.length]!.removed = false;
	}
	async perform(r: Real) {
		await r.t.service.readmitStudent(r.code, r.secret, r.ids[this.k % r.ids.length]!);
	}
	toString = () => `readmit(${this.k})`;
}

type Action =
	| 'question.extend'
	| 'question.reopen'
	| 'question.skip'
	| 'questions.again'
	| 'question.open'
	| 'answers.close'
	| 'question.reveal'
	| 'question.next'
	| 'session.lock'
	| 'session.unlock'
	| 'session.end';

class Teacher extends ClassCmd {
	constructor(readonly action: Action) {
		super();
	}
	expected(m: Model): string | null {
		if (ended(m)) return 'session-ended';
		switch (this.action) {
			case 'question.open':
				return m.phase === 'lobby' ? null : 'invalid-transition';
			case 'answers.close':
				return m.phase === 'open' ? null : 'invalid-transition';
			case 'question.reveal':
				return m.phase === 'closed' ? null : 'invalid-transition';
			case 'question.next':
				if (m.phase !== 'revealed') return 'invalid-transition';
				return m.index + 1 < m.questionCount ? null : 'no-more-questions';
			case 'session.lock':
				return m.locked ? 'invalid-transition' : null;
			case 'session.unlock':
				return m.locked ? null : 'invalid-transition';
			case 'session.end':
				return null;
			case 'question.extend':
				return m.phase === 'open' ? null : 'invalid-transition';
			case 'question.reopen':
				return m.phase === 'closed' ? null : 'invalid-transition';
			case 'question.skip':
				if (m.phase !== 'open' && m.phase !== 'closed') return 'invalid-transition';
				return m.index + 1 < m.questionCount ? null : 'no-more-questions';
			case 'questions.again':
				if (m.phase !== 'revealed') return 'invalid-transition';
				if (m.index + 1 < m.questionCount) return 'not-last-question';
				return missed(m) > 0 ? null : 'nothing-to-ask-again';
		}
	}
	apply(m: Model) {
		if (this.action === 'question.reopen') {
			m.phase = 'open';
			return;
		}
		if (this.action === 'question.skip') {
			m.skipped.add(m.index);
			openNext(m);
			return;
		}
		if (this.action === 'questions.again') {
			const sources: number[] = [];
			const rows = m.asked
				.map(({ source, answers }, q) => {
					const active = [...answers].filter(([i]) => !m.students[i]!.removed);
					const right = active.filter(([, ok]) => ok).length;
					return { q, source, share: active.length ? right / active.length : null };
				})
				.filter((row) => !m.skipped.has(row.q) && row.share !== null && row.share < 0.5)
				.sort((a, b) => a.share! - b.share! || a.q - b.q);
			const chosen: number[] = [];
			for (const row of rows) {
				if (sources.includes(row.source) || chosen.length >= 5) continue;
				sources.push(row.source);
				chosen.push(row.q);
			}
			chosen.sort((a, b) => a - b);
			m.questionCount += chosen.length;
			for (const q of chosen) {
				m.asked.push({ source: m.asked[q]!.source, answers: new Map() });
			}
			openNext(m);
			return;
		}
		if (this.action === 'question.extend') return;
		const phases: Partial<Record<Action, ClassPhase>> = {
			'question.open': 'open',
			'question.next': 'open',
			'answers.close': 'closed',
			'question.reveal': 'revealed',
			'session.end': 'ended'
		};
		if (this.action === 'question.open' || this.action === 'question.next') openNext(m);
		if (this.action === 'session.lock' || this.action === 'session.unlock') {
			m.locked = this.action === 'session.lock';
		}
		m.phase = phases[this.action] ?? m.phase;
	}
	async perform(r: Real) {
		await r.t.service.act(r.code, r.secret, this.action);
	}
	toString = () => this.action;
}

class Restart extends ClassCmd {
	expected = () => null;
	apply() {}
	async perform(r: Real) {
		await r.t.restart();
	}
	toString = () => 'restart';
}

const commands = [
	fc.constantFrom('Ann', 'ann', 'Ben', '👩‍🏫', 'Cy').map((n) => new Join(n)),
	fc.tuple(fc.nat(5), fc.boolean()).map(([k, right]) => new Answer(k, right)),
	fc.nat(5).map((k) => new Remove(k)),
	fc.nat(5).map((k) => new Readmit(k)),
	fc
		.constantFrom<Action>(
			'question.extend',
			'question.reopen',
			'question.skip',
			'questions.again',
			'question.open',
			'answers.close',
			'question.reveal',
			'question.next',
			'session.lock',
			'session.unlock'
		)
		.map((a) => new Teacher(a)),
	fc.constant(new Teacher('session.end')),
	fc.constant(new Restart())
];

let open: TestService | null = null;
afterEach(async () => {
	await open?.cleanup();
	open = null;
});

describe.each(STORE_KINDS)('the class service on %s against a model of the rules', (kind) => {
	it('agrees on every command of random runs, across restarts', async () => {
		await fc.assert(
			fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (cmds) => {
				await open?.cleanup();
				const t = (open = testService({}, kind));
				const { code, secret } = await t.service.create({
					skills: ['discard'],
					questionCount: 2,
					unit: 'points',
					seed: 'model',
					limitSeconds: 600
				});
				const model: Model = {
					phase: 'lobby',
					index: -1,
					questionCount: 2,
					locked: false,
					students: [],
					answered: new Set(),
					asked: [],
					skipped: new Set()
				};
				await fc.asyncModelRun(
					() => ({ model, real: { t, code, secret, tokens: [], ids: [] } }),
					cmds
				);
			}),
			{ numRuns: 30 }
		);
	}, 120_000);
});
