/**
 * The simulated classes of `npm run bench:class` (issues 4, 11, 19): students join, follow their
 * session by Server-Sent Events, answer each question at a random moment within 2 s of it
 * opening, and wait for the reveal; the teachers open, close and reveal (with many classes, each
 * class a little apart, as real classes are). Requests go round robin over the instances given
 * (as nginx sends them); each stream stays on the instance it opened on. The same traffic runs
 * against the floor: a bare `node:http` server that answers a POST at once and broadcasts a
 * message of the reveal's size to a class's streams.
 */
import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Signal, openStream, pool, request, sleep, stats, type Stats } from './bench-http.ts';

export { closeConnections } from './bench-http.ts';

/** How the students are spread: `classes` classes of `perClass` students. */
export interface Shape {
	classes: number;
	perClass: number;
}

/** What a run measured: answer round trips, reveal arrivals (each student; the last of each class), failures. */
export interface LoadResult {
	answer: Stats;
	reveal: Stats;
	revealEveryone: Stats;
	failures: number;
	joinMs: number;
	payloadBytes: number;
}

/** Questions played first and not measured, and questions measured. */
export interface Rounds {
	warmup: number;
	questions: number;
}

/** One class as the bench follows it: counts per question index, woken when they change. */
interface Room {
	code: string;
	auth: Record<string, string>;
	fields: string[];
	fieldsOf: number;
	signal: Signal;
	answered: Map<number, number>;
	closed: Map<number, number>;
	revealed: Map<number, number>;
}

const bump = (counts: Map<number, number>, q: number) => counts.set(q, (counts.get(q) ?? 0) + 1);

const PHASE = /"phase":"(\w+)","index":(-?\d+)/;

/** What the bench reads of a student's streamed view. */
interface StreamedView {
	shared: { question: { fields: { key: string }[] } | null };
}

/** Plays `rounds` questions with `shape`'s classes on the app instances at `urls`. */
export async function runClasses(
	urls: string[],
	shape: Shape,
	rounds: Rounds
): Promise<LoadResult> {
	let turn = 0;
	const next = () => urls[turn++ % urls.length]!;
	const total = rounds.warmup + rounds.questions;
	const rooms: Room[] = [];
	for (let c = 0; c < shape.classes; c++) {
		const created = await request(next(), 'POST', '/api/class', {
			questionCount: total,
			seed: `bench-${c}`
		});
		if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
		const { code, secret } = JSON.parse(created.body) as { code: string; secret: string };
		rooms.push({
			code,
			auth: { authorization: `Bearer ${secret}` },
			fields: [],
			fieldsOf: -1,
			signal: new Signal(),
			answered: new Map(),
			closed: new Map(),
			revealed: new Map()
		});
	}
	const count = shape.classes * shape.perClass;
	const cookies: string[] = [];
	const joinStart = performance.now();
	await pool(
		Array.from({ length: count }, (_, i) => i),
		64,
		async (i) => {
			const room = rooms[i % shape.classes]!;
			const res = await request(next(), 'POST', `/api/class/${room.code}/join`, {
				name: `Student ${i + 1}`
			});
			if (res.status !== 201) throw new Error(`join ${i}: ${res.status} ${res.body}`);
			cookies[i] = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
		}
	);
	const joinMs = performance.now() - joinStart;

	const answerMs: number[] = [];
	let failures = 0;
	let payloadBytes = 0;
	const submit = async (room: Room, cookie: string, index: number) => {
		await room.signal.wait(() => room.fieldsOf === index, 'the question');
		const pays: Record<string, number> = {};
		for (const key of room.fields) if (key !== 'total') pays[key] = 50;
		const t = performance.now();
		try {
			const body = { question: index, pays, total: 150 };
			const res = await request(next(), 'POST', `/api/class/${room.code}/answers`, body, {
				cookie
			});
			if (index >= rounds.warmup) answerMs.push(performance.now() - t);
			if (res.status !== 201) {
				failures += 1;
				if (process.env.BENCH_DEBUG)
					console.error('answer failed', res.status, res.body.slice(0, 200));
			}
		} catch (error) {
			failures += 1;
			if (process.env.BENCH_DEBUG) console.error('answer failed', error);
		}
		bump(room.answered, index);
		room.signal.wake();
	};

	const arrivals = new Map<string, number>();
	const streams: http.ClientRequest[] = [];
	let listening = 0;
	const all = new Signal();
	await pool(
		Array.from({ length: count }, (_, i) => i),
		64,
		async (i) => {
			const room = rooms[i % shape.classes]!;
			const seen = new Set<string>();
			const path = `/api/class/${room.code}/events?as=student`;
			streams.push(
				await openStream(next(), path, { cookie: cookies[i]! }, (data, at) => {
					const m = PHASE.exec(data.slice(0, 400));
					if (!m) return;
					const phase = m[1]!;
					const index = Number(m[2]);
					const key = `${phase}:${index}`;
					if (seen.has(key)) return;
					seen.add(key);
					if (phase === 'lobby') {
						listening += 1;
						all.wake();
					} else if (phase === 'open') {
						// The question's fields come with it, as on a student's phone (the first
						// student of the class to hear it reads them for the rest).
						if (room.fieldsOf !== index) {
							const view = JSON.parse(data) as StreamedView;
							room.fields = view.shared.question?.fields.map((f) => f.key) ?? [];
							room.fieldsOf = index;
						}
						setTimeout(() => void submit(room, cookies[i]!, index), Math.random() * 2000);
					} else if (phase === 'closed') {
						bump(room.closed, index);
					} else if (phase === 'revealed') {
						arrivals.set(`${i}:${index}`, at);
						payloadBytes = Math.max(payloadBytes, data.length);
						bump(room.revealed, index);
					}
					room.signal.wake();
				})
			);
		}
	);
	await all.wait(() => listening === count, 'every stream');

	const revealMs: number[] = [];
	const revealEveryone: number[] = [];
	const teach = async (c: number) => {
		const room = rooms[c]!;
		const act = async (type: string) => {
			const res = await request(
				next(),
				'POST',
				`/api/class/${room.code}/actions`,
				{ type },
				room.auth
			);
			if (res.status !== 200) throw new Error(`${type}: ${res.status} ${res.body}`);
			return JSON.parse(res.body) as { question: { fields: { key: string }[] } | null };
		};
		const students = Array.from({ length: shape.perClass }, (_, k) => c + k * shape.classes);
		for (let q = 0; q < total; q++) {
			if (shape.classes > 1) await sleep(Math.random() * 1000);
			const opened = await act(q === 0 ? 'question.open' : 'question.next');
			room.fields = opened.question?.fields.map((f) => f.key) ?? [];
			room.fieldsOf = q;
			room.signal.wake();
			await room.signal.wait(
				() => room.answered.get(q) === shape.perClass,
				`answers in ${room.code}`
			);
			await act('answers.close');
			await room.signal.wait(() => room.closed.get(q) === shape.perClass, 'closed');
			const t0 = performance.now();
			await act('question.reveal');
			await room.signal.wait(() => room.revealed.get(q) === shape.perClass, 'the reveal');
			if (q < rounds.warmup) continue;
			const times = students.map((i) => arrivals.get(`${i}:${q}`)! - t0);
			revealMs.push(...times);
			revealEveryone.push(Math.max(...times));
		}
		await act('session.end');
	};
	await Promise.all(rooms.map((_, c) => teach(c)));
	for (const s of streams) s.destroy();
	return {
		answer: stats(answerMs),
		reveal: stats(revealMs),
		revealEveryone: stats(revealEveryone),
		failures,
		joinMs,
		payloadBytes
	};
}

/** The same traffic against the floor at `url`: POSTs answered at once, a class's reveal one broadcast. */
export async function runFloor(
	url: string,
	shape: Shape,
	rounds: Rounds,
	payloadBytes: number
): Promise<LoadResult> {
	const count = shape.classes * shape.perClass;
	const arrivals: number[][] = Array.from({ length: count }, () => []);
	const signals = Array.from({ length: shape.classes }, () => new Signal());
	const got = Array.from({ length: shape.classes }, () => new Map<number, number>());
	const streams: http.ClientRequest[] = [];
	await pool(
		Array.from({ length: count }, (_, i) => i),
		64,
		async (i) => {
			const c = i % shape.classes;
			const onData = (_d: string, at: number) => {
				bump(got[c]!, arrivals[i]!.push(at) - 1);
				signals[c]!.wake();
			};
			streams.push(await openStream(url, `/events?c=${c}`, {}, onData));
		}
	);
	const payload = { pad: 'x'.repeat(Math.max(0, payloadBytes - 10)) };
	const answerMs: number[] = [];
	const revealMs: number[] = [];
	const revealEveryone: number[] = [];
	const play = async (c: number) => {
		const mine = Array.from({ length: shape.perClass }, (_, k) => c + k * shape.classes);
		for (let q = 0; q < rounds.warmup + rounds.questions; q++) {
			if (shape.classes > 1) await sleep(Math.random() * 1000);
			const measured = q >= rounds.warmup;
			await Promise.all(
				mine.map(async () => {
					await sleep(Math.random() * 2000);
					const t = performance.now();
					const body = { question: q, pays: { south: 50, west: 50, north: 50 }, total: 150 };
					await request(url, 'POST', '/answer', body);
					if (measured) answerMs.push(performance.now() - t);
				})
			);
			const t0 = performance.now();
			await request(url, 'POST', `/broadcast?c=${c}`, payload);
			await signals[c]!.wait(() => got[c]!.get(q) === shape.perClass, 'floor broadcast');
			if (!measured) continue;
			const times = mine.map((i) => arrivals[i]![q]! - t0);
			revealMs.push(...times);
			revealEveryone.push(Math.max(...times));
		}
	};
	await Promise.all(Array.from({ length: shape.classes }, (_, c) => play(c)));
	for (const s of streams) s.destroy();
	return {
		answer: stats(answerMs),
		reveal: stats(revealMs),
		revealEveryone: stats(revealEveryone),
		failures: 0,
		joinMs: 0,
		payloadBytes
	};
}
