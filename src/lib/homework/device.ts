/**
 * A student's homework on their phone (issue 20): who they are in it (the device token the
 * server gave at the join), their answers with the grade shown to them, and the outbox of answers
 * not yet sent. Kept in localStorage under `homework:CODE`, so the homework goes on offline once
 * opened and a reload keeps everything; the outbox is sent when the phone is back online.
 */
import type { Seat } from '$lib/payments';

/** An answer as kept on the phone and sent to the server (points; `answeredAt` in ms). */
export interface DeviceAnswer {
	question: number;
	pays: Partial<Record<Seat, number>>;
	total: number;
	answeredAt: number;
	correct: boolean;
}

/** The phone's record of one assignment. */
export interface DeviceHomework {
	studentId: string;
	name: string;
	token: string;
	answers: DeviceAnswer[];
	/** Question indexes answered but not yet kept by the server. */
	outbox: number[];
}

const key = (code: string) => `homework:${code}`;

/** The phone's record of assignment `code`, or null (not joined here, or unreadable). Never throws. */
export function loadDevice(code: string): DeviceHomework | null {
	try {
		const raw = JSON.parse(localStorage.getItem(key(code)) ?? 'null') as DeviceHomework | null;
		if (!raw || typeof raw.token !== 'string' || !Array.isArray(raw.answers)) return null;
		return { ...raw, outbox: Array.isArray(raw.outbox) ? raw.outbox : [] };
	} catch {
		return null;
	}
}

/** Saves the record; false when the browser would not keep it. Never throws. */
export function saveDevice(code: string, record: DeviceHomework): boolean {
	try {
		localStorage.setItem(key(code), JSON.stringify(record));
		return true;
	} catch {
		return false;
	}
}

/** The record with `answer` added (the first answer to a question counts) and queued to send. */
export function withAnswer(record: DeviceHomework, answer: DeviceAnswer): DeviceHomework {
	if (record.answers.some((a) => a.question === answer.question)) return record;
	return {
		...record,
		answers: [...record.answers, answer],
		outbox: [...record.outbox, answer.question]
	};
}

/**
 * Sends the outbox (`post` resolves with the server's `kept` list, rejects when offline or
 * refused) and returns the record without the questions the server now has: kept now, or
 * already kept before (an answer sent twice). Rejects as `post` does; the record is unchanged then.
 */
export async function flushDevice(
	record: DeviceHomework,
	post: (answers: Omit<DeviceAnswer, 'correct'>[]) => Promise<{ kept: number[] }>
): Promise<DeviceHomework> {
	if (record.outbox.length === 0) return record;
	const sending = record.answers
		.filter((a) => record.outbox.includes(a.question))
		.map(({ question, pays, total, answeredAt }) => ({ question, pays, total, answeredAt }));
	await post(sending);
	const sent = new Set(sending.map((a) => a.question));
	return { ...record, outbox: record.outbox.filter((q) => !sent.has(q)) };
}
