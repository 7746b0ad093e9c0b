/**
 * What the class sessions' repository keeps and gives (issue 19): a session's row, its events
 * with the facts the machine does not keep, an event to append, an answer as the `answers` table
 * keeps it, and the bus topic a session's appends are announced on (`./class-repo`).
 */
import type { Answer, Graded } from '$lib/payments';
import type { Scenario } from '$lib/scenarios/types';
import type { ClassEvent, ClassPhase } from '$lib/class/machine';
import type { ClassConfig } from '$lib/class/types';

/** A stored session row, parsed. */
export interface SessionRow {
	code: string;
	teacherHash: string;
	config: ClassConfig;
	questions: Scenario[];
	createdAt: number;
	updatedAt: number;
	phase: ClassPhase;
	seq: number;
}

/**
 * What came with an event and the machine does not keep: a join's token hash (SHA-256, hex),
 * an answer's amounts (points). Null facts: an event stored before issue 19.
 */
export interface EventFacts {
	tokenHash?: string;
	answer?: Answer;
}

/** A stored event: its sequence number, the machine event, and its facts. */
export interface ClassRecord {
	seq: number;
	event: ClassEvent;
	facts: EventFacts | null;
}

/** An event to append, with its facts and (an answer) its grade for the `answers` table. */
export interface NewRecord {
	event: ClassEvent;
	facts: EventFacts;
	graded?: Graded;
}

/** An answer as the `answers` table keeps it (files from before issue 19 hold amounts only there). */
export interface KeptAnswer {
	studentId: string;
	question: number;
	answer: Answer;
	at: number;
}

/** The bus topic of a session's events. */
export const sessionTopic = (code: string): string => `class:${code}`;

/** The session code of a bus topic, or null for another feature's topic. */
export const topicSession = (topic: string): string | null =>
	topic.startsWith('class:') ? topic.slice(6) : null;
