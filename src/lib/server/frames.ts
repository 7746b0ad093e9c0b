/**
 * The `state` frames of a class session's Server-Sent Events (issue 11): what one moment of a
 * session looks like to each audience, as the bytes a stream is written. Each frame is built once
 * per moment however many streams get it; the part every student sees alike is serialized and
 * encoded once and goes to every student as the same bytes, and only each student's own part is
 * built per student. The frame's `id:` is the session's last event sequence number.
 */
import type { ClassData, StudentSharedView } from '$lib/class/types';
import { studentOwnView, studentSharedView, studentView } from '$lib/class/student-view';
import { screenView, teacherView } from '$lib/class/views';

/** Who is listening to a session's events. */
export type Audience = { kind: 'teacher' } | { kind: 'screen' } | { kind: 'student'; id: string };

/**
 * The students' shared view of a session without its opening `{`, `seq` and `now`, encoded, for
 * the state it was built in (`key`): it changes with the phase, the question, the lock and the
 * deadline only, so a burst of answers reuses it. One per session; starts empty.
 */
export interface SharedCache {
	key: string;
	rest: Uint8Array;
}

/** An empty `SharedCache`. */
export const sharedCache = (): SharedCache => ({ key: '', rest: new Uint8Array() });

const encoder = new TextEncoder();

/** The frames of session `data` at time `now` (ms since the epoch), built as they are asked for. */
export class StateFrames {
	readonly #head: string;
	#teacher: string | null = null;
	#screen: string | null = null;
	#shared: Uint8Array | null = null;
	#rest: Uint8Array | null = null;

	constructor(
		private readonly data: ClassData,
		private readonly now: number,
		private readonly cache: SharedCache
	) {
		this.#head = `id: ${data.seq}\nevent: state\ndata: `;
	}

	/** The frame for `audience` (a `Uint8Array` may be shared between streams: never change it). */
	for(audience: Audience): string | Uint8Array {
		const { data, now } = this;
		if (audience.kind === 'teacher') {
			this.#teacher ??= `${this.#head}${JSON.stringify(teacherView(data, now))}\n\n`;
			return this.#teacher;
		}
		if (audience.kind === 'screen') {
			this.#screen ??= `${this.#head}${JSON.stringify(screenView(data, now))}\n\n`;
			return this.#screen;
		}
		const own = studentOwnView(data, audience.id);
		if (own.removed)
			return `${this.#head}${JSON.stringify(studentView(data, audience.id, now))}\n\n`;
		this.#rest ??= this.#sharedRest();
		this.#shared ??= encoder.encode(
			`${this.#head}{"audience":"student","shared":{"seq":${data.seq},"now":${now},`
		);
		return concat(this.#shared, this.#rest, `,"me":${JSON.stringify(own)}}\n\n`);
	}

	#sharedRest(): Uint8Array {
		const { data, now, cache } = this;
		const { phase, context } = data;
		const key = `${phase}|${context.index}|${context.locked}|${context.endReason}|${context.deadline}`;
		if (cache.key !== key) {
			const view: Partial<StudentSharedView> = studentSharedView(data, now);
			delete view.seq;
			delete view.now;
			cache.key = key;
			cache.rest = encoder.encode(JSON.stringify(view).slice(1));
		}
		return cache.rest;
	}
}

/** `head`, `rest` and `tail` as one buffer: one write, one chunk on the wire. */
function concat(head: Uint8Array, rest: Uint8Array, tail: string): Uint8Array {
	const out = Buffer.allocUnsafe(head.length + rest.length + Buffer.byteLength(tail));
	out.set(head, 0);
	out.set(rest, head.length);
	out.write(tail, head.length + rest.length);
	return out;
}
