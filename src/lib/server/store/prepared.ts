/**
 * Queries compiled once and bound many times (issue 19). Kysely builds and compiles a query on
 * every call (tens of µs; an answer's append needs three): `prepared` compiles the builder once
 * per shape with a placeholder for each named value, remembers where each one went, and then
 * only puts the values in place. Still one query text for both databases: Kysely compiles it.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** The placeholder of value `name`: pass it to the builder where the value goes. */
export type Placeholder = (name: string) => never;

const MARK = '\u0000kysely-placeholder:';

/**
 * A binder for the query `build` makes from placeholders. `build` may depend on `shape` (a
 * number: how many rows a multi-row insert has); each shape is compiled once. A value the
 * builder gives as is (not a placeholder) stays in every binding.
 */
export function prepared<V extends Record<string, unknown>>(
	build: (p: Placeholder, shape: number) => CompiledQuery
): (values: V, shape?: number) => CompiledQuery {
	const shapes = new Map<
		number,
		{ query: CompiledQuery; slots: (string | { value: unknown })[] }
	>();
	return (values, shape = 1) => {
		let compiled = shapes.get(shape);
		if (!compiled) {
			const query = build((name) => `${MARK}${name}` as never, shape);
			const slots = query.parameters.map((p) =>
				typeof p === 'string' && p.startsWith(MARK) ? p.slice(MARK.length) : { value: p }
			);
			compiled = { query, slots };
			shapes.set(shape, compiled);
		}
		const parameters = compiled.slots.map((slot) => {
			if (typeof slot !== 'string') return slot.value;
			if (!(slot in values)) throw new Error(`no value for ${slot}`);
			return values[slot];
		});
		return { ...compiled.query, parameters };
	};
}

/**
 * A prepared multi-row `INSERT INTO table (columns) VALUES …`, bound to rows (objects with those
 * columns): compiled once per number of rows.
 */
export function preparedInsert<T extends keyof Database & string>(
	db: Kysely<Database>,
	table: T,
	columns: readonly (keyof Database[T] & string)[]
): (rows: readonly Record<string, unknown>[]) => CompiledQuery {
	const bind = prepared<Record<string, unknown>>((p, n) =>
		db
			.insertInto(table)
			.values(
				Array.from({ length: n }, (_, i) =>
					Object.fromEntries(columns.map((c) => [c, p(`${c}:${i}`)]))
				) as never
			)
			.compile()
	);
	return (rows) => {
		const values: Record<string, unknown> = {};
		rows.forEach((row, i) => {
			for (const c of columns) values[`${c}:${i}`] = row[c];
		});
		return bind(values, rows.length);
	};
}
