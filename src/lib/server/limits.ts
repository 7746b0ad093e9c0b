/**
 * Per-client limits of the class mode (issue 11; issue 19: across instances): token buckets per
 * key (joins, new sessions, code look-ups and projector views by address; issue 20: homework's
 * answer sends by address, its joins and new assignments in buckets of their own keyed
 * `homework:ADDRESS`) and a cap on the event
 * streams open at once per key (per student, per session for the teacher, per address for the
 * projector). In memory for the embedded store (one instance); in the store for PostgreSQL, so
 * every instance counts the same: a bucket is one row taken in one atomic upsert, and an open
 * stream is a lease row that its instance renews while the stream is open (a killed instance's
 * leases run out after `LEASE_MS`).
 */
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { RateLimiter, type RateDecision } from './rate-limit';
import { ConflictError, type Store } from './store';

/** A token-bucket limit: a burst of `capacity`, refilled at `perSecond`. */
export interface Limit {
	capacity: number;
	perSecond: number;
}

/** Takes one token for a key: ok, or the whole seconds to wait. */
export interface RateLimit {
	take(key: string): Promise<RateDecision>;
}

/** Opens a stream for a key: the function that closes it (safe to call twice), or null when full. */
export interface StreamCap {
	take(key: string): Promise<(() => void) | null>;
}

/** Every limit of the class mode. */
export interface ClassLimits {
	joins: RateLimit;
	creations: RateLimit;
	lookups: RateLimit;
	/** Homework answer sends (issue 20). */
	answers: RateLimit;
	streams: StreamCap;
	/** Stops the lease renewal and lets go of this instance's leases. */
	close(): Promise<void>;
}

/** The settings of every limit: the buckets, and the streams open at once per key. */
export interface LimitSettings {
	joins: Limit;
	creations: Limit;
	lookups: Limit;
	answers: Limit;
	streams: number;
}

/** How long a stream lease lasts without renewal, and how often an instance renews its own (ms). */
export const LEASE_MS = 60_000;
const RENEW_MS = 20_000;

/** The limits of the embedded store: in this process's memory. */
export function memoryLimits(limits: LimitSettings, now: () => number): ClassLimits {
	const bucket = (l: Limit): RateLimit => {
		const limiter = new RateLimiter({ ...l, now });
		return { take: (key) => Promise.resolve(limiter.take(key)) };
	};
	const open = new Map<string, number>();
	return {
		joins: bucket(limits.joins),
		creations: bucket(limits.creations),
		lookups: bucket(limits.lookups),
		answers: bucket(limits.answers),
		streams: {
			take(key) {
				const n = open.get(key) ?? 0;
				if (n >= limits.streams) return Promise.resolve(null);
				open.set(key, n + 1);
				return Promise.resolve(
					once(() => {
						const left = (open.get(key) ?? 1) - 1;
						if (left <= 0) open.delete(key);
						else open.set(key, left);
					})
				);
			}
		},
		close: () => Promise.resolve()
	};
}

/** The limits every instance on `store` shares. `instance`: this instance's id for its leases. */
export function storeLimits(
	store: Store,
	limits: LimitSettings,
	now: () => number,
	instance = randomBytes(8).toString('hex')
): ClassLimits {
	let ticks = 0;
	const renew = setInterval(() => {
		const db = store.db;
		const t = now();
		const writes = [
			db
				.updateTable('stream_leases')
				.set({ expires_at: t + LEASE_MS })
				.where('instance', '=', instance)
				.compile()
		];
		if (++ticks % 15 === 0) {
			// Every 5 minutes: forget what has run out (a bucket unused for an hour is full again).
			writes.push(
				db.deleteFrom('stream_leases').where('expires_at', '<', t).compile(),
				db
					.deleteFrom('stream_keys')
					.where('key', 'not in', db.selectFrom('stream_leases').select('key'))
					.compile(),
				db
					.deleteFrom('rate_buckets')
					.where('at', '<', t - 3_600_000)
					.compile()
			);
		}
		store
			.write(writes.map((query) => ({ query })))
			.catch((e: unknown) => console.error('[class] lease renewal', e));
	}, RENEW_MS);
	renew.unref?.();
	return {
		joins: storeBucket(store, 'join', limits.joins, now),
		creations: storeBucket(store, 'create', limits.creations, now),
		lookups: storeBucket(store, 'lookup', limits.lookups, now),
		answers: storeBucket(store, 'answer', limits.answers, now),
		streams: { take: (key) => takeLease(store, key, limits.streams, instance, now) },
		async close() {
			clearInterval(renew);
			const query = store.db.deleteFrom('stream_leases').where('instance', '=', instance).compile();
			await store.write([{ query }]).catch(() => undefined);
		}
	};
}

function storeBucket(store: Store, name: string, limit: Limit, now: () => number): RateLimit {
	const { capacity, perSecond } = limit;
	return {
		async take(rawKey) {
			const key = `${name}:${rawKey}`;
			const t = now();
			const refilled = sql<number>`(rate_buckets.tokens + (cast(${t} as bigint) - rate_buckets.at) * cast(${perSecond / 1000} as double precision))`;
			const capped = sql<number>`(case when ${refilled} > ${capacity} then cast(${capacity} as double precision) else ${refilled} end)`;
			const query = store.db
				.insertInto('rate_buckets')
				.values({ key, tokens: capacity - 1, at: t })
				.onConflict((oc) =>
					oc
						.column('key')
						.doUpdateSet({ tokens: sql`${capped} - 1`, at: t })
						.where(capped, '>=', 1)
				)
				.returning('tokens')
				.compile();
			const [taken] = await store.write([{ query }]);
			if (taken && taken.rows.length > 0) return { ok: true };
			const row = await store.db
				.selectFrom('rate_buckets')
				.select(['tokens', 'at'])
				.where('key', '=', key)
				.executeTakeFirst();
			const tokens = row
				? Math.min(capacity, row.tokens + ((t - Number(row.at)) / 1000) * perSecond)
				: 0;
			return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
		}
	};
}

async function takeLease(
	store: Store,
	key: string,
	max: number,
	instance: string,
	now: () => number
): Promise<(() => void) | null> {
	const db = store.db;
	const id = randomBytes(9).toString('base64url');
	const t = now();
	const open = db
		.selectFrom('stream_leases')
		.select(sql<number>`count(*)`.as('n'))
		.where('key', '=', key);
	const insert = db
		.insertInto('stream_leases')
		.columns(['key', 'id', 'instance', 'expires_at'])
		.expression(
			db
				.selectNoFrom([
					sql<string>`cast(${key} as text)`.as('key'),
					sql<string>`cast(${id} as text)`.as('id'),
					sql<string>`cast(${instance} as text)`.as('instance'),
					sql<number>`cast(${t + LEASE_MS} as bigint)`.as('expires_at')
				])
				.where(open, '<', max)
		);
	try {
		await store.write([
			// Taking the key's row puts the opens of one key in a line (PostgreSQL locks it).
			{
				query: db
					.insertInto('stream_keys')
					.values({ key })
					.onConflict((oc) => oc.column('key').doUpdateSet({ key }))
					.compile()
			},
			{
				query: db
					.deleteFrom('stream_leases')
					.where('key', '=', key)
					.where('expires_at', '<', t)
					.compile()
			},
			{ query: insert.compile(), expectRows: 1, conflict: 'full' }
		]);
	} catch (error) {
		if (error instanceof ConflictError && error.conflict === 'full') return null;
		throw error;
	}
	return once(() => {
		const query = db
			.deleteFrom('stream_leases')
			.where('key', '=', key)
			.where('id', '=', id)
			.compile();
		store.write([{ query }]).catch((e: unknown) => console.error('[class] lease release', e));
	});
}

function once(fn: () => void): () => void {
	let done = false;
	return () => {
		if (done) return;
		done = true;
		fn();
	};
}
