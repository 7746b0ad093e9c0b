/**
 * A change everyone hears, in a class bigger than one slice of the stream hub (issue 19): every
 * stream gets it, the teacher first, over several turns of the event loop (answers and other
 * classes are served between), each stream's event ids never go back, and the teacher's command
 * is answered once every stream has it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rightAnswer } from '$lib/class/fixtures';
import type { StudentView, TeacherView } from '$lib/class/types';
import { CaptureSink, testService, type TestService } from './testing';

const STUDENTS = 150;

let t: TestService;

beforeEach(() => {
	t = testService({ joinLimit: { capacity: 10_000, perSecond: 10_000 }, streamsPerClient: 10_000 });
});
afterEach(() => t.cleanup());

/** A sink that also notes the order in which streams first heard a phase. */
class OrderedSink extends CaptureSink {
	constructor(
		private readonly heard: string[],
		private readonly name: string,
		private readonly onWrite: (name: string) => void = () => undefined
	) {
		super();
	}

	override write(...chunks: (string | Uint8Array)[]): void {
		super.write(...chunks);
		this.heard.push(this.name);
		this.onWrite(this.name);
	}

	ids(): number[] {
		return this.messages().map((m) => Number(m.id));
	}
}

async function bigClass() {
	const { code, secret } = await t.service.create({
		skills: ['discard'],
		questionCount: 2,
		unit: 'points',
		seed: 'broadcast',
		limitSeconds: null
	});
	const students = [];
	for (let i = 0; i < STUDENTS; i++) {
		students.push(await t.service.join(code, `Student ${i + 1}`, 'school'));
	}
	return { code, secret, students };
}

describe('a broadcast to a class bigger than one slice', () => {
	it('reaches every stream over several turns, the teacher first, and answers the teacher after', async () => {
		const { code, secret, students } = await bigClass();
		const heard: string[] = [];
		let armed = false;
		let yielded = false;
		let yieldedBeforeLast: boolean | null = null;
		const onWrite = (name: string) => {
			if (!armed) return;
			if (name === 'student 0') setImmediate(() => (yielded = true));
			if (name === `student ${STUDENTS - 1}`) yieldedBeforeLast = yielded;
		};
		const sinks = students.map((s, i) => new OrderedSink(heard, `student ${i}`, onWrite));
		for (const [i, s] of students.entries()) {
			const follower = await t.service.follow(code, {
				as: 'student',
				secret: null,
				token: s.token,
				address: 'school',
				lastEventId: null
			});
			follower.attach(sinks[i]!);
		}
		// The teacher follows last, and still hears first.
		const teacher = new OrderedSink(heard, 'teacher');
		const follow = { as: 'teacher', secret, token: null, address: 'x', lastEventId: null } as const;
		(await t.service.follow(code, follow)).attach(teacher);
		heard.length = 0;
		armed = true;
		const view = await t.service.act(code, secret, 'question.open');
		// Answered only once every stream was written the open question.
		expect(heard).toHaveLength(STUDENTS + 1);
		expect(heard[0]).toBe('teacher');
		expect(yieldedBeforeLast).toBe(true);
		for (const sink of sinks) {
			const last = sink.last<StudentView>();
			expect({ phase: last.shared.phase, seq: last.shared.seq }).toEqual({
				phase: 'open',
				seq: view.seq
			});
		}
		expect(teacher.last<TeacherView>().phase).toBe('open');
	});

	it('never sends a stream an older state than it already had, while the class answers', async () => {
		const { code, secret, students } = await bigClass();
		const heard: string[] = [];
		const answered: Promise<unknown>[] = [];
		// The last students answer as soon as the first one hears the open question: while it
		// is still being written to the rest of the class.
		const onWrite = (name: string) => {
			if (name !== 'student 0' || answered.length > 0) return;
			const data = sinks[0]!.messages().at(-1)?.data;
			const view = data ? (JSON.parse(data) as StudentView) : null;
			if (view?.shared.phase !== 'open') return;
			const answer = {
				question: 0,
				...rightAnswer({ outcome: view.shared.question!.outcome } as never)
			};
			for (const s of students.slice(-40)) answered.push(t.service.submit(code, s.token, answer));
		};
		const sinks = students.map((_, i) => new OrderedSink(heard, `student ${i}`, onWrite));
		for (const [i, s] of students.entries()) {
			const follower = await t.service.follow(code, {
				as: 'student',
				secret: null,
				token: s.token,
				address: 'school',
				lastEventId: null
			});
			follower.attach(sinks[i]!);
		}
		await t.service.act(code, secret, 'question.open');
		expect(answered).toHaveLength(40);
		await Promise.all(answered);
		const closed = await t.service.act(code, secret, 'answers.close');
		for (const sink of sinks) {
			const ids = sink.ids();
			expect(ids).toEqual([...ids].sort((a, b) => a - b));
			expect(ids.at(-1)).toBe(closed.seq);
		}
		for (const sink of sinks.slice(-40)) {
			expect(
				sink.messages().some((m) => (JSON.parse(m.data) as StudentView).me.answer !== null)
			).toBe(true);
		}
	});
});
