/**
 * The schema's migrations (issue 19), run on first start by Kysely's `Migrator` (which records
 * them in `kysely_migration` and, on PostgreSQL, takes a lock so two instances starting at once
 * migrate once). Written with Kysely's schema builder: one text for both databases. The first
 * is the schema of issue 4 (`IF NOT EXISTS`: a database file from before issue 19 keeps its
 * data). A feature adds a migration at the end, named in order; never edit one that shipped.
 */
import { sql, type Kysely, type Migration, Migrator } from 'kysely';
import { StorageError } from './types';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the schema as it was then */
type AnyDb = Kysely<any>;

/** The migrations, by name (run in name order). */
export const MIGRATIONS: Record<string, Migration> = {
	'0001-class-sessions': {
		async up(db: AnyDb) {
			await db.schema
				.createTable('sessions')
				.ifNotExists()
				.addColumn('code', 'text', (c) => c.primaryKey())
				.addColumn('teacher_hash', 'text', (c) => c.notNull())
				.addColumn('config', 'text', (c) => c.notNull())
				.addColumn('questions', 'text', (c) => c.notNull())
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('updated_at', 'bigint', (c) => c.notNull())
				.addColumn('phase', 'text', (c) => c.notNull())
				.addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
				.execute();
			await db.schema
				.createIndex('sessions_idle')
				.ifNotExists()
				.on('sessions')
				.columns(['phase', 'updated_at'])
				.execute();
			await db.schema
				.createTable('students')
				.ifNotExists()
				.addColumn('id', 'text', (c) => c.primaryKey())
				.addColumn('session_code', 'text', (c) =>
					c.notNull().references('sessions.code').onDelete('cascade')
				)
				.addColumn('token_hash', 'text', (c) => c.notNull().unique())
				.addColumn('name', 'text', (c) => c.notNull())
				.addColumn('name_key', 'text', (c) => c.notNull())
				.addColumn('joined_at', 'bigint', (c) => c.notNull())
				.addColumn('removed_at', 'bigint')
				.execute();
			await db.schema
				.createIndex('students_name')
				.ifNotExists()
				.unique()
				.on('students')
				.columns(['session_code', 'name_key'])
				.where(sql.ref('removed_at'), 'is', null)
				.execute();
			await db.schema
				.createTable('answers')
				.ifNotExists()
				.addColumn('session_code', 'text', (c) =>
					c.notNull().references('sessions.code').onDelete('cascade')
				)
				.addColumn('question', 'integer', (c) => c.notNull())
				.addColumn('student_id', 'text', (c) =>
					c.notNull().references('students.id').onDelete('cascade')
				)
				.addColumn('pays', 'text', (c) => c.notNull())
				.addColumn('total', 'bigint', (c) => c.notNull())
				.addColumn('at', 'bigint', (c) => c.notNull())
				.addColumn('correct', 'integer', (c) => c.notNull())
				.addColumn('wrong', 'text', (c) => c.notNull())
				.addColumn('misconceptions', 'text', (c) => c.notNull())
				.addPrimaryKeyConstraint('answers_pk', ['session_code', 'question', 'student_id'])
				.execute();
			await db.schema
				.createTable('events')
				.ifNotExists()
				.addColumn('session_code', 'text', (c) =>
					c.notNull().references('sessions.code').onDelete('cascade')
				)
				.addColumn('seq', 'bigint', (c) => c.notNull())
				.addColumn('type', 'text', (c) => c.notNull())
				.addColumn('data', 'text', (c) => c.notNull())
				.addColumn('at', 'bigint', (c) => c.notNull())
				.addPrimaryKeyConstraint('events_pk', ['session_code', 'seq'])
				.execute();
		}
	},
	'0002-several-instances': {
		async up(db: AnyDb) {
			await db.schema.alterTable('events').addColumn('facts', 'text').execute();
			await db.schema
				.createTable('rate_buckets')
				.addColumn('key', 'text', (c) => c.primaryKey())
				.addColumn('tokens', 'double precision', (c) => c.notNull())
				.addColumn('at', 'bigint', (c) => c.notNull())
				.execute();
			await db.schema
				.createTable('stream_keys')
				.addColumn('key', 'text', (c) => c.primaryKey())
				.execute();
			await db.schema
				.createTable('stream_leases')
				.addColumn('key', 'text', (c) => c.notNull())
				.addColumn('id', 'text', (c) => c.notNull())
				.addColumn('instance', 'text', (c) => c.notNull())
				.addColumn('expires_at', 'bigint', (c) => c.notNull())
				.addPrimaryKeyConstraint('stream_leases_pk', ['key', 'id'])
				.execute();
			await db.schema
				.createIndex('stream_leases_instance')
				.on('stream_leases')
				.column('instance')
				.execute();
		}
	},
	'0003-homework': {
		async up(db: AnyDb) {
			await db.schema
				.createTable('assignments')
				.addColumn('code', 'text', (c) => c.primaryKey())
				.addColumn('teacher_hash', 'text', (c) => c.notNull())
				.addColumn('config', 'text', (c) => c.notNull())
				.addColumn('questions', 'text', (c) => c.notNull())
				.addColumn('due_at', 'bigint', (c) => c.notNull())
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.execute();
			await db.schema
				.createTable('homework_students')
				.addColumn('id', 'text', (c) => c.primaryKey())
				.addColumn('assignment_code', 'text', (c) =>
					c.notNull().references('assignments.code').onDelete('cascade')
				)
				.addColumn('token_hash', 'text', (c) => c.notNull().unique())
				.addColumn('name', 'text', (c) => c.notNull())
				.addColumn('name_key', 'text', (c) => c.notNull())
				.addColumn('joined_at', 'bigint', (c) => c.notNull())
				.execute();
			await db.schema
				.createIndex('homework_students_name')
				.unique()
				.on('homework_students')
				.columns(['assignment_code', 'name_key'])
				.execute();
			await db.schema
				.createTable('homework_answers')
				.addColumn('assignment_code', 'text', (c) =>
					c.notNull().references('assignments.code').onDelete('cascade')
				)
				.addColumn('student_id', 'text', (c) =>
					c.notNull().references('homework_students.id').onDelete('cascade')
				)
				.addColumn('question', 'integer', (c) => c.notNull())
				.addColumn('pays', 'text', (c) => c.notNull())
				.addColumn('total', 'bigint', (c) => c.notNull())
				.addColumn('answered_at', 'bigint', (c) => c.notNull())
				.addColumn('received_at', 'bigint', (c) => c.notNull())
				.addColumn('late', 'integer', (c) => c.notNull())
				.addPrimaryKeyConstraint('homework_answers_pk', [
					'assignment_code',
					'student_id',
					'question'
				])
				.execute();
		}
	}
};

/**
 * Runs the migrations not yet run; throws `StorageError` naming the one that failed. `schema`
 * (PostgreSQL) is where the migrator's own tables are, and the only schema it looks in.
 */
export async function migrate(db: AnyDb, schema?: string): Promise<void> {
	const migrator = new Migrator({
		db,
		provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
		...(schema ? { migrationTableSchema: schema } : {})
	});
	const { error, results } = await migrator.migrateToLatest();
	if (error) {
		const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'a migration';
		const why = error instanceof Error ? error.message : String(error);
		throw new StorageError(`The database could not be migrated (${failed}): ${why}`, {
			cause: error
		});
	}
}
